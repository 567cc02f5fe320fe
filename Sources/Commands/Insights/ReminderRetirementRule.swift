import Events
import Projections

/// The check `RetireReminder` and `RestoreReminder` share with the fold:
/// `ReminderHabits.rejection(retiring:template:at:)`, worded as a `CommandError`.
enum ReminderRetirementRule {
    static func check(retiring: Bool, template: String, in state: LogState, at now: Instant) throws(CommandError) {
        guard let rejection = state.reminderHabits.rejection(retiring: retiring, template: template, at: now) else { return }
        switch rejection {
        case .notAChecklistReminder:
            throw CommandError(
                rule: .unknownChecklistItem,
                message: "'\(template)' is not one of the nine checklist reminders; they are \(ChecklistRule.itemList)")
        case .alreadyRetired:
            throw CommandError(
                rule: .reminderAlreadyRetired,
                message: "the reminder '\(template)' is already retired; restore it to bring it back")
        case .notRetired:
            throw CommandError(
                rule: .reminderNotRetired,
                message: "the reminder '\(template)' is not retired, so there is nothing to restore")
        }
    }
}
