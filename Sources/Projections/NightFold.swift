import Events

/// One night's plan, folded entry by entry over the plan timeline (domain.md §1 and §8,
/// "Plans"):
///
/// - A goal governs the nights from its `firstNight` on; it never re-plans a night whose
///   wind-down had started at its `at` (by the plan, or by an early start), and it never
///   plans a night whose wind-down would already have started.
/// - An override changes one night; between a goal and an override of the same night, the
///   later event wins.
/// - `goalCleared` removes the plans of nights whose wind-down had not started at its `at`.
/// - A night's zone is the `tz` of the latest event whose `at` is before the night's
///   wind-down computed in that event's own zone; before every event, the earliest zone.
/// - A revision is recorded when the plan is created and whenever an event changes its
///   bedtime, zone or sleep need; a plan created again after a clear starts a fresh list.
///
/// The fold can be kept and advanced over entries appended later, so asking about a night
/// again costs only the entries added since.
struct NightFold: Sendable, Hashable {
    /// Wind-down begins this long before bedtime.
    static let windDownSeconds: Int64 = 4 * 3600

    private struct Governing: Sendable, Hashable {
        var goal: GoalSet
        var override: TimeOfDay?
    }

    private struct Derived: Sendable, Hashable {
        var values: NightPlanValues
        var bedtimeAt: Instant
        var windDownStart: Instant
        var wakeTime: Instant
    }

    let night: LocalDate
    /// How many timeline entries have been folded.
    private(set) var processed = 0
    /// How many zone changes those entries held.
    private var zoneChangeCount = 0
    private var governing: Governing?
    private var early: Instant?
    private var current: Derived?
    private var revisions: [PlanRevision] = []

    init(night: LocalDate) {
        self.night = night
    }

    /// Folds the entries of `timeline` not folded yet.
    mutating func advance(over timeline: [NightPlans.Entry], zones: ZoneBook, zoneChanges: [NightPlans.ZoneChange]) {
        while processed < timeline.count {
            fold(timeline[processed], zones: zones, zoneChanges: zoneChanges)
            processed += 1
        }
    }

    /// The plan as folded so far, or `nil` when the night is not planned.
    var plan: NightPlan? {
        guard let current else { return nil }
        return NightPlan(
            night: night, values: current.values, bedtimeAt: current.bedtimeAt,
            windDownStart: current.windDownStart, wakeTime: current.wakeTime,
            windDownStartedEarlyAt: early, revisions: revisions, hasConfirmedExit: false
        )
    }

    /// Whether the night is planned, as folded so far.
    var isPlanned: Bool { current != nil }

    /// Whether the night would be planned after folding `entry` too (`zoneChanges`
    /// including its zone change, if any); the fold itself is left as it is.
    func isPlanned(after entry: NightPlans.Entry, zones: ZoneBook, zoneChanges: [NightPlans.ZoneChange]) -> Bool {
        var probe = self
        probe.fold(entry, zones: zones, zoneChanges: zoneChanges)
        return probe.isPlanned
    }

    private mutating func fold(_ entry: NightPlans.Entry, zones: ZoneBook, zoneChanges: [NightPlans.ZoneChange]) {
        let at = entry.cause.at
        if entry.zoneChange != nil { zoneChangeCount += 1 }
        let changes = zoneChanges.prefix(zoneChangeCount)
        switch entry.action {
        case .goal(let goal) where night >= goal.firstNight:
            let candidate = Governing(goal: goal, override: nil)
            let windDown = current?.windDownStart ?? derive(candidate, zones: zones, zoneChanges: changes)?.windDownStart
            if !Self.hasStarted(windDown: windDown, early: early, at: at) {
                governing = candidate
            }
        case .cleared:
            if current != nil, !Self.hasStarted(windDown: current?.windDownStart, early: early, at: at) {
                governing = nil
            }
        case .override(let overridden, let bedtime) where overridden == night:
            if governing != nil { governing?.override = bedtime }
        case .windDownStartedEarly(let started) where started == night:
            if early == nil, current != nil { early = at }
        default:
            if entry.zoneChange == nil { return }
        }
        let next = governing.flatMap { derive($0, zones: zones, zoneChanges: changes) }
        if next?.values != current?.values {
            if let next {
                if current == nil { revisions = [] }
                revisions.append(PlanRevision(values: next.values, previous: current?.values, cause: entry.cause))
            } else {
                revisions = []
                early = nil
            }
        }
        current = next
    }

    private static func hasStarted(windDown: Instant?, early: Instant?, at: Instant) -> Bool {
        if let early, early.millisecondsSince1970 <= at.millisecondsSince1970 { return true }
        guard let windDown else { return false }
        return windDown.millisecondsSince1970 <= at.millisecondsSince1970
    }

    private func derive(_ governing: Governing, zones: ZoneBook, zoneChanges: ArraySlice<NightPlans.ZoneChange>) -> Derived? {
        let goal = governing.goal
        let index = night.days(from: goal.firstNight) + 1
        let bedtime = governing.override ?? GoalRules.bedtime(of: goal, nightIndex: index)
        guard let zone = zone(bedtime: bedtime, zones: zones, zoneChanges: zoneChanges),
              let resolver = zones.resolver(for: zone) else { return nil }
        let bedtimeAt = resolver.wallClockInstant(night: night, time: bedtime)
        let need = goal.effectiveSleepNeedMinutes
        return Derived(
            values: NightPlanValues(bedtime: bedtime, timeZone: zone, sleepNeedMinutes: need),
            bedtimeAt: bedtimeAt,
            windDownStart: resolver.display(bedtimeAt.adding(seconds: -Self.windDownSeconds)),
            wakeTime: resolver.display(bedtimeAt.adding(seconds: Int64(need) * 60))
        )
    }

    /// The zone rule of domain.md §8. Zone changes are in fold order, so by instant: a
    /// binary search finds the last change that could precede the wind-down in any zone
    /// (offsets lie within −12 h…+14 h), and a short walk back checks each in its own zone.
    private func zone(bedtime: TimeOfDay, zones: ZoneBook, zoneChanges: ArraySlice<NightPlans.ZoneChange>) -> String? {
        guard let first = zoneChanges.first else { return nil }
        let wallAsUTC = LocalTimeResolver.utc.wallClockInstant(night: night, time: bedtime).millisecondsSince1970 - Self.windDownSeconds * 1000
        let latestPossibleWindDown = wallAsUTC + 12 * 3_600_000
        var low = zoneChanges.startIndex
        var high = zoneChanges.endIndex
        while low < high {
            let middle = (low + high) / 2
            if zoneChanges[middle].at.millisecondsSince1970 < latestPossibleWindDown { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index > zoneChanges.startIndex {
            index -= 1
            let change = zoneChanges[index]
            guard let resolver = zones.resolver(for: change.zone) else { continue }
            let windDown = resolver.wallClockInstant(night: night, time: bedtime).millisecondsSince1970 - Self.windDownSeconds * 1000
            if change.at.millisecondsSince1970 < windDown { return change.zone }
        }
        return first.zone
    }
}

extension LocalTimeResolver {
    /// Wall clock = UTC.
    static let utc = LocalTimeResolver(timeZone: .gmt)
}
