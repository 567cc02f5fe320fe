import Foundation

/// Writes a report file whole or not at all: the text goes to a new file beside the target
/// (mode 0600: a report holds health data), is flushed to disk, then renamed over the
/// target, so a crash leaves the old file or the new one, never half of one.
enum ReportFile {
    /// Why a report could not be written.
    struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file asked for.
        var path: String
        /// What failed, from the system.
        var reason: String

        var description: String {
            "cannot write the report to \(path): \(reason); nothing was written"
        }
    }

    /// Checks, before anything is written, that a report can be written at `path`: its
    /// folder exists, is a folder and can be written to, and `path` is not a folder.
    static func checkDestination(_ path: String) throws(WriteError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw WriteError(path: path, reason: "the folder \(directory) does not exist")
        }
        guard isDirectory.boolValue else {
            throw WriteError(path: path, reason: "\(directory) is not a folder")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw WriteError(path: path, reason: "the folder \(directory) cannot be written to (\(String(cString: strerror(errno))))")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: path, reason: "it is a folder")
        }
    }

    /// Writes `text` to `path` atomically with mode 0600.
    static func write(_ text: String, to path: String) throws(WriteError) {
        try checkDestination(path)
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent().path
        let temporary = directory + "/." + target.lastPathComponent + ".\(getpid()).partial"
        unlink(temporary)  // a leftover of a crashed run of this same process id
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var failure: String?
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            failure = "\(error.localizedDescription)"
        }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    /// Whether `path` names the same file as `other` (so a report never overwrites its log).
    static func isSameFile(_ path: String, as other: String) -> Bool {
        var left = stat()
        var right = stat()
        guard stat(path, &left) == 0, stat(other, &right) == 0 else { return false }
        return left.st_dev == right.st_dev && left.st_ino == right.st_ino
    }
}
