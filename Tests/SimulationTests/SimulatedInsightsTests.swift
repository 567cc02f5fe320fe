import Events
import Projections
import Simulation
import Testing

/// The simulator's profiles make the coach's figures worth looking at (issue 18): a later
/// rhythm on free nights, checklist habits that form over weeks, and, in the struggling
/// profile, stretches of short nights.
@Suite("Simulate: figures for the coach")
struct SimulatedInsightsTests {
    static func insights(nights: Int, profile: SimulationProfile, seed: UInt64 = SimulationConfiguration.defaultSeed) throws -> Insights {
        let log = try SimulatedLog(SimulationConfiguration(nights: nights, seed: seed, profile: profile))
        let asOf = try #require(log.events.map(\.at).max { $0.millisecondsSince1970 < $1.millisecondsSince1970 })
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(log.events))
        return runner.state.insights(at: asOf)
    }

    @Test(arguments: [SimulationProfile.mixed, .struggling])
    func freeNightsRunLater(profile: SimulationProfile) throws {
        let clock = try Self.insights(nights: 60, profile: profile).bodyClock
        let work = try #require(clock.workMidSleep)
        let free = try #require(clock.freeMidSleep)
        #expect(free - work >= 20, "free nights' mid-sleep \(free) against work nights' \(work)")
        #expect((clock.socialJetlagMinutes ?? 0) >= 20)
    }

    @Test func habitsFormOverWeeksAndSomeReminderMayRetire() throws {
        let early = try Self.insights(nights: 16, profile: .steady)
        let late = try Self.insights(nights: 120, profile: .steady)
        let earlyBefore = early.reminders.map(\.doneBeforeReminder).reduce(0, +)
        let lateBefore = late.reminders.map(\.doneBeforeReminder).reduce(0, +)
        #expect(lateBefore > 3 * max(earlyBefore, 1), "done before the reminder: \(earlyBefore) in the first weeks, \(lateBefore) after four months")
        #expect(late.reminders.contains { $0.retireSuggested })
    }

    @Test func theStrugglingProfileHasAStretchOfShortNights() throws {
        // Nights 104–119 of every 120 are short: the 120th night ends one.
        let insights = try Self.insights(nights: 120, profile: .struggling)
        #expect(insights.longShortStretch)
        let before = try Self.insights(nights: 100, profile: .struggling)
        #expect(!before.longShortStretch)
    }
}
