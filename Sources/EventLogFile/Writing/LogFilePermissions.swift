#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The privacy guard of the log file (docs/log-format.md §1: the file holds health data, so it is
/// created with mode 0600).
///
/// `FileEventLog` creates a log 0600, and every command that writes a log (an append, a
/// repair) refuses one whose mode lets its group or others write to it
/// (`mode & 0o022 != 0`): anyone who can write the file can forge or destroy a person's
/// health history, so the tool says so and changes nothing until the owner tightens the
/// mode. Reading such a log is not refused.
///
/// The check runs under the file's exclusive lock, just before anything is read or
/// written; so a mode changed after the log was opened (a long-lived app process, a
/// `chmod` between two appends) is still caught. It reads `st_mode` only: it does not
/// depend on who runs the tool (root included) or on the umask.
enum LogFilePermissions {
    /// What was refused: the verb for "then … again" and what it means.
    enum Write: Sendable {
        /// An append (nothing was written).
        case append
        /// A repair (nothing was changed).
        case repair

        var again: String {
            switch self {
            case .append: return "append again"
            case .repair: return "repair again"
            }
        }

        var consequence: String {
            switch self {
            case .append: return "nothing was written"
            case .repair: return "nothing was changed"
            }
        }
    }

    /// The mode bits that let the group or others write.
    static let groupOrOthersWritable: UInt32 = 0o022

    /// Throws `.permissionDenied` when the file at `path` can be written by its group or by
    /// others; does nothing when it cannot (or when it cannot be examined: the write that
    /// follows reports that failure itself).
    static func refuseUnsafe(path: String, for write: Write = .append) throws(EventLogFileError) {
        var information = stat()
        guard stat(path, &information) == 0 else { return }
        let mode = UInt32(information.st_mode) & 0o7777
        guard mode & groupOrOthersWritable != 0 else { return }
        throw unsafe(mode: mode, path: path, for: write)
    }

    /// The error for a log of `mode` at `path`: what is wrong, why it matters, what to do.
    static func unsafe(mode: UInt32, path: String, for write: Write = .append) -> EventLogFileError {
        EventLogFileError(
            code: .permissionDenied,
            message: "the log is writable by \(writers(mode)) (mode \(octal(mode))); it holds health data — chmod 600 \(path), then \(write.again); \(write.consequence)",
            path: path
        )
    }

    /// "others", "its group" or "its group and others".
    static func writers(_ mode: UInt32) -> String {
        switch (mode & 0o020 != 0, mode & 0o002 != 0) {
        case (true, true): return "its group and others"
        case (true, false): return "its group"
        default: return "others"
        }
    }

    /// The permission bits as four octal digits, e.g. `0666`.
    static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
