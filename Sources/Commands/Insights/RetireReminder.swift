import Events
import Projections

/// Retires a checklist reminder that became a habit (`reminderRetired`, docs/rules.md §9):
/// from the first night whose wind-down starts after now, it has no notification, no
/// `nextNotification` and no haptic; its checklist item stays.
///
/// Refused (`CommandError`) for a template that is not one of the nine checklist reminders
/// (`.unknownChecklistItem`) and for one already retired (`.reminderAlreadyRetired`): the
/// fold skips such an event in a log with a warning (`ReminderHabits`).
public struct RetireReminder: PayloadCommand {
    /// The reminder, as `reminderRetired` carries it.
    public var payload: ReminderChange

    /// Creates the value from its parts.
    public init(template: String) {
        payload = ReminderChange(template: template)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        try ReminderRetirementRule.check(retiring: true, template: payload.template, in: state, at: context.now)
        return [context.event(.reminderRetired(payload))]
    }
}

/// Brings a retired checklist reminder back (`reminderRestored`, docs/rules.md §9), from
/// the first night whose wind-down starts after now.
///
/// Refused for a template that is not one of the nine checklist reminders
/// (`.unknownChecklistItem`) and for one that is not retired (`.reminderNotRetired`).
public struct RestoreReminder: PayloadCommand {
    /// The reminder, as `reminderRestored` carries it.
    public var payload: ReminderChange

    /// Creates the value from its parts.
    public init(template: String) {
        payload = ReminderChange(template: template)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        try ReminderRetirementRule.check(retiring: false, template: payload.template, in: state, at: context.now)
        return [context.event(.reminderRestored(payload))]
    }
}
