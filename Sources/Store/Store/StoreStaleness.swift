import Commands
import EventLogFile

/// Why a store's state is behind its log: events it appended or received could not be
/// folded in order, because re-reading the log failed. Until a re-read succeeds the state is
/// the last correct fold and every snapshot carries this value; `MoreSleepStore.reload()`
/// retries; `send` retries first, and refuses with `StoreError.outOfDate` if that fails.
public struct StoreStaleness: Sendable, Hashable, CustomStringConvertible {
    /// The seqs of the events not folded in yet (the log holds them).
    public var unfoldedSeqs: ClosedRange<Int>
    /// How many events are not folded in yet.
    public var unfoldedEventCount: Int
    /// Why the latest re-read of the log failed.
    public var error: EventLogFileError

    /// Creates the value from its parts.
    public init(unfoldedSeqs: ClosedRange<Int>, unfoldedEventCount: Int, error: EventLogFileError) {
        self.unfoldedSeqs = unfoldedSeqs
        self.unfoldedEventCount = unfoldedEventCount
        self.error = error
    }

    /// A sentence a front end can show: what is missing, why, and what to do.
    public var warning: String {
        let events = unfoldedEventCount == 1 ? "1 event" : "\(unfoldedEventCount) events"
        let seqs = unfoldedSeqs.count == 1 ? "seq \(unfoldedSeqs.lowerBound)" : "seq \(unfoldedSeqs.lowerBound)–\(unfoldedSeqs.upperBound)"
        return "out of date: \(events) recorded (\(seqs)) \(unfoldedEventCount == 1 ? "is" : "are") not shown yet: "
            + "\(unfoldedEventCount == 1 ? "it is" : "they are") dated before events already shown, and the log could not be re-read "
            + "to fold \(unfoldedEventCount == 1 ? "it" : "them") in order (\(error.description)); what is shown is the state before "
            + "\(unfoldedEventCount == 1 ? "it" : "them"). Reload the store once the log can be read"
    }

    /// The warning.
    public var description: String { warning }

    /// This value with `count` more unfolded events, `seqs`, and the latest error.
    func adding(seqs: ClosedRange<Int>, count: Int, error: EventLogFileError) -> StoreStaleness {
        StoreStaleness(
            unfoldedSeqs: min(unfoldedSeqs.lowerBound, seqs.lowerBound)...max(unfoldedSeqs.upperBound, seqs.upperBound),
            unfoldedEventCount: unfoldedEventCount + count,
            error: error
        )
    }
}
