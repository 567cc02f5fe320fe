import Events

/// Which part of a log a state is "as of" (domain.md §8): the events whose `at` is at or
/// before `instant` (what had happened by then, including events that reached the log
/// later), among the first `untilSeq` lines (what the log knew) when that is set.
public struct ReplayPosition: Sendable, Hashable {
    /// Only events whose `at` is at or before this instant; `nil` for all.
    public var instant: Instant?
    /// Only the first `untilSeq` lines; `nil` for all.
    public var untilSeq: Int?

    /// Creates the value from its parts.
    public init(instant: Instant? = nil, untilSeq: Int? = nil) {
        self.instant = instant
        self.untilSeq = untilSeq
    }

    /// The whole log.
    public static let end = ReplayPosition()

    /// Whether `event` belongs to the state at this position.
    public func includes(_ event: RecordedEvent) -> Bool {
        if let untilSeq, event.seq > untilSeq { return false }
        if let instant, event.at.millisecondsSince1970 > instant.millisecondsSince1970 { return false }
        return true
    }
}
