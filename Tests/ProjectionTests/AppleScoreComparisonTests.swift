import Events
import Foundation
import Projections
import Testing
import TestSupport

/// The estimate of Apple's Sleep Score beside the logged one (docs/rules.md §7.3), and the
/// calibration fixture `Tests/Fixtures/AppleScores` (see its README.md).
struct AppleScoreComparisonTests {
    // MARK: The calibration fixture

    /// The fixture folded as `replay-tool show` folds it.
    static func fixtureState() throws -> LogState {
        let url = Golden.fixture("AppleScores/logged-nights.jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var decoder = EventLineDecoder()
        let events = try lines.map { try decoder.decode(line: Array($0.utf8)) }
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(events))
        #expect(runner.warnings.all.isEmpty)
        return runner.state
    }

    /// The regression test of the estimate: mean absolute errors over the fixture's 20
    /// logged nights, measured with the curves of `AppleScoreEstimate` as committed
    /// (total 1.15 points; duration 0.383, bedtime 1.05, interruptions 0.45). The ceilings are the errors measured when the
    /// comparison was written (1 real and 19 made-up logged scores; see the fixture's
    /// README). A change of the estimate that lowers an error is welcome: lower the ceiling
    /// to the new figure with it. A change that raises one fails here on purpose: the
    /// estimate got further from the logged scores; raise a ceiling only with a reason
    /// written beside it.
    @Test func theEstimatesMeanErrorOverTheFixtureDoesNotGrow() throws {
        let comparison = try Self.fixtureState().appleScoreComparison()
        #expect(comparison.nights.count == 20)
        #expect(comparison.excludedCount == 0)
        #expect(comparison.loggedCount(of: .interruptions) == 18)

        let totalCeiling = 1.15
        let partCeilings: [AppleScorePart: Double] = [.duration: 0.383, .bedtime: 1.05, .interruptions: 0.45]
        let total = try #require(comparison.meanAbsoluteError)
        #expect(total <= totalCeiling + 1e-9, "mean absolute error of the total: \(total), ceiling \(totalCeiling)")
        for part in AppleScorePart.allCases {
            let error = try #require(comparison.meanAbsoluteError(of: part))
            let ceiling = partCeilings[part] ?? 0
            #expect(error <= ceiling + 1e-9, "mean absolute error of \(part): \(error), ceiling \(ceiling)")
        }
        // And no fewer nights in Apple's band of the logged score than now (19 of 20).
        #expect(comparison.nightsInTheSameBand >= 19)
    }

    @Test func thePublishedNightIsInTheFixtureAndItsErrorsAreReported() throws {
        let state = try Self.fixtureState()
        let published = try date("2027-01-14")
        let comparison = state.appleScoreComparison()
        let night = try #require(comparison.nights.first { $0.night == published })
        // The one published real breakdown.
        #expect(night.logged.total == 84)
        #expect(night.logged.duration == 40)
        #expect(night.logged.bedtime == 30)
        #expect(night.logged.interruptions == 14)
        // Its sleep, as the README tells it: 6 h 15 min asleep, three wake-ups of 15 min in
        // all, staged, deep and REM normal, the usual onset.
        let record = try #require(state.sleep.records[published])
        #expect(record.asleepMilliseconds == 375 * 60_000)
        #expect(record.interruptions == 3)
        #expect(record.awakeMilliseconds == 15 * 60_000)
        // The errors are estimate − logged, per part unrounded and per night in whole points.
        let estimate = night.estimate
        #expect(night.error(of: .duration) == estimate.duration - 40)
        #expect(night.error(of: .bedtime) == estimate.bedtime - 30)
        #expect(night.error(of: .interruptions) == estimate.interruptions - 14)
        #expect(night.totalError == estimate.total - 84)
        // With the curves as they are, the estimate meets it.
        #expect(abs(estimate.duration - 40) < 0.5)
        #expect(estimate.bedtime == 30)
        #expect(abs(estimate.interruptions - 14) < 0.5)
        #expect(night.totalError == 0)
        #expect(night.estimateBand == .high)
        #expect(night.loggedBand == .high)
        #expect(night.bandsAgree)
    }

    @Test func theLatestScoreTypedInForANightIsTheOneCompared() throws {
        let comparison = try Self.fixtureState().appleScoreComparison()
        let retyped = try #require(comparison.nights.first { $0.night == (try? date("2027-01-12")) })
        #expect(retyped.logged.interruptions == 17, "typed in first without, then with interruptions")
    }

    @Test func fromAndToBoundTheNightsInclusively() throws {
        let state = try Self.fixtureState()
        let week = state.appleScoreComparison(from: try date("2027-01-10"), to: try date("2027-01-16"))
        #expect(week.nights.map(\.night.iso) == ["2027-01-10", "2027-01-11", "2027-01-12", "2027-01-13", "2027-01-14", "2027-01-15", "2027-01-16"])
        #expect(state.appleScoreComparison(to: try date("2027-01-09")).nights.count == 2)
        #expect(state.appleScoreComparison(from: try date("2027-01-26")).nights.count == 2)
        #expect(state.appleScoreComparison(from: try date("2027-02-01")).meanAbsoluteError == nil)
    }

    // MARK: Logs built in the test

    /// A staged watch night from `onset` (Europe/Berlin, January): `minutes` asleep, 16 %
    /// deep and 22 % REM, no wake-up, delivered the next morning.
    static func addNight(_ log: inout PlanLog, _ prefix: String, onset: String, minutes: Int64) throws {
        let start = try instant(onset)
        let deep = minutes * 16 / 100
        let rem = minutes * 22 / 100
        let blocks: [(SleepStage, Int64)] = [(.core, 30), (.deep, deep), (.core, minutes - 30 - deep - rem), (.rem, rem)]
        var offset: Int64 = 0
        for (index, block) in blocks.enumerated() {
            let sample = SleepSampleIngested(
                sampleId: "\(prefix)-\(index)", stage: block.0, start: start.adding(seconds: offset * 60),
                end: start.adding(seconds: (offset + block.1) * 60), timeZone: "Europe/Berlin", sourceName: "Apple Watch"
            )
            try log.add(.sleepSampleIngested(sample), at: start.adding(seconds: (minutes + 30) * 60).rfc3339, source: .health)
            offset += block.1
        }
    }

    /// A score typed in for `night`.
    static func logged(_ night: String, total: Int, duration: Int, bedtime: Int, interruptions: Int?) throws -> EventPayload {
        .appleSleepScoreLogged(AppleSleepScoreLogged(night: try Night(text: night), total: total, duration: duration, bedtime: bedtime, interruptions: interruptions))
    }

    @Test func aLoggedNightWithoutASleepRecordIsLeftOutAndCounted() throws {
        var log = PlanLog()
        try Self.addNight(&log, "a", onset: "2027-01-04T23:30:00+01:00", minutes: 480)
        try log.add(try Self.logged("2027-01-04", total: 97, duration: 50, bedtime: 30, interruptions: 17), at: "2027-01-05T08:00:00+01:00")
        // The watch was charging: a score typed in for a night with no sleep data.
        try log.add(try Self.logged("2027-01-05", total: 80, duration: 40, bedtime: 25, interruptions: 15), at: "2027-01-06T08:00:00+01:00")
        let comparison = try log.state().appleScoreComparison()
        #expect(comparison.nights.map(\.night.iso) == ["2027-01-04"])
        #expect(comparison.nightsWithoutRecord.map(\.iso) == ["2027-01-05"])
        #expect(comparison.excludedCount == 1)
        // The first night: no history, so bedtime is full; nothing lost; no wake-up.
        let night = try #require(comparison.nights.first)
        #expect(night.estimate.total == 100)
        #expect(night.totalError == 3)
        #expect(comparison.meanAbsoluteError == 3, "the excluded night counts in no figure")
        #expect(comparison.meanAbsoluteError(of: .interruptions) == 3)
    }

    @Test func interruptionsNotTypedInHaveNoErrorAndCountInNoMean() throws {
        var log = PlanLog()
        try Self.addNight(&log, "a", onset: "2027-01-04T23:30:00+01:00", minutes: 480)
        try Self.addNight(&log, "b", onset: "2027-01-05T23:30:00+01:00", minutes: 480)
        try log.add(try Self.logged("2027-01-04", total: 98, duration: 50, bedtime: 30, interruptions: 18), at: "2027-01-05T08:30:00+01:00")
        try log.add(try Self.logged("2027-01-05", total: 90, duration: 48, bedtime: 30, interruptions: nil), at: "2027-01-06T08:30:00+01:00")
        let comparison = try log.state().appleScoreComparison()
        #expect(comparison.nights.count == 2)
        let second = try #require(comparison.nights.last)
        #expect(second.logged.interruptions == nil)
        #expect(second.error(of: .interruptions) == nil)
        #expect(second.error(of: .duration) == 2)
        #expect(second.totalError == 10, "the total is compared whatever parts were typed in")
        #expect(comparison.loggedCount(of: .interruptions) == 1)
        #expect(comparison.meanAbsoluteError(of: .interruptions) == 2, "over the one night that has it")
        #expect(comparison.meanAbsoluteError(of: .duration) == 1)
        #expect(comparison.meanAbsoluteError == 6)
    }

    // MARK: The figures, from paired nights

    /// A night paired by hand: the estimate's parts and the logged parts (the logged total
    /// is their sum unless given).
    static func paired(_ iso: String, estimate: (Double, Double, Double), logged: (Int, Int, Int?), total: Int? = nil) throws -> AppleScoreComparison.ComparedNight {
        let sum = logged.0 + logged.1 + (logged.2 ?? 0)
        return AppleScoreComparison.ComparedNight(
            night: try date(iso),
            estimate: AppleScoreEstimate(duration: estimate.0, bedtime: estimate.1, interruptions: estimate.2),
            logged: AppleSleepScoreLogged(night: .date(try date(iso)), total: total ?? sum, duration: logged.0, bedtime: logged.1, interruptions: logged.2)
        )
    }

    @Test func meanErrorsAndThePartThatErrsMostInRawPoints() throws {
        let comparison = AppleScoreComparison(nights: [
            try Self.paired("2027-01-02", estimate: (44, 30, 18), logged: (40, 30, 14)),
            try Self.paired("2027-01-01", estimate: (50, 20, 16), logged: (48, 26, 16)),
        ])
        #expect(comparison.nights.map(\.night.iso) == ["2027-01-01", "2027-01-02"], "oldest first")
        #expect(comparison.nights.map(\.totalError) == [-4, 8])
        #expect(comparison.meanAbsoluteError == 6)
        #expect(comparison.meanAbsoluteError(of: .duration) == 3)
        #expect(comparison.meanAbsoluteError(of: .bedtime) == 3)
        #expect(comparison.meanAbsoluteError(of: .interruptions) == 2)
        #expect(comparison.meanError(of: .bedtime) == -3)
        #expect(comparison.partThatErrsMost == .duration, "duration and bedtime tie at 3 points: the first in part order")
        // Relative to the part's maximum bedtime errs more (3/30 against 3/50), but the
        // part that errs most is measured in raw points.
        #expect(comparison.relativeMeanAbsoluteError(of: .bedtime) == 0.1)
        #expect(comparison.relativeMeanAbsoluteError(of: .duration) == 0.06)
        let interruptionsWorst = AppleScoreComparison(nights: [try Self.paired("2027-01-01", estimate: (49, 29, 12), logged: (50, 30, 18))])
        #expect(interruptionsWorst.partThatErrsMost == .interruptions)
    }

    @Test func anEmptyComparisonHasNoFigures() {
        let comparison = AppleScoreComparison(nights: [])
        #expect(comparison.meanAbsoluteError == nil)
        #expect(comparison.meanAbsoluteError(of: .duration) == nil)
        #expect(comparison.partThatErrsMost == nil)
        #expect(comparison.nightsInTheSameBand == 0)
    }

    @Test func bandsOfTheEstimateAndOfTheLoggedTotal() throws {
        let apart = try Self.paired("2027-01-01", estimate: (44, 26, 14), logged: (40, 26, 14))
        #expect(apart.estimate.total == 84)
        #expect(apart.estimateBand == .high)
        #expect(apart.loggedBand == .ok, "80 is the top of OK")
        #expect(!apart.bandsAgree)
        let together = try Self.paired("2027-01-02", estimate: (30, 10, 0.4), logged: (28, 12, 0))
        #expect(together.estimate.total == 40)
        #expect(together.estimateBand == .veryLow)
        #expect(together.loggedBand == .veryLow)
        #expect(together.bandsAgree)
        #expect(AppleScoreComparison(nights: [apart, together]).nightsInTheSameBand == 1)
    }

    @Test func partMaximaAreApples() {
        #expect(AppleScorePart.allCases.map(\.maximum) == [50, 30, 20])
        #expect(AppleScorePart.allCases.map(\.maximum).reduce(0, +) == 100)
    }
}
