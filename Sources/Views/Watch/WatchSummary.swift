import Events
import Projections

/// What a watch companion and its complications show, as one Codable value: tonight's
/// bedtime and wind-down, night X of Y of the goal, sleep debt, the next checklist items,
/// whether blocking is on, and the exit state.
public struct WatchSummary: Codable, Sendable, Hashable {
    /// The night shown (`YYYY-MM-DD` or `demo`), `nil` when nothing is planned.
    public var night: String?
    /// Its bedtime, `HH:mm`.
    public var bedtime: String?
    /// Its bedtime instant, RFC 3339.
    public var bedtimeAt: String?
    /// Its wind-down start, RFC 3339.
    public var windDownStart: String?
    /// Which night of the goal's ramp this is (1-based), capped at `nightCount` once the
    /// target is reached.
    public var nightNumber: Int?
    /// The goal's number of nights.
    public var nightCount: Int?
    /// Sleep debt over the last 7 nights, in whole minutes (rounded half up); 0 until sleep
    /// data exists.
    public var sleepDebtMinutes: Int
    /// The next checklist items not yet done, in order (at most 3).
    public var nextChecklistItems: [String]
    /// Whether any app is blocked now.
    public var blockingActive: Bool
    /// The exit state: `waiting`, `freeWindow` or `none`.
    public var exitState: String
    /// Seconds left of the wait or free window (rounded up), `nil` with no exit.
    public var exitSecondsRemaining: Int?

    /// Creates the value from its parts.
    public init(night: String?, bedtime: String?, bedtimeAt: String?, windDownStart: String?, nightNumber: Int?, nightCount: Int?, sleepDebtMinutes: Int, nextChecklistItems: [String], blockingActive: Bool, exitState: String, exitSecondsRemaining: Int? = nil) {
        self.night = night
        self.bedtime = bedtime
        self.bedtimeAt = bedtimeAt
        self.windDownStart = windDownStart
        self.nightNumber = nightNumber
        self.nightCount = nightCount
        self.sleepDebtMinutes = sleepDebtMinutes
        self.nextChecklistItems = nextChecklistItems
        self.blockingActive = blockingActive
        self.exitState = exitState
        self.exitSecondsRemaining = exitSecondsRemaining
    }
}

extension LogState {
    /// How many nights ahead ``bedtimePlan(at:)`` looks for a planned night.
    public static let bedtimeLookaheadNights = 7

    /// The plan of the coming night at `now`, the night a glance (the watch, a widget)
    /// shows: the first planned real night, from the night holding `now` on (at most
    /// ``bedtimeLookaheadNights`` ahead), whose wake time is still to come. So in the
    /// evening and during the night it is the current night; from that night's wake time on,
    /// the coming evening's, never last night's. `nil` when nothing is planned.
    public func bedtimePlan(at now: Instant) -> NightPlan? {
        let current = nightPlans.night(holding: now)
        for offset in 0...Self.bedtimeLookaheadNights {
            guard let plan = nightPlans.planWithoutRevisions(for: current.adding(days: offset)) else { continue }
            if !plan.isOver(at: now) { return plan }
        }
        return nil
    }

    /// The next checklist items of `night` not yet done at `now`, in order, at most
    /// `limit` (what the watch and a widget list).
    public func nextChecklistItems(on night: Night, at now: Instant, limit: Int = 3) -> [String] {
        guard let schedule = schedule(for: night) else { return [] }
        return schedule.checklist(at: now, completed: checklists.done(on: night))
            .filter { $0.state != .done }
            .prefix(limit)
            .map(\.item)
    }

    /// The watch summary at `now`: the demo night while it runs and is not over, else the
    /// coming night (``bedtimePlan(at:)``): tonight until its wake time, then the next
    /// evening's, so a morning glance never lists last night's checklist.
    public func watchSummary(at now: Instant) -> WatchSummary {
        let demo: Night? = tonightNight(at: now) == .demo && demoNights.latest.map({ !$0.plan.isOver(at: now) }) == true ? .demo : nil
        let night: Night? = demo ?? bedtimePlan(at: now).map { .date($0.night) }
        guard let night, let schedule = schedule(for: night) else {
            return WatchSummary(night: nil, bedtime: nil, bedtimeAt: nil, windDownStart: nil, nightNumber: nil, nightCount: nil, sleepDebtMinutes: 0, nextChecklistItems: [], blockingActive: false, exitState: "none")
        }
        let plan = schedule.plan
        var number: Int?
        var count: Int?
        if case .date(let date) = night, let goal = nightPlans.latestGoal, date >= goal.firstNight {
            count = goal.days
            number = min(goal.days, date.days(from: goal.firstNight) + 1)
        }
        let next = nextChecklistItems(on: night, at: now)
        let exit = now.millisecondsSince1970 < plan.wakeTime.millisecondsSince1970 ? exitState(on: night, at: now) : nil
        let inFreeWindow = exit?.freeWindowRemainingSeconds != nil
        return WatchSummary(
            night: night.text, bedtime: plan.bedtime.text, bedtimeAt: plan.bedtimeAt.rfc3339,
            windDownStart: plan.windDownStart.rfc3339, nightNumber: number, nightCount: count,
            sleepDebtMinutes: Int((sleepDebt(at: now).last7Minutes + 0.5).rounded(.down)), nextChecklistItems: next,
            blockingActive: !inFreeWindow && !schedule.blockedApps(at: now).isEmpty,
            exitState: exit == nil ? "none" : (inFreeWindow ? "freeWindow" : "waiting"),
            exitSecondsRemaining: exit.flatMap { $0.waitRemainingSeconds ?? $0.freeWindowRemainingSeconds }
        )
    }
}
