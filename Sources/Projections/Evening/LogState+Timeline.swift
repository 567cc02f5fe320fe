import Events

/// One instant of an evening's timeline (`LogState.timeline(from:to:)`): from `at` until the
/// next entry, what a front end shows stays the same — tonight, but for what a view counts
/// down itself (`Tonight.stepped`), the soonest notification, the night — with nothing appended.
public struct TimelineEntry: Sendable, Hashable {
    /// When this state begins.
    public var at: Instant
    /// Tonight at `at` (`nil` while no night's window holds it).
    public var tonight: Tonight?

    /// Creates the value from its parts.
    public init(at: Instant, tonight: Tonight?) {
        self.at = at
        self.tonight = tonight
    }
}

extension Tonight {
    /// This value without the figures that change continuously, which a view counts down
    /// itself from instants it already has: the minutes to bed and the ring's progress (from
    /// the plan's wind-down start and bedtime), an exit's seconds left (from its wait's or
    /// free window's end) — kept only as whether any are left. Two instants show the same
    /// tonight exactly when their `stepped` values are equal.
    public var stepped: Tonight {
        var shown = self
        shown.minutesToBed = 0
        shown.progress = 0
        if var exit = shown.exit {
            exit.waitRemainingSeconds = exit.waitRemainingSeconds.map { min($0, 1) }
            exit.freeWindowRemainingSeconds = exit.freeWindowRemainingSeconds.map { min($0, 1) }
            shown.exit = exit
        }
        return shown
    }
}

extension LogState {
    /// The first instant after `now` at which what a front end shows changes with nothing
    /// appended (``Shown``): tonight — a phase, the ring's colour, a checklist item unlocking,
    /// an app shutting down, an exit's wait ending or its free window closing, a night's
    /// window opening or closing — leaving aside the figures a view counts down itself
    /// (`Tonight.stepped`); the soonest pending notification firing; the night holding the
    /// instant moving on (the plans listed, the debt, the streaks, last night, the insights
    /// are of it). `nil` when nothing is scheduled to change.
    ///
    /// With nothing appended, the state shown stays the same from `now` until this instant:
    /// a front end re-reads then (a widget's or a complication's next entry).
    public func nextChange(after now: Instant) -> Instant? {
        var schedules = Schedules()
        let shown = shown(at: now, schedules: &schedules)
        for candidate in changeCandidates(after: now, shown: shown, schedules: &schedules)
        where self.shown(at: candidate, schedules: &schedules) != shown {
            return candidate
        }
        return nil
    }

    /// The entries of tonight's timeline from `start` (its first entry, the state then) until
    /// before `end`: each instant at which what is shown changes (``nextChange(after:)``), with
    /// tonight then. What a WidgetKit timeline, a watch complication, a Live Activity or a
    /// menu-bar countdown needs; it holds as long as nothing is appended.
    public func timeline(from start: Instant, to end: Instant) -> [TimelineEntry] {
        guard start.millisecondsSince1970 < end.millisecondsSince1970 else { return [] }
        var entries = [TimelineEntry(at: start, tonight: tonight(at: start))]
        var moment = start
        while let next = nextChange(after: moment), next.millisecondsSince1970 < end.millisecondsSince1970 {
            entries.append(TimelineEntry(at: next, tonight: tonight(at: next)))
            moment = next
        }
        return entries
    }

    /// What ``nextChange(after:)`` compares: tonight without its continuous figures, the
    /// soonest pending notification, and the night holding the instant.
    package struct Shown: Hashable {
        package var tonight: Tonight?
        package var nextNotification: PendingNotification?
        package var night: LocalDate
    }

    /// What is shown at `now` (see ``Shown``).
    package func shown(at now: Instant) -> Shown {
        var schedules = Schedules()
        return shown(at: now, schedules: &schedules)
    }

    func shown(at now: Instant, schedules: inout Schedules) -> Shown {
        let tonight = tonight(at: now, revisions: false, schedules: &schedules)?.stepped
        let next = tonight == nil ? nextNotification(at: now, schedules: &schedules) : tonight?.nextNotification
        return Shown(tonight: tonight, nextNotification: next, night: nightPlans.night(holding: now))
    }

    /// Every instant after `now`, soonest first, at which something `tonight(at:)` shows may
    /// change: the timed parts of the schedules of the nights around `now` (their windows,
    /// wind-down, bedtime, wake, reminders, warnings, shutdowns, the ring's colour bands), their
    /// exits' requests, waits' ends, confirmations and free windows' ends; when the
    /// notification `shown` names next fires; when the next night begins.
    /// Between two of them the state is constant (a test compares every minute).
    func changeCandidates(after now: Instant, shown: Shown, schedules: inout Schedules) -> [Instant] {
        let moment = now.millisecondsSince1970
        let current = nightPlans.night(holding: now)
        var nights: [Night] = (-1...2).map { .date(current.adding(days: $0)) }
        if demoNights.latest != nil { nights.append(.demo) }
        var instants: [Instant] = []
        for night in nights {
            guard let schedule = schedules.schedule(for: night, in: self) else { continue }
            // While no night is tonight, of the schedules only a window's opening can change that.
            guard shown.tonight != nil else {
                instants.append(schedule.windowOpens)
                continue
            }
            let plan = schedule.plan
            instants += [schedule.windowOpens, schedule.windowCloses]
            instants += [plan.windDownStart, plan.effectiveWindDownStart, plan.bedtimeAt, plan.wakeTime]
            instants += schedule.reminders.map(\.fireAt) + schedule.blockWarnings.map(\.fireAt) + schedule.shutdowns.map(\.blockedAt)
            instants += RingColour.bandMinutes.map { plan.bedtimeAt.adding(milliseconds: -schedule.milliseconds(minutes: $0)) }
            // Every instant an exit state compares with `now` (those already past, too, for a
            // state queried at instants before its own events).
            for exit in exits.records(for: night) {
                instants += [exit.requestedAt, exit.waitEnds]
                instants += [exit.confirmedAt, exit.freeWindowEnds, exit.closedAt].compactMap { $0 }
            }
        }
        if let next = shown.nextNotification { instants.append(next.fireAt) }
        instants.append(nightPlans.nextNightStart(after: now))
        var seen = Set<Int64>()
        return instants.filter { $0.millisecondsSince1970 > moment && seen.insert($0.millisecondsSince1970).inserted }
            .sorted()
    }
}
