import Events
import Projections
import Testing

/// docs/rules.md §7.
struct ScoreTests {
    @Test(arguments: ScorePreset.all)
    func presetsHaveValidWeightsASourceAndPositiveTargets(preset: ScorePreset) {
        #expect(preset.settings.weights.isValid)
        #expect(!preset.source.isEmpty)
        #expect(preset.doi?.hasPrefix("10.") == true)
        #expect(preset.settings.preset == preset.id)
    }

    @Test func theDefaultWeightsAreThoseOfTheDomain() {
        let weights = ScoreSettings.default.weights
        #expect([weights.duration, weights.deep, weights.bedtime, weights.rem, weights.interruptions] == [35, 25, 20, 10, 10])
    }

    @Test func rebalancingKeepsTheSumAtOneHundredUnderAnyChange() {
        var weights = ScoreWeights.defaults
        var seed: UInt64 = 42
        for _ in 0..<1000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let part = ScorePart.allCases[Int(seed >> 33) % 5]
            let value = Double((seed >> 20) % 12001) / 100 - 10
            weights = weights.rebalanced(setting: part, to: value)
            #expect(abs(weights.total - 100) < 1e-9)
            #expect(ScorePart.allCases.allSatisfy { weights.weight(of: $0) >= 0 })
        }
        let proportional = ScoreWeights.defaults.rebalanced(setting: .duration, to: 51.25)
        #expect(abs(proportional.deep - 25 * 48.75 / 65) < 1e-9, "the others keep their proportions")
        let allInOne = ScoreWeights(duration: 100, deep: 0, rem: 0, bedtime: 0, interruptions: 0).rebalanced(setting: .duration, to: 60)
        #expect(allInOne.deep == 10, "others that were all 0 share the rest equally")
    }

    @Test(arguments: [0.0, 100, 200, 239, 240, 300, 420, 480, 600])
    func everyCurveIsMonotoneAndBounded(minutes: Double) {
        let next = minutes + 1
        #expect(ScoreCurves.duration(asleepMinutes: next, needMinutes: 480) >= ScoreCurves.duration(asleepMinutes: minutes, needMinutes: 480))
        #expect(ScoreCurves.stage(minutes: next, targetMinutes: 90) >= ScoreCurves.stage(minutes: minutes, targetMinutes: 90), "more deep sleep never lowers the deep part")
        #expect(ScoreCurves.bedtime(deviationMinutes: next) <= ScoreCurves.bedtime(deviationMinutes: minutes))
        #expect(ScoreCurves.interruptions(count: 1, awakeMinutes: next) <= ScoreCurves.interruptions(count: 1, awakeMinutes: minutes))
        for value in [ScoreCurves.duration(asleepMinutes: minutes, needMinutes: 480), ScoreCurves.stage(minutes: minutes, targetMinutes: 90), ScoreCurves.bedtime(deviationMinutes: minutes), ScoreCurves.interruptions(count: Int(minutes) / 60, awakeMinutes: minutes)] {
            #expect((0...1).contains(value))
        }
    }

    @Test func curveAnchors() {
        #expect(ScoreCurves.duration(asleepMinutes: 420, needMinutes: 480) == 0.75)
        #expect(ScoreCurves.duration(asleepMinutes: 240, needMinutes: 480) == 0)
        #expect(ScoreCurves.bedtime(deviationMinutes: -15) == 1)
        #expect(ScoreCurves.bedtime(deviationMinutes: 120) == 0)
        #expect(ScoreCurves.interruptions(count: 10, awakeMinutes: 0) == 0)
    }

    /// A staged night of 7 h (deep 60, REM 90) against the fixture goal's 23:45 bedtime.
    static func scoredNight(onset: String = "2026-11-30T23:50:00+01:00", staged: Bool = true, settings: ScoreSettingsChanged? = nil) throws -> LogState {
        var log = try NightPlansTests.sevenNightGoal()
        if let settings { try log.add(.scoreSettingsChanged(settings), at: "2026-11-30T12:00:00+01:00") }
        let start = try instant(onset)
        func sample(_ id: String, _ stage: SleepStage, _ from: Int64, _ to: Int64) -> EventPayload {
            .sleepSampleIngested(SleepSampleIngested(sampleId: id, stage: stage, start: start.adding(seconds: from * 60), end: start.adding(seconds: to * 60), timeZone: "Europe/Berlin", sourceName: "Watch"))
        }
        let payloads: [EventPayload] = staged
            ? [sample("c", .core, 0, 120), sample("d", .deep, 120, 180), sample("r", .rem, 180, 270), sample("c2", .core, 270, 420)]
            : [sample("a", .asleep, 0, 420)]
        for payload in payloads { try log.add(payload, at: "2026-12-01T09:00:00+01:00") }
        return try log.state()
    }

    @Test func aNightsScoreIsTheWeightedSumOfItsParts() throws {
        let state = try Self.scoredNight()
        let score = try #require(state.score(for: try date("2026-11-30")))
        #expect(score.parts[.duration] == 0.75)
        #expect(score.parts[.deep] == 1, "60 min against the default 60-min target")
        let remValue: Double = score.parts[.rem] ?? 0
        let remExpected: Double = 90.0 / (420.0 * 0.225)
        #expect(abs(remValue - remExpected) < 1e-12, "REM in percent of time asleep")
        #expect(score.parts[.bedtime] == 1, "5 minutes after the planned bedtime")
        #expect(score.parts[.interruptions] == 1)
        let remPart: Double = 90.0 / 94.5
        let expected: Double = 35.0 * 0.75 + 25.0 + 10.0 * remPart + 20.0 + 10.0
        #expect(abs(score.unroundedTotal - expected) < 1e-9)
        #expect(score.total == Int((expected + 0.5).rounded(.down)))
        #expect(score.costliestPart == .duration)
        #expect((0...100).contains(score.total))
        for part in ScorePart.allCases {
            #expect((0...(score.weights[part] ?? 0)).contains(score.points(part) ?? 0), "each part within its weight")
        }
    }

    @Test func missingPartsScaleTheOthersToOneHundred() throws {
        let state = try Self.scoredNight(staged: false)
        let score = try #require(state.score(for: try date("2026-11-30")))
        #expect(score.parts[.deep] == nil)
        #expect(score.parts[.rem] == nil)
        let scaled = score.weights
        #expect(abs(scaled.values.reduce(0, +) - 100) < 1e-9)
        #expect(abs((scaled[.duration] ?? 0) - 35 * 100 / 65) < 1e-9)
    }

    @Test func minuteAndPercentTargets() throws {
        let settings = ScoreSettingsChanged(weights: .defaults, deepTarget: .percent(20), remTarget: .minutes(90), preset: nil)
        let score = try #require(try Self.scoredNight(settings: settings).score(for: try date("2026-11-30")))
        #expect(score.deepTargetMinutes == 84)
        #expect(abs((score.parts[.deep] ?? 0) - 60.0 / 84) < 1e-12)
        #expect(score.parts[.rem] == 1)
    }

    @Test func invalidSettingsAreSkippedWithAWarning() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.scoreSettingsChanged(ScoreSettingsChanged(weights: ScoreWeights(duration: 50, deep: 50, rem: 10, bedtime: 0, interruptions: 0), deepTarget: .minutes(60), remTarget: .percent(20))), at: "2026-11-30T12:00:00+01:00")
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.seq) == [2])
        #expect(runner.state.scoreInputs.settings == ScoreSettings.default)
    }

    @Test func theUsualBedtimeIsAMedianOfMinutesAfterNoon() throws {
        // Without a plan, 23:50 and 00:10 are 20 minutes apart, not 23 h 40 min.
        var log = PlanLog()
        for (index, onset) in ["2026-11-30T23:50:00+01:00", "2026-12-02T00:10:00+01:00", "2026-12-03T00:00:00+01:00"].enumerated() {
            let start = try instant(onset)
            try log.add(.sleepSampleIngested(SleepSampleIngested(sampleId: "s\(index)", stage: .asleep, start: start, end: start.adding(seconds: 7 * 3600), timeZone: "Europe/Berlin", sourceName: "Watch")), at: start.adding(seconds: 8 * 3600).rfc3339)
        }
        let state = try log.state()
        #expect(state.recentOnsets(before: try date("2026-12-02")) == [710, 730])
        let score = try #require(state.score(for: try date("2026-12-02")))
        #expect(score.parts[.bedtime] == 1, "00:00 is 0 minutes from the median 00:00")
        #expect(score.bedtimeReference == nil)
    }

    @Test(arguments: [(49, ScoreBand.low), (50, .fair), (74, .fair), (75, .good)])
    func tunableBands(total: Int, band: ScoreBand) {
        #expect(ScoreBand(total: total) == band)
    }

    @Test(arguments: [(40, AppleScoreBand.veryLow), (41, .low), (60, .low), (61, .ok), (80, .ok), (81, .high), (95, .high), (96, .veryHigh), (100, .veryHigh)])
    func appleBands(total: Int, band: AppleScoreBand) {
        #expect(AppleScoreBand(total: total) == band)
    }

    @Test func theAppleEstimateFollowsWhatIsKnownOfItsDurationCurve() throws {
        func record(asleepMinutes: Int64) throws -> SleepRecord {
            SleepRecord(night: try date("2026-11-30"), onset: try instant("2026-11-30T23:00:00+01:00"), finalWake: try instant("2026-12-01T07:00:00+01:00"), timeZone: "Europe/Berlin", asleepMilliseconds: asleepMinutes * 60_000, coreMilliseconds: nil, deepMilliseconds: nil, remMilliseconds: nil, stagedSource: nil, awakeMilliseconds: 0, interruptions: 0, latencyMilliseconds: nil, efficiency: 1, napMilliseconds: 0, source: .samples)
        }
        func duration(_ minutes: Int64) throws -> Double {
            AppleScoreEstimate.estimate(record: try record(asleepMinutes: minutes), onsetMinutesAfterNoon: 660, recentOnsets: []).duration
        }
        #expect(try duration(480) == 50)
        #expect(try duration(470) == 50, "nothing lost from 7 h 50 min up")
        #expect(abs(try duration(410) - 44) < 0.01, "about 6 points at 1 h short")
        #expect(abs(try duration(350) - 37) < 0.01, "about 13 points at 2 h short")
        #expect(try duration(300) < (try duration(350)))
    }
}

/// The same log gives the same bytes: a score's total is summed in part order, never in a
/// dictionary's or a set's (their order changes from one instance to the next, and with it
/// the last bits of a floating-point sum; a total near x.5 could then round either way).
struct ScoreDeterminismTests {
    @Test func theTotalIsTheSumOfThePartsInPartOrder() throws {
        let state = try SleepDebtTests.log(asleep: [437, 401, 455, 463, 389, 470, 444]).state()
        for offset in 0..<7 {
            let night = try date("2026-11-30").adding(days: offset)
            let score = try #require(state.score(for: night))
            var expected = 0.0
            for part in ScorePart.allCases {
                guard let value = score.parts[part] else { continue }
                expected += (score.weights[part] ?? 0) * value
            }
            #expect(score.unroundedTotal.bitPattern == expected.bitPattern, "night \(night.iso)")
            // Asked again (new dictionaries, new sets), the same bits.
            #expect(state.score(for: night)?.unroundedTotal.bitPattern == score.unroundedTotal.bitPattern)
        }
    }
}
