#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// An error raised while opening, locking, reading or writing an event log file.
///
/// Modeled on swift-nio's `FileSystemError`: a small, extensible ``Code`` says what kind
/// of failure it was (match on it), ``message`` says in plain words what is wrong and
/// what to do, and ``path``, ``line`` and ``systemErrorNumber`` carry the context.
///
/// The message never repeats the path or the line number; ``description`` combines them
/// as `PATH:LINE: message`, `PATH: message` or just `message`. A message never quotes the
/// content of a line (the log holds health data).
public struct EventLogFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Match on it, for example `if error.code == .lockTimeout`.
    public var code: Code

    /// What is wrong and what to do about it, in plain words, without the path or line.
    ///
    /// For example: "another process holds the log's lock (it is appending); nothing was
    /// written — try again".
    public var message: String

    /// The file the error is about, if there is one.
    public var path: String?

    /// The 1-based line number the error is about, if there is one.
    public var line: Int?

    /// The `errno` value reported by the operating system, if a system call failed.
    public var systemErrorNumber: Int32?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What is wrong and what to do, without the path or line number
    ///     (``description`` adds them) and without any of the line's content.
    ///   - path: The file the error is about, if any.
    ///   - line: The 1-based line number the error is about, if any.
    ///   - systemErrorNumber: The `errno` value of a failed system call, if any.
    public init(
        code: Code,
        message: String,
        path: String? = nil,
        line: Int? = nil,
        systemErrorNumber: Int32? = nil
    ) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.systemErrorNumber = systemErrorNumber
    }

    /// The error as one line of text: `PATH:LINE: message`, `PATH: message`,
    /// `line LINE: message` or `message`, depending on which context is known.
    public var description: String {
        switch (path, line) {
        case let (path?, line?):
            return "\(path):\(line): \(message)"
        case let (path?, nil):
            return "\(path): \(message)"
        case let (nil, line?):
            return "line \(line): \(message)"
        case (nil, nil):
            return message
        }
    }
}

extension EventLogFileError {
    /// The kind of an ``EventLogFileError``.
    ///
    /// A struct with static members rather than an enum, so that new kinds can be added
    /// later without breaking code that switches over it (always keep a `default:` case).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case notFound
            case permissionDenied
            case isDirectory
            case lockTimeout
            case ioError
            case lineTooLong
            case invalidLine
            case tornTail
            case sequenceConflict
            case duplicateIdentifier
            case corrupt
            case invalidArgument
        }

        private var kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The file, or a folder on its path, does not exist (this includes a symbolic link
        /// whose target is missing).
        public static var notFound: Code { Code(.notFound) }

        /// The operating system refused access to the file or to a folder on its path.
        public static var permissionDenied: Code { Code(.permissionDenied) }

        /// The path names a directory where a file was expected.
        public static var isDirectory: Code { Code(.isDirectory) }

        /// The log's exclusive lock could not be taken in time: another writer holds it.
        /// Nothing was written.
        public static var lockTimeout: Code { Code(.lockTimeout) }

        /// A read, write, sync or other file operation failed.
        public static var ioError: Code { Code(.ioError) }

        /// A line is longer than the allowed maximum.
        public static var lineTooLong: Code { Code(.lineTooLong) }

        /// A line breaks the log's reading rules (raised by the layer that decodes lines).
        public static var invalidLine: Code { Code(.invalidLine) }

        /// The log ends with damage left by an interrupted append (a last line without its
        /// newline, or an incomplete batch at the end). It must be repaired before appending.
        public static var tornTail: Code { Code(.tornTail) }

        /// An append expected a different next sequence number than the log holds.
        public static var sequenceConflict: Code { Code(.sequenceConflict) }

        /// An event identifier is already in the log with other content, or repeats in a batch.
        public static var duplicateIdentifier: Code { Code(.duplicateIdentifier) }

        /// The log is damaged in a way that is not a torn tail.
        public static var corrupt: Code { Code(.corrupt) }

        /// An argument was out of range (a negative offset, a zero line number, and so on).
        public static var invalidArgument: Code { Code(.invalidArgument) }

        /// The name of the code, for example `notFound`.
        public var description: String {
            switch kind {
            case .notFound: return "notFound"
            case .permissionDenied: return "permissionDenied"
            case .isDirectory: return "isDirectory"
            case .lockTimeout: return "lockTimeout"
            case .ioError: return "ioError"
            case .lineTooLong: return "lineTooLong"
            case .invalidLine: return "invalidLine"
            case .tornTail: return "tornTail"
            case .sequenceConflict: return "sequenceConflict"
            case .duplicateIdentifier: return "duplicateIdentifier"
            case .corrupt: return "corrupt"
            case .invalidArgument: return "invalidArgument"
            }
        }
    }
}

extension EventLogFileError {
    /// Builds an error from a failed system call's `errno`, choosing the code from it.
    ///
    /// - Parameters:
    ///   - errorNumber: The `errno` value.
    ///   - action: What was being done, as a phrase that fits "could not …",
    ///     for example "open the log for appending".
    ///   - consequence: What it means for the caller, appended after the system's
    ///     explanation (for example "nothing was written").
    ///   - path: The file concerned.
    static func system(
        _ errorNumber: Int32,
        action: String,
        consequence: String? = nil,
        path: String?
    ) -> EventLogFileError {
        let code: Code
        let explanation: String
        switch errorNumber {
        case ENOENT:
            code = .notFound
            explanation = "no such file (or a folder on its path, or the target of a symbolic link, is missing)"
        case ENOTDIR:
            code = .notFound
            explanation = "no such file (a part of the path is not a folder)"
        case EACCES, EPERM:
            code = .permissionDenied
            explanation = "permission denied (check the file's and its folders' permissions)"
        case EROFS:
            code = .permissionDenied
            explanation = "the file system is read-only"
        case EISDIR:
            code = .isDirectory
            explanation = "this is a directory, not a log file"
        case EINVAL, ENAMETOOLONG, ELOOP:
            code = .invalidArgument
            explanation = systemExplanation(errorNumber)
        default:
            code = .ioError
            explanation = systemExplanation(errorNumber)
        }
        var message = "could not \(action): \(explanation)"
        if let consequence {
            message += "; \(consequence)"
        }
        return EventLogFileError(
            code: code,
            message: message,
            path: path,
            systemErrorNumber: errorNumber
        )
    }

    /// The operating system's text for an `errno` value, for example "No space left on device".
    static func systemExplanation(_ errorNumber: Int32) -> String {
        guard let text = strerror(errorNumber) else {
            return "system error \(errorNumber)"
        }
        return String(cString: text) + " (errno \(errorNumber))"
    }
}
