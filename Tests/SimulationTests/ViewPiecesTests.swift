import Events
@testable import Projections
import Simulation
import Testing
@testable import Views

/// The JSON view of a long log is written in pieces on several cores (`ViewPiece`), and its
/// long queries share work between nights (the plans' early revisions, the onsets behind
/// every score): the bytes must not depend on how the pieces are cut, and the shared work
/// must answer as each night asked alone.
@Suite("The JSON view in pieces")
struct ViewPiecesTests {
    /// 200 nights with goals, trips across zones, daylight-saving changes, exits and scores.
    static func folded() throws -> (state: LogState, asOf: Instant) {
        let log = try SimulatedLog(SimulationConfiguration(nights: 200, seed: 43))
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(log.events))
        return (runner.state, try #require(runner.latestInstant))
    }

    /// Expects the same bytes; says where they first differ rather than printing both views.
    static func expectSameBytes(_ actual: [UInt8], _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let common = min(actual.count, expected.count)
        let difference = (0..<common).first { actual[$0] != expected[$0] } ?? (actual.count == expected.count ? nil : common)
        #expect(difference == nil, "the views differ from byte \(difference ?? 0): \(String(decoding: actual.dropFirst(max(0, (difference ?? 0) - 80)).prefix(160), as: UTF8.self))", sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 3, 7, 500])
    func theViewIsTheSameHoweverItsNightsAreCut(runs: Int) throws {
        let (state, asOf) = try Self.folded()
        let usual = JSONView.bytes(state: state, warnings: ProjectionWarnings(), asOf: asOf)
        let cut = PrettyJSONEmitter.joined(JSONView.chunks(state: state, warnings: ProjectionWarnings(), asOf: asOf, nights: .all, runsPerSection: runs))
        #expect(usual.count > 100_000, "the log shows many nights")
        Self.expectSameBytes(cut, usual)
    }

    @Test func aRangeOfNightsIsTheSameHoweverItIsCut() throws {
        let (state, asOf) = try Self.folded()
        let nights = NightFilter(from: asOf.localDateTime.date.adding(days: -60), to: asOf.localDateTime.date.adding(days: -20))
        let usual = JSONView.bytes(state: state, warnings: ProjectionWarnings(), asOf: asOf, nights: nights)
        let cut = PrettyJSONEmitter.joined(JSONView.chunks(state: state, warnings: ProjectionWarnings(), asOf: asOf, nights: nights, runsPerSection: 5))
        Self.expectSameBytes(cut, usual)
    }

    /// `plans(asOf:)` shares the early revisions' fold from one night to the next; each
    /// plan must be the one the night gives asked alone, and the one folded over every entry.
    @Test func theListedPlansAreThoseOfEachNightAskedAlone() throws {
        let (state, asOf) = try Self.folded()
        let plans = state.nightPlans.plans(asOf: asOf)
        #expect(plans.count > 150)
        #expect(plans.contains { $0.revisions.contains(where: \.standsForEarlierPlan) }, "some nights list a revision from before their week")
        for plan in plans {
            #expect(plan == state.nightPlans.plan(for: plan.night), "night \(plan.night.iso)")
            #expect(plan == state.nightPlans.referencePlan(for: plan.night), "night \(plan.night.iso)")
        }
    }

    /// Every night's usual bedtime reads the onsets of the 14 nights with a record before
    /// it, each converted once (`OnsetMinutes`): the same figures as each night's record read
    /// in its own zone.
    @Test func theRecentOnsetsAreThoseOfThe14NightsBefore() throws {
        let (state, _) = try Self.folded()
        var shared = OnsetMinutes()
        let nights = state.sleep.nightsWithData(in: .all)
        #expect(nights.count > 150)
        for night in nights {
            let expected = try state.sleep.nightsWithData(before: night, last: LogState.usualBedtimeNights).map { previous in
                let record = try #require(state.sleep.record(for: previous))
                let resolver = try #require(LocalTimeResolver(identifier: record.timeZone))
                return LogState.minutesAfterNoon(resolver.localDateTime(of: record.onset))
            }
            #expect(state.recentOnsets(before: night, onsets: &shared) == expected, "night \(night.iso)")
            #expect(state.recentOnsets(before: night) == expected, "night \(night.iso), alone")
        }
    }

    /// The view lists the plans first and its other pieces read them again from a state that
    /// knows them (`LogState.knowing(plans:from:to:)`): every night in the run, planned or
    /// not, and every night outside it, answers as the state's own fold does.
    @Test func aStateKnowingTheListedPlansAnswersAsItsOwnFold() throws {
        let (state, asOf) = try Self.folded()
        let plans = state.nightPlans.plans(asOf: asOf)
        let first = plans[0].night.adding(days: -5)
        let last = plans[plans.count - 30].night
        let knowing = state.knowing(plans: plans.filter { $0.night <= last }, from: first, to: last)
        var night = first.adding(days: -10)
        while night <= last.adding(days: 40) {
            #expect(knowing.nightPlans.planWithoutRevisions(for: night) == state.nightPlans.planWithoutRevisions(for: night), "night \(night.iso)")
            night = night.adding(days: 1)
        }
        // The plans known are read, not folded again.
        var moved = try #require(plans.first { $0.night > first.adding(days: 20) })
        moved.bedtimeAt = moved.bedtimeAt.adding(seconds: 60)
        let told = state.knowing(plans: [moved], from: moved.night, to: moved.night)
        #expect(told.nightPlans.planWithoutRevisions(for: moved.night)?.bedtimeAt == moved.bedtimeAt)
    }
}
