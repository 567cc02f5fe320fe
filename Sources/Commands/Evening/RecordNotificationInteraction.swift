import Events
import Projections

/// Records what the person did with a reminder notification (`notificationInteracted`):
/// opened its science (`why`), marked it done (`done`) or dismissed it (`dismissed`).
///
/// `template` is one of the eleven reminders (`ReminderTemplate.template(id:)`), else
/// rejected (`.unknownReminder`, listing the valid ids). The night is a real night within 2
/// days that has a plan (`.nightOutOfRange`, `.nightNotPlanned`: reminders fire only for
/// planned nights), or the demo night once one has started (`.noDemoNight`).
///
/// `done` on a checklist reminder whose item is not yet done appends
/// `notificationInteracted` and then `checklistItemCompleted`, caused by the first
/// (docs/rules.md §2.2: projections never infer one from the other). `done` when the item is
/// already done, and `done` on `bedtime` or `sunlight` (reminders that are not checklist
/// items), append the interaction alone: it is recorded engagement, with nothing to
/// complete. `why` and `dismissed` always append the interaction alone, even repeated.
public struct RecordNotificationInteraction: PayloadCommand {
    /// The interaction (night, reminder template id, action), as `notificationInteracted`
    /// carries it.
    public var payload: NotificationInteracted

    /// Creates the value from its parts.
    public init(night: Night, template: String, action: NotificationAction) {
        payload = NotificationInteracted(night: night, template: template, action: action)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let (night, template, action) = (payload.night, payload.template, payload.action)
        try NightRule.checkEveningNight(night, in: state, at: context.now)
        guard let reminder = ReminderTemplate.template(id: template) else {
            throw CommandError(
                rule: .unknownReminder,
                message: "'\(template)' is not a reminder; the reminders are \(ChecklistRule.reminderList)"
            )
        }
        let interaction = context.event(.notificationInteracted(payload))
        guard action == .done, reminder.isChecklistItem, !state.checklists.done(on: night).contains(template) else {
            return [interaction]
        }
        let completion = context.event(.checklistItemCompleted(ChecklistItemChange(night: night, item: template)), causedBy: interaction)
        return [interaction, completion]
    }
}
