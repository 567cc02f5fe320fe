
/// The order projections see events in: by `at` (the moment), then by `seq`
/// (docs/rules.md §8.1), so an event queued offline counts as if it had arrived in time. In
/// a log set, events of one moment from several streams go by stream name (its bytes)
/// before `seq` (docs/sync.md); a line of a single file (no stream) goes first.
public enum EventOrdering {
    /// Whether `left` comes before `right`.
    public static func precedes(_ left: RecordedEvent, _ right: RecordedEvent) -> Bool {
        precedes(
            left.at.millisecondsSince1970, left.stream, left.seq,
            right.at.millisecondsSince1970, right.stream, right.seq)
    }

    /// Whether the event at (`leftMoment`, `leftStream`, `leftSeq`) comes before the one at
    /// (`rightMoment`, `rightStream`, `rightSeq`): the one comparison ``precedes(_:_:)`` and
    /// ``Key`` share.
    static func precedes(
        _ leftMoment: Int64, _ leftStream: String?, _ leftSeq: Int,
        _ rightMoment: Int64, _ rightStream: String?, _ rightSeq: Int
    ) -> Bool {
        if leftMoment != rightMoment { return leftMoment < rightMoment }
        if leftStream != rightStream {
            guard let leftStream else { return true }
            guard let rightStream else { return false }
            return leftStream.utf8.lexicographicallyPrecedes(rightStream.utf8)
        }
        return leftSeq < rightSeq
    }

    /// Where an event falls in this order, kept apart from the event (a store remembers the
    /// last one it folded; a log set's checkpoint states it).
    public struct Key: Sendable, Hashable, Comparable {
        /// The event's `at`, in milliseconds since 1970.
        public var moment: Int64
        /// The stream it was read from (`nil` in a single file).
        public var stream: String?
        /// Its seq in that stream.
        public var seq: Int

        /// The key of the event at `moment` (ms since 1970), line `seq` of `stream`.
        public init(moment: Int64, stream: String?, seq: Int) {
            self.moment = moment
            self.stream = stream
            self.seq = seq
        }

        /// The key of `event`.
        public init(_ event: RecordedEvent) {
            self.init(moment: event.at.millisecondsSince1970, stream: event.stream, seq: event.seq)
        }

        public static func < (left: Key, right: Key) -> Bool {
            EventOrdering.precedes(left.moment, left.stream, left.seq, right.moment, right.stream, right.seq)
        }
    }

    /// `events` in (`at`, `seq`) order.
    public static func sorted(_ events: [RecordedEvent]) -> [RecordedEvent] {
        events.sorted(by: precedes)
    }
}
