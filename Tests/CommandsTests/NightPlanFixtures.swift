import Events
import Projections
import TestSupport

/// The shared world of the night-plan command tests, in Europe/Berlin: a goal set on
/// 2026-11-29 at 20:05 moves bedtime from 00:00 to 22:30 over 7 nights from 2026-11-30
/// (23:45, 23:30, 23:15, 23:00, 22:45, 22:30, 22:30). Night 2026-11-30 winds down at 19:45
/// and wakes at 07:45 on 2026-12-01.
enum NightPlanFixtures {
    static let goalSetAt = "2026-11-29T20:05:11+01:00"

    static func time(_ text: String) throws -> TimeOfDay { try TimeOfDay(text: text) }
    static func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }
    static func night(_ text: String) throws -> Night { try Night(text: text) }
    static func instant(_ text: String) throws -> Instant { try Instant(rfc3339: text) }

    /// The goal: 00:00 → 22:30 over 7 nights from 2026-11-30.
    static func goal() throws -> GoalSet {
        GoalSet(currentBedtime: try time("00:00"), targetBedtime: try time("22:30"), days: 7, firstNight: try date("2026-11-30"))
    }

    /// The goal, set on 2026-11-29 at 20:05.
    static func goalEvent() throws -> Event {
        try EventFactory.event("given-goal", .goalSet(try goal()), at: goalSetAt)
    }

    /// The plan of the night dated `text` in `state` (`nil` also when `text` is no date, so
    /// that it can sit inside `#expect`).
    static func plan(_ state: LogState, _ text: String) -> NightPlan? {
        (try? LocalDate(iso: text)).flatMap { state.nightPlans.plan(for: $0) }
    }

    /// Any event at `at`.
    static func event(_ id: String, _ payload: EventPayload, at: String) throws -> Event {
        try EventFactory.event(id, payload, at: at)
    }

    /// The nine checklist item ids, as commands list them.
    static let checklistIds = "last_meal, stop_eating, last_water, warm_lighting, wind_down, screens_off, read, cool_room, almost_bedtime"
}
