import Events

/// What the person means to do in an evening, each step at its moment (milliseconds since
/// 1970), taken out in time order. Steps added while the evening runs (an exit's confirm
/// after its request) are never earlier than the step being run, so the log's `at` never
/// goes back.
struct EveningAgenda: Sendable {
    /// One thing to do.
    enum Step: Sendable, Hashable {
        /// "Start wind-down now".
        case startWindDownEarly
        /// Mark a checklist item done in the app (or on the watch, or a widget).
        case complete(item: String, source: EventSource)
        /// Answer a reminder notification.
        case interact(template: String, action: NotificationAction, source: EventSource)
        /// Undo a done item.
        case reopen(item: String)
        /// "Log I'm going to bed".
        case wentToBed(source: EventSource)
        /// The `number`-th exit of the evening (0-based): "I need my apps".
        case requestExit(number: Int)
        /// "Never mind" for exit `number`.
        case cancelExit(number: Int)
        /// "Continue anyway" for exit `number`.
        case confirmExit(number: Int)
        /// "I'm back" before exit `number`'s free window runs out.
        case endFreeWindow(number: Int)
    }

    private struct Entry: Sendable {
        var moment: Int64
        var order: Int
        var step: Step
    }

    private var entries: [Entry] = []
    private var added = 0

    /// Adds `step` at `moment`; steps at the same moment keep the order they were added in.
    mutating func add(_ step: Step, at moment: Int64) {
        let entry = Entry(moment: moment, order: added, step: step)
        added += 1
        let position = entries.partitioningIndex { ($0.moment, $0.order) >= (entry.moment, entry.order) }
        entries.insert(entry, at: position)
    }

    /// The earliest step and its moment, removed; `nil` when nothing is left.
    mutating func next() -> (moment: Int64, step: Step)? {
        guard !entries.isEmpty else { return nil }
        let entry = entries.removeFirst()
        return (entry.moment, entry.step)
    }
}
