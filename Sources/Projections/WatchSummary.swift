import Events

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
    /// The watch summary at `now`: tonight's night when its window holds `now`, else the
    /// next planned night (from `now`'s night on).
    public func watchSummary(at now: Instant) -> WatchSummary {
        let current = nightPlans.night(holding: now)
        let night: Night? = tonightNight(at: now)
            ?? (0..<LogState.notificationNights).lazy.map { Night.date(current.adding(days: $0)) }.first { schedule(for: $0) != nil }
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
        let next = schedule.checklist(at: now, completed: checklists.done(on: night))
            .filter { $0.state != .done }
            .prefix(3)
            .map(\.item)
        let exit = now.millisecondsSince1970 < plan.wakeTime.millisecondsSince1970 ? exitState(on: night, at: now) : nil
        let inFreeWindow = exit?.freeWindowRemainingSeconds != nil
        return WatchSummary(
            night: night.text, bedtime: plan.bedtime.text, bedtimeAt: plan.bedtimeAt.rfc3339,
            windDownStart: plan.windDownStart.rfc3339, nightNumber: number, nightCount: count,
            sleepDebtMinutes: Int((sleepDebt(at: now).last7Minutes + 0.5).rounded(.down)), nextChecklistItems: Array(next),
            blockingActive: !inFreeWindow && !schedule.blockedApps(at: now).isEmpty,
            exitState: exit == nil ? "none" : (inFreeWindow ? "freeWindow" : "waiting"),
            exitSecondsRemaining: exit.flatMap { $0.waitRemainingSeconds ?? $0.freeWindowRemainingSeconds }
        )
    }
}
