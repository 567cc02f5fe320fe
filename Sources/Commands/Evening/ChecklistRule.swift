import Events
import Projections

/// The checks shared by the checklist commands and reminder interactions.
enum ChecklistRule {
    /// The nine checklist item ids, in order, for messages.
    static var itemList: String {
        ReminderTemplate.checklist.map(\.id).joined(separator: ", ")
    }

    /// The eleven reminder template ids, in order, for messages.
    static var reminderList: String {
        ReminderTemplate.all.map(\.id).joined(separator: ", ")
    }

    /// Checks that `item` is one of the nine checklist items, by the checklist fold's own
    /// item rule (`ChecklistCompletions.position(ofItem:)`).
    static func checkItem(_ item: String) throws(CommandError) {
        guard ChecklistCompletions.position(ofItem: item) != nil else {
            throw CommandError(
                rule: .unknownChecklistItem,
                message: "'\(item)' is not a checklist item; the checklist items are \(itemList)"
            )
        }
    }

    /// The checks of `CompleteChecklistItem` and `ReopenChecklistItem`, in their order: the
    /// night (`NightRule.checkEveningNight`), then the item; answers whether `item` is done on
    /// `night` as the log stands (each command then appends only a change).
    static func checkChange(_ night: Night, item: String, in state: LogState, at now: Instant) throws(CommandError) -> Bool {
        try NightRule.checkEveningNight(night, in: state, at: now)
        try checkItem(item)
        return state.checklists.done(on: night).contains(item)
    }
}
