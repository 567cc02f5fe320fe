import Events

// The coach's figures (docs/rules.md §9), computed from the folded state at a query instant.
extension LogState {
    /// The nights of the insights' window, ending with asOf's night.
    public static let insightWindowNights = 28
    /// The most recent planned nights each reminder's habit is judged over.
    public static let habitNights = 14
    /// Nights done before their reminder at which retiring it is suggested.
    public static let retireSuggestedAfter = 10
    /// Items of the nine done by bedtime for a night to follow the routine.
    public static let routineFollowedItems = 7

    /// The coach's figures as of `asOf` (ask the state folded as of `asOf`).
    public func insights(at asOf: Instant) -> Insights {
        let last = nightPlans.night(holding: asOf)
        let first = last.adding(days: -(Self.insightWindowNights - 1))
        var counted: [Insights.CountedNight] = []
        var night = first
        while night <= last {
            if let record = sleep.record(for: night) { counted.append(Self.countedNight(record)) }
            night = night.adding(days: 1)
        }
        let routine = routineNights(from: first, through: last)
        let latest = counted.suffix(14)
        return Insights(
            window: Insights.Window(from: first, to: last, nights: counted.count),
            bodyClock: Self.bodyClock(counted),
            bedtime: bedtime(counted),
            reminders: reminderHabits(at: asOf),
            routine: Insights.Routine(
                followed: routineGroup(routine.filter(\.followed).map(\.night)),
                notFollowed: routineGroup(routine.filter { !$0.followed }.map(\.night))),
            longShortStretch: latest.count >= 10 && latest.allSatisfy { $0.asleepMinutes < 360 },
            countedNights: counted,
            routineNights: routine)
    }

    // MARK: Body clock

    /// A night with a record, read on the clock of its onset's zone.
    static func countedNight(_ record: SleepRecord) -> Insights.CountedNight {
        let resolver = LocalTimeResolver(identifier: record.timeZone) ?? .utc
        let onset = record.onset.millisecondsSince1970
        let wake = record.finalWake.millisecondsSince1970
        let middle = Double(onset) + Double(wake - onset) / 2
        return Insights.CountedNight(
            night: record.night,
            isFreeNight: [6, 7].contains(record.night.adding(days: 1).weekday),
            midSleep: minutesAfterNoon(middle, resolver),
            onset: minutesAfterNoon(Double(onset), resolver),
            finalWake: minutesAfterNoon(Double(wake), resolver),
            durationMinutes: Double(wake - onset) / 60_000,
            asleepMinutes: Self.wholeMinutes(Double(record.asleepMilliseconds) / 60_000))
    }

    /// The moment `milliseconds` (since 1970) on the local clock of `resolver`, as minutes
    /// after noon (0 ..< 1440; 03:30 is 930).
    static func minutesAfterNoon(_ milliseconds: Double, _ resolver: LocalTimeResolver) -> Double {
        let offset = Double(resolver.offsetSeconds(at: Instant(millisecondsSince1970: Int64(milliseconds.rounded(.down)), utcOffsetSeconds: 0))) * 1000
        let day = 86_400_000.0
        let local = milliseconds + offset - day / 2
        let intoDay = local - (local / day).rounded(.down) * day
        return intoDay / 60_000
    }

    static func wholeMinutes(_ value: Double) -> Int {
        Insights.wholeMinutes(value)
    }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The median (the mean of the two middle values of an even count).
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func bodyClock(_ counted: [Insights.CountedNight]) -> Insights.BodyClock {
        let work = counted.filter { !$0.isFreeNight }
        let free = counted.filter(\.isFreeNight)
        let msw = work.count >= 2 ? mean(work.map(\.midSleep)) : nil
        let msf = free.count >= 2 ? mean(free.map(\.midSleep)) : nil
        let sdw = work.count >= 2 ? mean(work.map(\.durationMinutes)) : nil
        let sdf = free.count >= 2 ? mean(free.map(\.durationMinutes)) : nil
        var jetlag: Int?
        if let msw, let msf { jetlag = wholeMinutes(abs(msf - msw)) }
        var chronotype: Double?
        if let msf, let sdw, let sdf {
            let week = (5 * sdw + 2 * sdf) / 7
            chronotype = sdf > sdw ? msf - (sdf - week) / 2 : msf
        }
        return Insights.BodyClock(
            workNights: work.count, freeNights: free.count, workMidSleep: msw, freeMidSleep: msf,
            socialJetlagMinutes: jetlag, chronotype: chronotype)
    }

    // MARK: A bedtime to aim for

    func bedtime(_ counted: [Insights.CountedNight]) -> Insights.Bedtime {
        let work = counted.filter { !$0.isFreeNight }
        guard work.count >= 5, let wake = Self.median(work.map(\.finalWake)), let usual = Self.median(counted.map(\.onset)) else {
            return Insights.Bedtime(usualBedtime: nil, usualWake: nil, suggestedTarget: nil, suggestedGoal: nil)
        }
        let need = Double(nightPlans.latestGoalSet?.effectiveSleepNeedMinutes ?? GoalSet.defaultSleepNeedMinutes)
        let targetMinutes = ((wake - need - 15) / 5).rounded(.down) * 5
        let target = Insights.clock(minutesAfterNoon: targetMinutes)
        let current = Insights.clock(minutesAfterNoon: (usual / 5 + 0.5).rounded(.down) * 5)
        var goal: Insights.SuggestedGoal?
        if GoalRules.shiftMinutes(from: current, to: target) >= GoalRules.shiftRange.lowerBound,
           let days = GoalRules.dayRange.first(where: { days in
               GoalRules.violation(of: GoalSet(currentBedtime: current, targetBedtime: target, days: days, firstNight: counted.last?.night ?? LocalDate(daysSince1970: 0))) == nil
           }) {
            goal = Insights.SuggestedGoal(currentBedtime: current, targetBedtime: target, days: days)
        }
        return Insights.Bedtime(usualBedtime: usual, usualWake: wake, suggestedTarget: target, suggestedGoal: goal)
    }

    // MARK: Reminders that became habits

    /// Each checklist reminder over its 14 most recent planned real nights whose fire time is
    /// at or before `asOf`, searched back from the night after asOf's to the first planned night.
    func reminderHabits(at asOf: Instant) -> [Insights.ReminderHabit] {
        let templates = ReminderTemplate.checklist
        var details = [[Insights.ReminderHabit.NightDetail]](repeating: [], count: templates.count)
        let moment = asOf.millisecondsSince1970
        if let firstPlanned = nightPlans.firstPlannedNight {
            var night = nightPlans.night(holding: asOf).adding(days: 1)
            while night >= firstPlanned, details.contains(where: { $0.count < Self.habitNights }) {
                defer { night = night.adding(days: -1) }
                guard let plan = nightPlans.planWithoutRevisions(for: night) else { continue }
                let done = checklists.done(on: .date(night))
                for (index, template) in templates.enumerated() where details[index].count < Self.habitNights {
                    guard let minutes = template.offsetMinutes else { continue }
                    let fireAt = plan.bedtimeAt.adding(milliseconds: Int64(minutes) * 60_000)
                    guard fireAt.millisecondsSince1970 <= moment else { continue }
                    let interactions = reminderHabits.interactions(with: template.id, on: night)
                    let outcome: Insights.ReminderHabit.Outcome
                    if done.contains(template.id) {
                        let first = checklists.firstCompletion(of: template.id, on: night)
                        outcome = (first.map { $0.millisecondsSince1970 < fireAt.millisecondsSince1970 } ?? false) ? .doneBeforeReminder : .doneAfter
                    } else {
                        outcome = interactions.why + interactions.done + interactions.dismissed > 0 ? .notDoneWithInteraction : .ignored
                    }
                    details[index].append(.init(night: night, fireAt: fireAt, outcome: outcome, interactions: interactions))
                }
            }
        }
        return templates.enumerated().map { index, template in
            let nights = details[index]
            let retired = reminderHabits.isRetired(template.id, at: asOf)
            let before = nights.filter { $0.outcome == .doneBeforeReminder }.count
            return Insights.ReminderHabit(
                template: template.id, nights: nights.count, doneBeforeReminder: before,
                doneAfter: nights.filter { $0.outcome == .doneAfter }.count,
                why: nights.reduce(0) { $0 + $1.interactions.why },
                done: nights.reduce(0) { $0 + $1.interactions.done },
                dismissed: nights.reduce(0) { $0 + $1.interactions.dismissed },
                ignored: nights.filter { $0.outcome == .ignored }.count,
                retired: retired, retireSuggested: before >= Self.retireSuggestedAfter && !retired,
                detail: nights)
        }
    }

    // MARK: Routine and sleep

    /// The window's nights with a plan and a sleep record, each with the items done by its
    /// bedtime and whether that is 7 or more.
    func routineNights(from first: LocalDate, through last: LocalDate) -> [(night: LocalDate, followed: Bool, itemsDoneByBedtime: Int)] {
        var nights: [(night: LocalDate, followed: Bool, itemsDoneByBedtime: Int)] = []
        var night = first
        while night <= last {
            defer { night = night.adding(days: 1) }
            guard sleep.record(for: night) != nil, let plan = nightPlans.planWithoutRevisions(for: night) else { continue }
            let done = checklists.done(on: night, at: plan.bedtimeAt).count
            nights.append((night, done >= Self.routineFollowedItems, done))
        }
        return nights
    }

    func routineGroup(_ nights: [LocalDate]) -> Insights.RoutineGroup {
        let asleep = nights.compactMap { sleep.record(for: $0) }.map { Double(Self.wholeMinutes(Double($0.asleepMilliseconds) / 60_000)) }
        let scores = nights.compactMap { score(for: $0)?.total }.map(Double.init)
        return Insights.RoutineGroup(
            nights: nights.count,
            asleepMinutes: Self.mean(asleep).map(Self.wholeMinutes),
            score: Self.mean(scores).map(Self.wholeMinutes))
    }
}
