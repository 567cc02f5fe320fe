import EventLogFile

/// `replay-tool`'s exit codes (docs/json-view.md §4), after the BSD sysexits.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// A check found problems.
    case checkFailed = 1
    /// Wrong usage; the message says the right usage.
    case usage = 64
    /// The log or input is invalid; the message names file and line.
    case dataError = 65
    /// An input file is missing or unreadable.
    case noInput = 66
    /// An I/O error while writing.
    case ioError = 74
    /// Try again: the lock was not had in time, or the log moved past the expected seq.
    case temporaryFailure = 75

    /// The exit code for a log error.
    public init(_ error: EventLogFileError) {
        switch error.code {
        case .notFound, .isDirectory, .permissionDenied: self = .noInput
        case .lockTimeout, .sequenceConflict: self = .temporaryFailure
        case .ioError: self = .ioError
        case .invalidArgument: self = .usage
        default: self = .dataError
        }
    }
}
