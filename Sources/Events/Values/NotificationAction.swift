/// What the person did with a reminder notification. There is no snooze.
public enum NotificationAction: String, Sendable, Hashable, CaseIterable {
    /// Opened the science behind the reminder.
    case why
    /// Marked the step done (also completes its checklist item, by a follow-up event).
    case done
    /// Dismissed the notification.
    case dismissed
}
