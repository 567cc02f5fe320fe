import Events

/// One change to a night's plan, and the event that caused it (docs/rules.md §1.4: every
/// change is a revision, so "why did night X change?" has an answer).
///
/// A night lists the revisions of its own week and at most one from before it: the latest
/// from before that set the bedtime, standing for the plan as it stood before that week
/// (`standsForEarlierPlan`; docs/rules.md §1.4, the revision horizon).
public struct PlanRevision: Sendable, Hashable {
    /// The plan's values after the change.
    public var values: NightPlanValues
    /// The values before, or `nil` when this revision created the plan.
    public var previous: NightPlanValues?
    /// The event that caused the change.
    public var cause: EventReference
    /// The cause's own night: the noon-to-noon night holding its `at`, in its `tz`.
    public var causeNight: LocalDate
    /// Whether this revision came before the night's week (its cause's night is more than 7
    /// nights before the night) and stands, first in the list, for the plan as it stood then:
    /// of the revisions from before the week, the latest that set the bedtime.
    public internal(set) var standsForEarlierPlan = false
    /// When `standsForEarlierPlan`: how many other revisions from before the night's week
    /// are not listed (earlier ones, and later changes of zone or sleep need alone).
    public internal(set) var earlierRevisionsNotListed = 0

    /// Creates the value from its parts.
    public init(values: NightPlanValues, previous: NightPlanValues?, cause: EventReference, causeNight: LocalDate) {
        self.values = values
        self.previous = previous
        self.cause = cause
        self.causeNight = causeNight
    }

    /// Whether this revision set the night's bedtime: it created the plan, or changed its
    /// bedtime (a change of zone or sleep need alone does not).
    public var setsBedtime: Bool {
        previous.map { $0.bedtime != values.bedtime } ?? true
    }

    /// What changed, in words: "created", "bedtime 23:45 → 23:00", "zone Europe/Berlin →
    /// America/Chicago", "sleep need 480 → 450 min".
    public var changeDescription: String {
        guard let previous else {
            return "created: bedtime \(values.bedtime.text) in \(values.timeZone), sleep need \(values.sleepNeedMinutes) min"
        }
        var parts: [String] = []
        if previous.bedtime != values.bedtime { parts.append("bedtime \(previous.bedtime.text) → \(values.bedtime.text)") }
        if previous.timeZone != values.timeZone { parts.append("zone \(previous.timeZone) → \(values.timeZone)") }
        if previous.sleepNeedMinutes != values.sleepNeedMinutes {
            parts.append("sleep need \(previous.sleepNeedMinutes) → \(values.sleepNeedMinutes) min")
        }
        return parts.joined(separator: ", ")
    }
}

/// The values that make a night's plan: a change to any of them is a revision.
public struct NightPlanValues: Sendable, Hashable {
    /// The planned bedtime, as a time of day (kept as planned even inside a DST gap).
    public var bedtime: TimeOfDay
    /// The IANA zone the night is planned in.
    public var timeZone: String
    /// Minutes of sleep needed (wake time = bedtime + this).
    public var sleepNeedMinutes: Int

    /// Creates the value from its parts.
    public init(bedtime: TimeOfDay, timeZone: String, sleepNeedMinutes: Int) {
        self.bedtime = bedtime
        self.timeZone = timeZone
        self.sleepNeedMinutes = sleepNeedMinutes
    }
}
