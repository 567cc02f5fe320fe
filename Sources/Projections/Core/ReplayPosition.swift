import Events

/// Which part of a log a state is "as of" (docs/rules.md §8.1): the events whose `at` is at or
/// before `instant` (what had happened by then, including events that reached the log
/// later), among the first `untilSeq` lines (what the log knew) when that is set, less the
/// events `skipped` names (`replay-tool --skip`: what if they had not happened).
public struct ReplayPosition: Sendable, Hashable {
    /// Where an event stands in a log: its `seq`, and its stream in a log set (`nil` in a
    /// log file), as `EventPlace` names it.
    public struct Place: Sendable, Hashable, Comparable {
        public var stream: String?
        public var seq: Int

        public init(stream: String?, seq: Int) {
            self.stream = stream
            self.seq = seq
        }

        /// The place of `event`.
        public init(_ event: RecordedEvent) {
            self.init(stream: event.stream, seq: event.seq)
        }

        /// `seq 12`, or `watch-77b1:12` (`EventPlace`).
        public var name: String { EventPlace.name(seq: seq, stream: stream) }

        /// By stream name (a log file's first), then seq.
        public static func < (left: Place, right: Place) -> Bool {
            if left.stream != right.stream { return (left.stream ?? "").utf8.lexicographicallyPrecedes((right.stream ?? "").utf8) }
            return left.seq < right.seq
        }
    }

    /// Only events whose `at` is at or before this instant; `nil` for all.
    public var instant: Instant?
    /// Only the first `untilSeq` lines; `nil` for all.
    public var untilSeq: Int?
    /// Events left out wherever they stand, as if their lines were not in the log; empty
    /// for none (the usual case, which costs ``includes(_:)`` one test).
    public var skipped: Set<Place>

    /// Creates the value from its parts.
    public init(instant: Instant? = nil, untilSeq: Int? = nil, skipped: Set<Place> = []) {
        self.instant = instant
        self.untilSeq = untilSeq
        self.skipped = skipped
    }

    /// The whole log.
    public static let end = ReplayPosition()

    /// Whether `event` belongs to the state at this position.
    public func includes(_ event: RecordedEvent) -> Bool {
        if let untilSeq, event.seq > untilSeq { return false }
        if let instant, event.at.millisecondsSince1970 > instant.millisecondsSince1970 { return false }
        if !skipped.isEmpty, skips(event) { return false }
        return true
    }

    /// Whether `skipped` names `event`.
    public func skips(_ event: RecordedEvent) -> Bool {
        skipped.contains(Place(event))
    }
}
