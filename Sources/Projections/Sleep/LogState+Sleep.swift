import Events

extension LogState {
    /// A streak counts a night as hit when sleep starts no later than this after the
    /// planned bedtime (inclusive).
    public static let streakGraceMilliseconds: Int64 = 15 * 60_000

    /// The sleep need of `night`: its plan's; an unplanned night uses the latest goal's,
    /// else 480 minutes (docs/rules.md §6.1).
    public func sleepNeedMinutes(for night: LocalDate) -> Int {
        nightPlans.planWithoutRevisions(for: night)?.values.sleepNeedMinutes
            ?? nightPlans.latestGoalSet?.effectiveSleepNeedMinutes
            ?? GoalSet.defaultSleepNeedMinutes
    }

    /// The balance of `night` in minutes (need − asleep; positive = short), `nil` without
    /// a sleep record. Asleep counts in whole minutes as the night shows it (docs/rules.md §6.1):
    /// see `SleepDebt.balanceMinutes(needMinutes:asleepMilliseconds:)`.
    public func balanceMinutes(for night: LocalDate) -> Double? {
        guard let record = sleep.record(for: night) else { return nil }
        return SleepDebt.balanceMinutes(needMinutes: sleepNeedMinutes(for: night), asleepMilliseconds: record.asleepMilliseconds)
    }

    /// Sleep debt as of `now`: the 7 and 14 nights end with `now`'s noon-to-noon night
    /// (in the latest zone); nights without data are skipped, never counted as no sleep.
    public func sleepDebt(at now: Instant) -> SleepDebt {
        sleepDebt(endingWith: nightPlans.night(holding: now))
    }

    /// Sleep debt over the 7 and 14 nights ending with `last`.
    public func sleepDebt(endingWith last: LocalDate) -> SleepDebt {
        let window14 = (0..<14).map { last.adding(days: -$0) }
        let balances = window14.map { (night: $0, balance: balanceMinutes(for: $0)) }
        let last7 = balances.prefix(7)
        let debt7 = max(0, last7.compactMap(\.balance).reduce(0, +))
        let debt14 = max(0, balances.compactMap(\.balance).reduce(0, +))
        var weightedSum = 0.0
        var weights = 0.0
        for (back, item) in balances.enumerated() {
            guard let balance = item.balance else { continue }
            let weight = SleepDebt.weight(nightsBack: back)
            weightedSum += weight * balance
            weights += weight
        }
        let weighted = weights > 0 ? max(0, 14 * weightedSum / weights) : 0
        let recovery: Int?
        if debt7 <= 0 {
            recovery = 0
        } else {
            let latestThree = sleep.nightsWithData(before: last.adding(days: 1), last: 3).compactMap { balanceMinutes(for: $0) }
            let mean = latestThree.isEmpty ? 0 : latestThree.reduce(0, +) / Double(latestThree.count)
            recovery = mean < 0 ? Int((debt7 / -mean).rounded(.up)) : nil
        }
        return SleepDebt(
            last7Minutes: debt7, last14Minutes: debt14, weighted14Minutes: weighted,
            nightsWithData7: last7.filter { $0.balance != nil }.count,
            nightsWithData14: balances.filter { $0.balance != nil }.count,
            recoveryNights: recovery,
            trend: last7.reversed().map { SleepDebt.NightBalance(night: $0.night, balanceMinutes: $0.balance) }
        )
    }

    /// When sleep started on `night` for streaks: the record's onset, else the first
    /// `wentToBed`; `nil` without either.
    public func sleepStart(on night: LocalDate) -> Instant? {
        sleep.record(for: night)?.onset ?? sleep.wentToBed[night]
    }

    /// Whether `night` hit its target: a planned night with data whose sleep started no
    /// later than bedtime + 15 min; `nil` when the night does not count (no data, no plan).
    public func hitTarget(on night: LocalDate) -> Bool? {
        guard let start = sleepStart(on: night), let plan = nightPlans.planWithoutRevisions(for: night) else { return nil }
        return start.millisecondsSince1970 <= plan.bedtimeAt.millisecondsSince1970 + Self.streakGraceMilliseconds
    }

    /// Streaks as of `now`: over the nights with data up to `now`'s night; nights without
    /// data neither count nor break a streak; a night with data but no plan is skipped.
    ///
    /// Each night's `hitTarget(on:)` is kept as the log is folded (`StreakNights`), so this
    /// walks one small array; the night whose samples are still arriving is asked afresh.
    /// (When plans take no shortcuts, nothing is kept and every night is asked.)
    public func streaks(at now: Instant) -> SleepStreaks {
        guard streakNights.isKept else { return referenceStreaks(at: now) }
        let last = Int32(nightPlans.night(holding: now).daysSince1970)
        let pending = sleep.pendingNightNumber
        var current = 0
        var best = 0
        streakNights.forEach(through: last, asking: pending, outcomeOfAsked: {
            StreakNights.Outcome(pending.flatMap { hitTarget(on: LocalDate(daysSince1970: Int($0))) })
        }) { outcome in
            switch outcome {
            case .notCounted: break
            case .missed: current = 0
            case .hit:
                current += 1
                best = max(best, current)
            }
        }
        return SleepStreaks(current: current, best: best)
    }

    /// `streaks(at:)` as the rule reads, asking every night afresh: what the kept outcomes
    /// must always give (the tests compare them).
    func referenceStreaks(at now: Instant) -> SleepStreaks {
        let last = nightPlans.night(holding: now)
        let nights = Set(sleep.nightsWithData).union(sleep.wentToBed.keys).filter { $0 <= last }.sorted()
        var current = 0
        var best = 0
        for night in nights {
            guard let hit = hitTarget(on: night) else { continue }
            current = hit ? current + 1 : 0
            best = max(best, current)
        }
        return SleepStreaks(current: current, best: best)
    }
}
