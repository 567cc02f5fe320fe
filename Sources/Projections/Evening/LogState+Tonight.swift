import Events

extension LogState {
    /// The most notifications a front end may hand to the system (the iOS limit).
    public static let notificationLimit = 64
    /// Pending notifications cover this many nights from the current one.
    public static let notificationNights = 7

    /// The schedule of a real night, or of the demo night.
    public func schedule(for night: Night) -> NightSchedule? {
        schedule(for: night, revisions: true)
    }

    /// The schedules one query reads, each made once, their plans without revisions (far
    /// cheaper to make; for the queries that read only a plan's values and instants).
    struct Schedules {
        private var made: [Night: NightSchedule?] = [:]

        mutating func schedule(for night: Night, in state: LogState) -> NightSchedule? {
            if let known = made[night] { return known }
            let schedule = state.schedule(for: night, revisions: false)
            made[night] = schedule
            return schedule
        }
    }

    /// The schedule of `night`; with `revisions` false its plan lists no revisions.
    func schedule(for night: Night, revisions: Bool) -> NightSchedule? {
        switch night {
        case .date(let date):
            let plan = revisions ? nightPlans.plan(for: date) : nightPlans.planWithoutRevisions(for: date)
            return plan.map { NightSchedule(plan: $0, tiers: appTiers) }
        case .demo:
            return demoNights.latest.map { NightSchedule(plan: $0.plan, tiers: appTiers, compression: $0.compression) }
        }
    }

    /// The night whose window [wind-down − 1 h, wake time + 2 h) holds `now` (margins
    /// divided by the compression on a demo night; an early start opens the window at
    /// once); the later wind-down wins when two hold it. `nil` when none does.
    public func tonightNight(at now: Instant) -> Night? {
        var schedules = Schedules()
        return tonightNight(at: now, schedules: &schedules)
    }

    /// ``tonightNight(at:)``, its schedules made once in `schedules`.
    func tonightNight(at now: Instant, schedules: inout Schedules) -> Night? {
        let current = nightPlans.night(holding: now)
        var candidates: [Night] = [-1, 0, 1].map { .date(current.adding(days: $0)) }
        if demoNights.latest != nil { candidates.append(.demo) }
        let moment = now.millisecondsSince1970
        var best: (night: Night, windDown: Int64)?
        for night in candidates {
            guard let schedule = schedules.schedule(for: night, in: self) else { continue }
            guard schedule.windowOpens.millisecondsSince1970 <= moment, moment < schedule.windowCloses.millisecondsSince1970 else { continue }
            let windDown = schedule.plan.windDownStart.millisecondsSince1970
            if best.map({ windDown > $0.windDown }) ?? true { best = (night, windDown) }
        }
        return best?.night
    }

    /// Tonight at `now`, or `nil` when no night's window holds it. Phase precedence:
    /// morning, then exitWaiting / freeWindow, then night, windDown, beforeWindDown.
    public func tonight(at now: Instant) -> Tonight? {
        var schedules = Schedules()
        return tonight(at: now, revisions: true, schedules: &schedules)
    }

    /// Tonight at `now`, its schedules made once in `schedules`; with `revisions` false its
    /// plan lists no revisions (a timeline's comparisons: they do not change with the instant).
    func tonight(at now: Instant, revisions: Bool, schedules: inout Schedules) -> Tonight? {
        guard let night = tonightNight(at: now, schedules: &schedules),
              let schedule = revisions ? schedule(for: night) : schedules.schedule(for: night, in: self)
        else { return nil }
        let plan = schedule.plan
        let moment = now.millisecondsSince1970
        let exit = moment < plan.wakeTime.millisecondsSince1970 ? exitState(on: night, at: now) : nil
        let phase: Tonight.Phase
        if moment >= plan.wakeTime.millisecondsSince1970 {
            phase = .morning
        } else if let exit {
            phase = exit.waitRemainingSeconds != nil ? .exitWaiting : .freeWindow
        } else if moment >= plan.bedtimeAt.millisecondsSince1970 {
            phase = .night
        } else if moment >= plan.effectiveWindDownStart.millisecondsSince1970 {
            phase = .windDown
        } else {
            phase = .beforeWindDown
        }
        return Tonight(
            night: night, plan: plan, phase: phase,
            minutesToBed: schedule.minutesToBed(at: now),
            progress: schedule.ringProgress(at: now),
            ring: schedule.ringColour(at: now),
            checklist: schedule.checklist(at: now, completed: checklists.done(on: night)),
            blockedApps: phase == .freeWindow ? [] : schedule.blockedApps(at: now),
            exit: exit,
            nextNotification: nextNotification(at: now, schedules: &schedules)
        )
    }

    /// The exit state of `night` at `now`: the latest exit while it waits (0 s left once
    /// the wait has elapsed unconfirmed) or while its free window is open; else `nil`.
    public func exitState(on night: Night, at now: Instant) -> TonightExit? {
        guard let record = exits.records(for: night).last else { return nil }
        let moment = now.millisecondsSince1970
        // Prompt 4+'s N: the exits confirmed that night as of `now`, so during attempt k's
        // free window it counts attempt k itself (docs/rules.md §3.1).
        let confirmedSoFar = exits.records(for: night).filter { $0.confirmedAt.map { $0.millisecondsSince1970 <= moment } ?? false }.count
        if record.isWaiting {
            return TonightExit(attempt: record.attempt, waitRemainingSeconds: TonightExit.secondsLeft(from: moment, to: record.waitEnds.millisecondsSince1970), freeWindowRemainingSeconds: nil, confirmedTonight: confirmedSoFar)
        }
        if record.isFreeWindowOpen(at: now), let ends = record.freeWindowEnds {
            return TonightExit(attempt: record.attempt, waitRemainingSeconds: nil, freeWindowRemainingSeconds: TonightExit.secondsLeft(from: moment, to: ends.millisecondsSince1970), confirmedTonight: confirmedSoFar)
        }
        return nil
    }

    /// The notifications to hand to the system at `now`: every reminder and pre-block
    /// warning strictly after `now` over the 7 nights from `now`'s night (and the demo
    /// night), and the "free window ending" reminder 2 minutes before an open window ends,
    /// soonest first, at most 64. A reminder whose checklist item is done is not pending, nor
    /// one retired before the night's wind-down started (docs/rules.md §9). Each reminder
    /// carries the phrasing it shows (docs/rules.md §14).
    public func pendingNotifications(at now: Instant) -> [PendingNotification] {
        var pending = notifications(after: now)
        pending.sort(by: PendingNotification.precedes)
        var chosen = Array(pending.prefix(Self.notificationLimit))
        guard chosen.contains(where: { $0.category == .winddownReminder }) else { return chosen }
        let phrasings = phrasings(at: now)
        for index in chosen.indices {
            guard case .reminder(let template) = chosen[index].kind, let place = template.place else { continue }
            chosen[index].variant = phrasings[place].variant(on: chosen[index].night, in: self)
        }
        return chosen
    }

    /// The soonest of ``pendingNotifications(at:)`` (tonight's `nextNotification`), without
    /// making the others: a night none of whose notifications can come first is passed over.
    func nextNotification(at now: Instant, schedules: inout Schedules) -> PendingNotification? {
        var best: PendingNotification?
        for night in notificationNights(at: now) {
            guard let schedule = schedules.schedule(for: night, in: self) else { continue }
            if let best, best.fireAt.millisecondsSince1970 < schedule.firstNotificationBound, !hasOpenFreeWindow(night, at: now) { continue }
            for candidate in notifications(of: night, schedule, at: now) where best.map({ PendingNotification.precedes(candidate, $0) }) ?? true {
                best = candidate
            }
        }
        if let next = best, case .reminder(let template) = next.kind {
            best?.variant = phrasing(of: template.id, on: next.night, at: now)
        }
        return best
    }

    /// The notifications ``pendingNotifications(at:)`` chooses from, in no order.
    func notifications(after now: Instant) -> [PendingNotification] {
        notificationNights(at: now).flatMap { night in
            schedule(for: night, revisions: false).map { notifications(of: night, $0, at: now) } ?? []
        }
    }

    /// The nights whose notifications are pending at `now`: the 7 from `now`'s night, and the
    /// demo night.
    private func notificationNights(at now: Instant) -> [Night] {
        let first = nightPlans.night(holding: now)
        var nights: [Night] = (0..<Self.notificationNights).map { .date(first.adding(days: $0)) }
        if demoNights.latest != nil { nights.append(.demo) }
        return nights
    }

    private func hasOpenFreeWindow(_ night: Night, at now: Instant) -> Bool {
        exits.records(for: night).last?.isFreeWindowOpen(at: now) ?? false
    }

    /// The notifications of `night` (whose schedule is `schedule`) strictly after `now`.
    private func notifications(of night: Night, _ schedule: NightSchedule, at now: Instant) -> [PendingNotification] {
        let moment = now.millisecondsSince1970
        var pending: [PendingNotification] = []
        let done = checklists.done(on: night)
        for reminder in schedule.reminders where reminder.fireAt.millisecondsSince1970 > moment {
            if reminder.template.isChecklistItem, done.contains(reminder.template.id) { continue }
            // A retired reminder is left out from the first night whose wind-down starts after its retirement.
            if reminder.template.isChecklistItem, reminderHabits.isRetired(reminder.template.id, forWindDownStartingAt: schedule.plan.windDownStart) { continue }
            pending.append(PendingNotification(night: night, kind: .reminder(reminder.template), fireAt: reminder.fireAt, haptic: reminder.haptic))
        }
        for warning in schedule.blockWarnings where warning.fireAt.millisecondsSince1970 > moment {
            pending.append(PendingNotification(night: night, kind: .blockWarning(tier: warning.tier, minutesBeforeActivation: warning.minutesBeforeActivation), fireAt: warning.fireAt, haptic: warning.haptic))
        }
        if let record = exits.records(for: night).last, record.isFreeWindowOpen(at: now), let ends = record.freeWindowEnds {
            let fireAt = schedule.display(ends.adding(seconds: -Int64(ExitRules.freeWindowReminderSeconds(isDemo: night == .demo))))
            if fireAt.millisecondsSince1970 > moment {
                pending.append(PendingNotification(night: night, kind: .freeWindowEnding, fireAt: fireAt, haptic: Haptic.forMilestone(minutesBeforeBedtime: schedule.planMinutesBeforeBedtime(fireAt))))
            }
        }
        return pending
    }
}

extension LogState {
    /// Confirmed exits in the 7 nights ending with `now`'s night ("you opted out 2 times
    /// this week"); demo nights never count.
    public func confirmedExitsThisWeek(at now: Instant) -> Int {
        let last = nightPlans.night(holding: now)
        let first = last.adding(days: -6)
        return exits.realRecords.filter { record in
            guard let night = record.night.date, let confirmed = record.confirmedAt else { return false }
            return night >= first && night <= last && confirmed.millisecondsSince1970 <= now.millisecondsSince1970
        }.count
    }
}
