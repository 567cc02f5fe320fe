import Events

/// A reminder of one night, with when it fires and the haptic it plays.
public struct ScheduledReminder: Sendable, Hashable {
    /// Its template.
    public var template: ReminderTemplate
    /// When it fires.
    public var fireAt: Instant
    /// Its haptic.
    public var haptic: Haptic
    /// How many times the haptic plays (3 for the wake-up).
    public var repeats: Int

    /// Creates the value from its parts.
    public init(template: ReminderTemplate, fireAt: Instant, haptic: Haptic, repeats: Int) {
        self.template = template
        self.fireAt = fireAt
        self.haptic = haptic
        self.repeats = repeats
    }
}
