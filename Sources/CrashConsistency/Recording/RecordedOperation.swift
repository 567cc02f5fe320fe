/// One operation a workload made on files, as `RecordingFileOperations` saw it: what the
/// crash states are built from (`CrashStates`).
package enum RecordedOperation: Sendable, Hashable {
    /// A file created (an `open` with `O_CREAT` that made it): empty, its name not yet durable.
    case createFile(path: String)
    /// Bytes written at an offset (a file's end for an `O_APPEND` descriptor).
    case write(path: String, offset: Int64, bytes: [UInt8])
    /// A file's contents made durable (`fsync`).
    case synchronizeFile(path: String)
    /// A folder's entries made durable (`fsync` of the folder): the names created, renamed
    /// or removed in it, and the folders made in it.
    case synchronizeFolder(path: String)
    /// A file cut to a length.
    case truncate(path: String, length: Int64)
    /// A folder made.
    case makeFolder(path: String)
    /// A file renamed over another name.
    case rename(from: String, to: String)
    /// A name removed.
    case remove(path: String)
    /// The workload's mark: an append (or another step) returned to its caller, so what it
    /// acknowledged must survive every later crash: the file at `path` must start with
    /// `prefix`.
    case acknowledged(path: String, prefix: [UInt8], label: String)

    /// Whether a crash can fall before this operation and after the previous one (a mark
    /// changes no file).
    var isFileOperation: Bool {
        if case .acknowledged = self { return false }
        return true
    }
}
