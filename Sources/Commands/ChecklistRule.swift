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
}
