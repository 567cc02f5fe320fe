import Events
import Projections
import Simulation
import Testing

/// The revision horizon on long simulated logs (trips, goals, daylight saving): every
/// night lists its own week's revisions and at most one from before, so the JSON view grows
/// in proportion to the log, not its square (docs/rules.md §1.4).
struct RevisionHorizonGrowthTests {
    /// The view's revisions and its plans, for a simulated log of `nights` nights.
    static func revisions(nights: Int) throws -> (plans: [NightPlan], revisionCount: Int) {
        let log = try SimulatedLog(SimulationConfiguration(nights: nights, seed: 7))
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(log.events))
        let asOf = try #require(runner.latestInstant)
        let plans = runner.state.nightPlans.plans(asOf: asOf)
        return (plans, plans.map(\.revisions.count).reduce(0, +))
    }

    @Test func everyNightListsItsWeekAndAtMostOneEntryFromBefore() throws {
        let (plans, _) = try Self.revisions(nights: 400)
        #expect(plans.count > 390)
        for plan in plans {
            let horizon = plan.night.adding(days: -7)
            let before = plan.revisions.filter { $0.causeNight < horizon }
            #expect(before.count <= 1, "night \(plan.night.iso)")
            if let first = before.first {
                #expect(plan.revisions.first == first, "the entry from before the week comes first")
                #expect(first.standsForEarlierPlan)
            }
            #expect(plan.revisions.dropFirst(before.count).allSatisfy { !$0.standsForEarlierPlan })
        }
        // The simulated person travels: without the horizon a late night listed dozens.
        #expect(plans.suffix(100).map(\.revisions.count).max() ?? 0 <= 8)
        #expect(plans.suffix(100).contains { $0.revisions.first?.earlierRevisionsNotListed ?? 0 > 10 })
    }

    @Test func theListedRevisionsGrowLinearlyWithTheLog() throws {
        let short = try Self.revisions(nights: 300)
        let long = try Self.revisions(nights: 600)
        let perNightShort = Double(short.revisionCount) / Double(short.plans.count)
        let perNightLong = Double(long.revisionCount) / Double(long.plans.count)
        // Quadratic growth would double the revisions per night; linear keeps them level.
        #expect(perNightLong < perNightShort * 1.3, "\(perNightShort) → \(perNightLong) revisions a night")
    }
}
