import Events

/// What the coach needs of the reminders (docs/rules.md §9): which checklist reminders the
/// person retired, and when (`reminderRetired`, `reminderRestored`), and how they answered
/// each checklist reminder on each real night (`notificationInteracted`: why, done,
/// dismissed); and, for the phrasing test (docs/rules.md §14), when each of the eleven
/// reminders was first engaged with (why or done) on each real night.
///
/// A retirement takes effect from the first night whose wind-down starts after it (the
/// plan's wind-down, bedtime − 4 h): that night and later ones have no pending notification,
/// no `nextNotification` and no haptic for the reminder; its checklist item stays. A
/// restore brings it back the same way.
public struct ReminderHabits: Sendable, Hashable {
    /// One retirement or restore, as folded.
    struct Change: Sendable, Hashable {
        /// Its `at`, in ms since 1970.
        var moment: Int64
        /// Whether it retired the reminder (else it restored it).
        var retired: Bool
    }

    /// The changes of each checklist reminder (by its checklist position), in fold order
    /// (that is, by `at`).
    private var changes: [Int: [Change]] = [:]
    /// The interactions with the checklist reminders on each real night, one record each:
    /// the reminder's checklist position times 4, plus 0 for why, 1 for done, 2 for dismissed.
    private var interactions = NightRecords()
    /// The engagements (why or done) with any of the eleven reminders on each real night, one
    /// record each: the reminder's place in ``ReminderTemplate/all`` in the top 4 bits, then
    /// the engagement's `at`, in whole seconds rounded up, from the night's date at 00:00 UTC
    /// plus ``engagementBias`` (clamped to 38 bits: ±4 years around the night).
    private var engagements = NightRecords()

    /// The bits of an engagement's time, and the bias that keeps it positive.
    private static let engagementTimeBits: UInt64 = 38
    private static let engagementBias: Int64 = 1 << 37

    public init() {}

    /// Whether `template` is retired as of `instant`: its latest change at or before it
    /// retired it.
    public func isRetired(_ template: String, at instant: Instant) -> Bool {
        latestChange(of: template) { $0 <= instant.millisecondsSince1970 }?.retired ?? false
    }

    /// Whether `template`'s reminder is left out of a night whose wind-down starts at
    /// `windDownStart`: its latest change strictly before that instant retired it.
    public func isRetired(_ template: String, forWindDownStartingAt windDownStart: Instant) -> Bool {
        guard let position = ChecklistCompletions.position(ofItem: template) else { return false }
        return isRetired(checklistPosition: position, forWindDownStartingAt: windDownStart)
    }

    /// ``isRetired(_:forWindDownStartingAt:)`` for the reminder at `position` of the
    /// checklist: for a query over many nights, which looks the reminder up once.
    func isRetired(checklistPosition position: Int, forWindDownStartingAt windDownStart: Instant) -> Bool {
        latestChange(at: position) { $0 < windDownStart.millisecondsSince1970 }?.retired ?? false
    }

    private func latestChange(of template: String, where admits: (Int64) -> Bool) -> Change? {
        guard let position = ChecklistCompletions.position(ofItem: template) else { return nil }
        return latestChange(at: position, where: admits)
    }

    private func latestChange(at position: Int, where admits: (Int64) -> Bool) -> Change? {
        changes[position]?.last { admits($0.moment) }
    }

    /// How many times the person asked why, marked done and dismissed `template`'s
    /// notification on `night`.
    public func interactions(with template: String, on night: LocalDate) -> (why: Int, done: Int, dismissed: Int) {
        guard let position = ChecklistCompletions.position(ofItem: template) else { return (0, 0, 0) }
        var counts = (why: 0, done: 0, dismissed: 0)
        for record in interactions.records(on: night) where Int(record >> 2) == position {
            switch record & 3 {
            case 0: counts.why += 1
            case 1: counts.done += 1
            default: counts.dismissed += 1
            }
        }
        return counts
    }

    /// Whether the person engaged with (asked why about, or marked done) the reminder at
    /// `templateIndex` in ``ReminderTemplate/all`` on `night` at or before `instant`
    /// (docs/rules.md §14); an engagement logged later does not count yet.
    package func engaged(templateIndex: Int, on night: LocalDate, atOrBefore instant: Instant) -> Bool {
        let limit = instant.millisecondsSince1970
        let base = Int64(night.daysSince1970) * 86_400
        return engagements.contains(on: night) { record in
            guard Int(record >> Self.engagementTimeBits) == templateIndex else { return false }
            let seconds = Int64(record & ((1 << Self.engagementTimeBits) - 1)) - Self.engagementBias + base
            return seconds * 1000 <= limit
        }
    }

    /// Why retiring (`retiring` true) or restoring `template` at `instant` is refused, or
    /// `nil`: the rule the commands and the fold share.
    package func rejection(retiring: Bool, template: String, at instant: Instant) -> ReminderRejection? {
        guard ChecklistCompletions.position(ofItem: template) != nil else { return .notAChecklistReminder(template) }
        let retired = isRetired(template, at: instant)
        if retiring, retired { return .alreadyRetired(template) }
        if !retiring, !retired { return .notRetired(template) }
        return nil
    }

    /// Folds `reminderRetired`, `reminderRestored` (skipped with a warning when
    /// ``rejection(retiring:template:at:)`` refuses them) and `notificationInteracted` (counted
    /// for a checklist reminder on a real night; others are not the coach's).
    @discardableResult
    package mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) -> FoldOutcome<ReminderRejection> {
        switch event.payload {
        case .reminderRetired(let change), .reminderRestored(let change):
            let retiring: Bool
            if case .reminderRetired = event.payload { retiring = true } else { retiring = false }
            if let rejection = rejection(retiring: retiring, template: change.template, at: event.at) {
                warnings.skipped(seq: event.seq, rule: .reminder, because: "\(event.typeName) \(rejection.warningText)")
                return .skipped(rejection)
            }
            let position = ChecklistCompletions.position(ofItem: change.template) ?? 0
            changes[position, default: []].append(Change(moment: event.at.millisecondsSince1970, retired: retiring))
            return .applied
        case .notificationInteracted(let interaction):
            guard case .date(let night) = interaction.night else { return .ignored }
            if interaction.action != .dismissed, let index = ReminderTemplate.all.firstIndex(where: { $0.id == interaction.template }) {
                recordEngagement(templateIndex: index, on: night, at: event.at)
            }
            guard let position = ChecklistCompletions.position(ofItem: interaction.template) else {
                return .ignored
            }
            let offset: Int
            switch interaction.action {
            case .why: offset = 0
            case .done: offset = 1
            case .dismissed: offset = 2
            }
            interactions.append(UInt64(position) << 2 | UInt64(offset), on: night)
            return .applied
        default:
            return .ignored
        }
    }
}

/// Why retiring or restoring a reminder is refused (docs/rules.md §9): the typed answer of
/// `ReminderHabits.rejection(retiring:template:at:)`, which the fold turns into a warning and
/// `RetireReminder` / `RestoreReminder` into a `CommandError`.
package enum ReminderRejection: Sendable, Hashable {
    /// The template is not one of the nine checklist reminders.
    case notAChecklistReminder(String)
    /// Retiring a reminder already retired.
    case alreadyRetired(String)
    /// Restoring a reminder that is not retired.
    case notRetired(String)

    /// The fold's reason (after the event's type name).
    package var warningText: String {
        switch self {
        case .notAChecklistReminder(let template): return "names '\(template)', which is not one of the nine checklist reminders"
        case .alreadyRetired(let template): return "retires '\(template)', which is already retired"
        case .notRetired(let template): return "restores '\(template)', which is not retired"
        }
    }
}

extension ReminderHabits {
    /// Notes an engagement with the reminder at `templateIndex` on `night` at `at`.
    private mutating func recordEngagement(templateIndex: Int, on night: LocalDate, at: Instant) {
        // Whole seconds rounded up: a fire time is a whole second, so `at` ≤ it exactly when
        // the rounded-up second is.
        let milliseconds = at.millisecondsSince1970
        let seconds = milliseconds / 1000 + (milliseconds % 1000 > 0 ? 1 : 0)
        let offset = seconds - Int64(night.daysSince1970) * 86_400 + Self.engagementBias
        let clamped = UInt64(min(max(offset, 0), (1 << Self.engagementTimeBits) - 1))
        engagements.append(UInt64(templateIndex) << Self.engagementTimeBits | clamped, on: night)
    }
}

// MARK: Checkpoint

extension ReminderHabits: StateCodable {
    package static var placeholder: ReminderHabits { ReminderHabits() }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ReminderHabits.changes", &changes)
        try coder.field("ReminderHabits.interactions", &interactions)
        try coder.field("ReminderHabits.engagements", &engagements)
    }
}

extension ReminderHabits.Change: StateCodable {
    static var placeholder: ReminderHabits.Change { ReminderHabits.Change(moment: 0, retired: false) }

    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ReminderHabits.moment", &moment)
        try coder.field("ReminderHabits.retired", &retired)
    }
}
