import Events

/// A notification for a front end to hand to the system (docs/rules.md §2.5): soonest first,
/// over the next 7 nights, at most 64. No snooze action exists anywhere.
public struct PendingNotification: Sendable, Hashable {
    /// What kind of notification.
    public enum Kind: Sendable, Hashable {
        /// One of the eleven reminders.
        case reminder(ReminderTemplate)
        /// A warning before a tier blocks.
        case blockWarning(tier: AppTier, minutesBeforeActivation: Int)
        /// The free window ends in 2 minutes.
        case freeWindowEnding
    }

    /// The notification categories and their actions.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// Reminders: why, done.
        case winddownReminder = "winddown_reminder"
        /// Pre-block warnings: ok.
        case blockWarning = "block_warning"
        /// The free window is ending: no action.
        case freeWindowEnding = "free_window_ending"

        /// The actions offered (never a snooze).
        public var actions: [String] {
            switch self {
            case .winddownReminder: return ["why", "done"]
            case .blockWarning: return ["ok"]
            case .freeWindowEnding: return []
            }
        }
    }

    /// The night it belongs to.
    public var night: Night
    /// What it is.
    public var kind: Kind
    /// When it fires.
    public var fireAt: Instant
    /// Its haptic.
    public var haptic: Haptic
    /// For a reminder, the phrasing it shows (0, 1 or 2; docs/rules.md §14); `nil` for a
    /// pre-block warning and the free window's end, which have one wording.
    public var variant: Int?

    /// Creates the value from its parts.
    public init(night: Night, kind: Kind, fireAt: Instant, haptic: Haptic, variant: Int? = nil) {
        self.night = night
        self.kind = kind
        self.fireAt = fireAt
        self.haptic = haptic
        self.variant = variant
    }

    /// The template id docs/json-view.md shows: a reminder id, `block_warning` or
    /// `free_window_ending`.
    public var template: String {
        switch kind {
        case .reminder(let template): return template.id
        case .blockWarning: return "block_warning"
        case .freeWindowEnding: return "free_window_ending"
        }
    }

    /// Its category.
    public var category: Category {
        switch kind {
        case .reminder: return .winddownReminder
        case .blockWarning: return .blockWarning
        case .freeWindowEnding: return .freeWindowEnding
        }
    }

    /// Ties go to reminders first, then block warnings, then the free-window ending.
    var tieRank: Int {
        switch kind {
        case .reminder: return 0
        case .blockWarning: return 1
        case .freeWindowEnding: return 2
        }
    }

    /// The order of docs/rules.md §2.5: soonest first; ties by kind.
    static func precedes(_ left: PendingNotification, _ right: PendingNotification) -> Bool {
        let leftMoment = left.fireAt.millisecondsSince1970
        let rightMoment = right.fireAt.millisecondsSince1970
        if leftMoment != rightMoment { return leftMoment < rightMoment }
        return left.tieRank < right.tieRank
    }
}
