#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Writes a file whole or not at all, through `FileOperations` (so crash and fault tests see
/// every step): the bytes go to `temporary` (created exclusively, 0600), are synced
/// (`F_FULLFSYNC` on Apple platforms), renamed over `path`, and the folder is synced. A crash
/// leaves the old file or the new one, never part of one. Checkpoints and `replay-tool`'s
/// reports are written so.
package enum AtomicFile {
    /// Writes `bytes` to `path` as the type says; `what` names the file in errors ("a
    /// checkpoint").
    ///
    /// - Throws: `EventLogFileError` naming the step that failed; the temporary file is then
    ///   removed and `path` left as it was (except when only the folder's sync failed: then
    ///   the new file is in place but may not survive a crash, as the error says).
    package static func write(
        _ bytes: [UInt8], to path: String, temporary: String, what: String, operations: any FileOperations = SystemFileOperations()
    ) throws(EventLogFileError) {
        func failure(_ error: Int32, _ action: String, _ at: String = temporary) -> EventLogFileError {
            .system(error, action: action, consequence: "no \(what) was written", path: at)
        }
        let descriptor: Int32
        do {
            descriptor = try operations.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        } catch {
            throw failure(error.number, "create \(what)'s file")
        }
        var failed: EventLogFileError?
        do {
            // The umask may have narrowed the mode; set it exactly.
            try operations.changeMode(descriptor, to: 0o600)
            try bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemCallError) in
                    var written = 0
                    while written < buffer.count {
                        written += try operations.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...]))
                    }
                }
            }.get()
            try operations.synchronize(descriptor)
        } catch {
            failed = failure(error.number, "write and sync \(what)'s file")
        }
        operations.close(descriptor)
        if failed == nil {
            do {
                try operations.rename(temporary, over: path)
            } catch {
                failed = failure(error.number, "rename the new \(what) into place", path)
            }
        }
        if let failed {
            try? operations.remove(temporary)
            throw failed
        }
        try LogFileDescriptor.synchronizeFolder(
            LogFileDescriptor.parentFolder(of: path), operations: operations, what: "the folder of \(what)",
            consequence: "\(what) was written but may not survive a crash")
    }
}
