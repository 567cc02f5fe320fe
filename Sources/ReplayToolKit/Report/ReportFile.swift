import EventLogFile
import Foundation

/// Writes a report file whole or not at all (mode 0600: a report holds health data), as
/// checkpoints are written (`AtomicFile`).
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

    /// Writes `text` to `path` atomically with mode 0600 (`AtomicFile`).
    static func write(_ text: String, to path: String) throws(WriteError) {
        try checkDestination(path)
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().path + "/." + target.lastPathComponent + ".\(getpid()).partial"
        unlink(temporary)  // a leftover of a crashed run of this same process id
        do {
            try AtomicFile.write(Array(text.utf8), to: path, temporary: temporary, what: "the report")
        } catch {
            throw WriteError(path: path, reason: error.message)
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
