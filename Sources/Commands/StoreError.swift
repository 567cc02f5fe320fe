import EventLogFile

/// Why the store could not do what was asked.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The command broke a rule; nothing was appended.
    case rejected(CommandError)
    /// The log could not be read or written (see the error's code; `.lockTimeout` and
    /// `.sequenceConflict` are worth a retry).
    case log(EventLogFileError)

    public var description: String {
        switch self {
        case .rejected(let error): return error.description
        case .log(let error): return error.description
        }
    }
}
