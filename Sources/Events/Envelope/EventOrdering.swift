
/// The order projections see events in: by `at` (the moment), then by `seq`
/// (docs/rules.md §8.1), so an event queued offline counts as if it had arrived in time.
public enum EventOrdering {
    /// Whether `left` comes before `right`.
    public static func precedes(_ left: RecordedEvent, _ right: RecordedEvent) -> Bool {
        let leftMoment = left.at.millisecondsSince1970
        let rightMoment = right.at.millisecondsSince1970
        if leftMoment != rightMoment { return leftMoment < rightMoment }
        return left.seq < right.seq
    }

    /// `events` in (`at`, `seq`) order.
    public static func sorted(_ events: [RecordedEvent]) -> [RecordedEvent] {
        events.sorted(by: precedes)
    }
}
