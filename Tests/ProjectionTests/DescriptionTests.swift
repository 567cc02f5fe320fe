import Events
import Projections
import Testing

/// What a front end prints while it is being built reads as one line of figures, not a dump
/// of stored properties.
struct DescriptionTests {
    @Test func tonightPlansDebtAndWarningsReadAsSentences() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.exitRequested(NightAction(night: try night("2026-11-30"))), at: "2026-11-30T20:00:00+01:00")
        try log.add(.bedtimeOverridden(BedtimeOverridden(night: try night("2026-11-20"), bedtime: try TimeOfDay(text: "23:00"))), at: "2026-11-30T20:00:10+01:00")
        let runner = try log.runner()
        let now = try instant("2026-11-30T20:00:30+01:00")
        let tonight = try #require(runner.state.tonight(at: now))
        #expect(String(describing: tonight) == "night 2026-11-30 exitWaiting, bed 23:45 in 225 min, ring green 6%, 0 of 9 done, 3 apps blocked, exit attempt 1, waiting 30 s, next stop_eating at 2026-11-30T20:45:00+01:00")
        let plan = try #require(runner.state.nightPlans.plan(for: try date("2026-11-30")))
        #expect(String(describing: plan) == "2026-11-30: bed 23:45 Europe/Berlin (2026-11-30T23:45:00+01:00), wind-down 2026-11-30T19:45:00+01:00, wake 2026-12-01T07:45:00+01:00, 1 revision")
        #expect(String(describing: plan.revisions[0]) == "seq 1 goalSet: created: bedtime 23:45 in Europe/Berlin, sleep need 480 min")
        #expect(String(describing: runner.state.sleepDebt(at: now)) == "7 nights 0 min (0 with data), 14 nights 0 min (0), weighted 0 min, nothing to recover")
        #expect(String(describing: runner.state.streaks(at: now)) == "current 0, best 0")
        #expect(String(describing: runner.warnings).hasPrefix("seq 3: skipped: bedtimeOverridden names night 2026-11-20"))
        #expect(String(describing: ProjectionWarnings()) == "no warnings")
    }
}
