
/// The order projections see events in: by `at` (the moment), then by `seq`
/// (docs/rules.md §8.1), so an event queued offline counts as if it had arrived in time. In
/// a log set, events of one moment from several streams go by stream name (its bytes)
/// before `seq` (docs/sync.md); a line of a single file (no stream) goes first.
public enum EventOrdering {
    /// Whether `left` comes before `right`.
    public static func precedes(_ left: RecordedEvent, _ right: RecordedEvent) -> Bool {
        let leftMoment = left.at.millisecondsSince1970
        let rightMoment = right.at.millisecondsSince1970
        if leftMoment != rightMoment { return leftMoment < rightMoment }
        if left.stream != right.stream {
            guard let leftStream = left.stream else { return true }
            guard let rightStream = right.stream else { return false }
            return leftStream.utf8.lexicographicallyPrecedes(rightStream.utf8)
        }
        return left.seq < right.seq
    }

    /// `events` in (`at`, `seq`) order.
    public static func sorted(_ events: [RecordedEvent]) -> [RecordedEvent] {
        events.sorted(by: precedes)
    }
}
