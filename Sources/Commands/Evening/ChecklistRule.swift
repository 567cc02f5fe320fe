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

    /// Checks that `item` is one of the nine checklist items.
    static func checkItem(_ item: String) throws(CommandError) {
        guard ReminderTemplate.checklist.contains(where: { $0.id == item }) else {
            throw CommandError(
                rule: .unknownChecklistItem,
                message: "'\(item)' is not a checklist item; the checklist items are \(itemList)"
            )
        }
    }
}
