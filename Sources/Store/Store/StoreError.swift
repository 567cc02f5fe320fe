import Commands
import EventLogFile

/// Why the store could not do what was asked.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The command broke a rule; nothing was appended.
    case rejected(CommandError)
    /// The log could not be read or written (`.lockTimeout` and `.sequenceConflict` are worth a retry).
    case log(EventLogFileError)
    /// The store is out of date and re-reading the log failed again: nothing was decided or
    /// appended. Make the log readable, then send again or call `MoreSleepStore.reload()`.
    case outOfDate(StoreStaleness)

    /// The error in a sentence, with what to do.
    public var description: String {
        switch self {
        case .rejected(let error): return error.description
        case .log(let error): return error.description
        case .outOfDate(let staleness):
            let events = staleness.unfoldedEventCount == 1 ? "1 recorded event is" : "\(staleness.unfoldedEventCount) recorded events are"
            return "the store is out of date (\(events) not folded in yet) and re-reading the log failed again: "
                + "\(staleness.error.description); nothing was sent — make the log readable, then send again or reload the store"
        }
    }
}
