import Events

/// Derives one night's plan, and its revisions, by replaying the plan timeline for that
/// night (domain.md §1 and §8, "Plans"):
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
struct NightPlanDerivation {
    let timeline: [NightPlans.Entry]
    let zones: ZoneBook

    /// Wind-down begins this long before bedtime.
    static let windDownSeconds: Int64 = 4 * 3600

    private struct Governing {
        var goal: GoalSet
        var override: TimeOfDay?
    }

    private struct Derived: Equatable {
        var values: NightPlanValues
        var bedtimeAt: Instant
        var windDownStart: Instant
        var wakeTime: Instant
    }

    func plan(for night: LocalDate) -> NightPlan? {
        var governing: Governing?
        var zoneChanges: [(at: Instant, zone: String)] = []
        var early: Instant?
        var current: Derived?
        var revisions: [PlanRevision] = []

        for entry in timeline {
            let at = entry.cause.at
            if let zone = entry.zoneChange { zoneChanges.append((at, zone)) }
            switch entry.action {
            case .goal(let goal) where night >= goal.firstNight:
                let candidate = Governing(goal: goal, override: nil)
                let windDown = current?.windDownStart ?? derive(candidate, night: night, zoneChanges: zoneChanges)?.windDownStart
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
                break
            }
            let next = governing.flatMap { derive($0, night: night, zoneChanges: zoneChanges) }
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
        guard let current else { return nil }
        return NightPlan(
            night: night, values: current.values, bedtimeAt: current.bedtimeAt,
            windDownStart: current.windDownStart, wakeTime: current.wakeTime,
            windDownStartedEarlyAt: early, revisions: revisions, hasConfirmedExit: false
        )
    }

    private static func hasStarted(windDown: Instant?, early: Instant?, at: Instant) -> Bool {
        if let early, early.millisecondsSince1970 <= at.millisecondsSince1970 { return true }
        guard let windDown else { return false }
        return windDown.millisecondsSince1970 <= at.millisecondsSince1970
    }

    private func derive(_ governing: Governing, night: LocalDate, zoneChanges: [(at: Instant, zone: String)]) -> Derived? {
        let goal = governing.goal
        let index = night.days(from: goal.firstNight) + 1
        let bedtime = governing.override ?? GoalRules.bedtime(of: goal, nightIndex: index)
        guard let zone = zone(for: night, bedtime: bedtime, zoneChanges: zoneChanges),
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

    /// The zone rule of domain.md §8.
    private func zone(for night: LocalDate, bedtime: TimeOfDay, zoneChanges: [(at: Instant, zone: String)]) -> String? {
        for change in zoneChanges.reversed() {
            guard let resolver = zones.resolver(for: change.zone) else { continue }
            let windDown = resolver.wallClockInstant(night: night, time: bedtime).adding(seconds: -Self.windDownSeconds)
            if change.at.millisecondsSince1970 < windDown.millisecondsSince1970 { return change.zone }
        }
        return zoneChanges.first?.zone
    }
}
