import Events
import Projections
import Testing

/// docs/rules.md §5.
struct SleepLedgerTests {
    static let watch = "Noah\u{2019}s Apple Watch"
    static let autoSleep = "AutoSleep"

    static func sample(_ id: String, _ stage: SleepStage, _ start: String, _ end: String, source: String = watch, zone: String? = "Europe/Berlin") throws -> EventPayload {
        .sleepSampleIngested(SleepSampleIngested(sampleId: id, stage: stage, start: try instant(start), end: try instant(end), timeZone: zone, sourceName: source))
    }

    /// Adds `payloads` the next morning, the way HealthKit delivers them.
    static func log(_ payloads: [EventPayload], at: String = "2026-12-01T09:00:00+01:00", goal: Bool = true) throws -> PlanLog {
        var log = goal ? try NightPlansTests.sevenNightGoal() : PlanLog()
        for payload in payloads { try log.add(payload, at: at, source: .health) }
        return log
    }

    /// A staged watch night: in bed 23:40, asleep 23:55 – 07:00 with a 3-minute and a
    /// 30-second awake gap.
    static func stagedNight() throws -> [EventPayload] {
        [
            try sample("bed", .inBed, "2026-11-30T23:40:00+01:00", "2026-12-01T07:05:00+01:00"),
            try sample("c1", .core, "2026-11-30T23:55:00+01:00", "2026-12-01T00:40:00+01:00"),
            try sample("d1", .deep, "2026-12-01T00:40:00+01:00", "2026-12-01T01:40:00+01:00"),
            try sample("w1", .awake, "2026-12-01T01:40:00+01:00", "2026-12-01T01:43:00+01:00"),
            try sample("r1", .rem, "2026-12-01T01:43:00+01:00", "2026-12-01T02:30:00+01:00"),
            try sample("c2", .core, "2026-12-01T02:30:00+01:00", "2026-12-01T05:00:00+01:00"),
            try sample("r2", .rem, "2026-12-01T05:00:30+01:00", "2026-12-01T07:00:00+01:00"),
        ]
    }

    @Test func aStagedNightHasEveryFigure() throws {
        let state = try Self.log(try Self.stagedNight()).state()
        let record = try #require(state.sleep.records[try date("2026-11-30")])
        #expect(record.onset.rfc3339 == "2026-11-30T23:55:00+01:00")
        #expect(record.finalWake.rfc3339 == "2026-12-01T07:00:00+01:00")
        let asleep: Int64 = (425 - 3) * 60_000 - 30_000
        #expect(record.asleepMilliseconds == asleep, "7 h 05 min less the two gaps")
        #expect(record.coreMilliseconds == Int64((45 + 150) * 60_000))
        #expect(record.deepMilliseconds == Int64(60 * 60_000))
        let rem: Int64 = (47 * 60 + 119 * 60 + 30) * 1000
        #expect(record.remMilliseconds == rem)
        let awake: Int64 = 3 * 60_000 + 30_000
        #expect(record.awakeMilliseconds == awake)
        #expect(record.interruptions == 1, "the 30-second gap is not an interruption")
        #expect(record.latencyMilliseconds == Int64(15 * 60_000))
        #expect(abs(record.efficiency - Double(record.asleepMilliseconds) / Double(440 * 60_000)) < 1e-12)
        #expect(record.stagedSource == Self.watch)
        #expect(record.napMilliseconds == 0)
        #expect(record.source == .samples)
    }

    @Test func overlappingSourcesNeverCountTwice() throws {
        var payloads = try Self.stagedNight()
        payloads.append(try Self.sample("auto", .asleep, "2026-11-30T23:50:00+01:00", "2026-12-01T06:30:00+01:00", source: Self.autoSleep))
        let record = try #require(try Self.log(payloads).state().sleep.records[try date("2026-11-30")])
        // AutoSleep fills the gaps and starts 5 minutes earlier; the union counts each minute once.
        #expect(record.onset.rfc3339 == "2026-11-30T23:50:00+01:00")
        #expect(record.asleepMilliseconds == Int64(430 * 60_000))
        #expect(record.stagedSource == Self.watch, "AutoSleep has no staged samples")
        #expect(record.deepMilliseconds == Int64(60 * 60_000))
    }

    @Test func theSourceWithMostStagedTimeGivesTheStagesAndATieGoesToTheFirstName() throws {
        let payloads = [
            try Self.sample("a-deep", .deep, "2026-12-01T00:00:00+01:00", "2026-12-01T01:00:00+01:00", source: "Beta Ring"),
            try Self.sample("b-deep", .deep, "2026-12-01T00:00:00+01:00", "2026-12-01T00:30:00+01:00", source: "Alpha Band"),
            try Self.sample("b-core", .core, "2026-12-01T00:30:00+01:00", "2026-12-01T01:00:00+01:00", source: "Alpha Band"),
        ]
        let record = try #require(try Self.log(payloads).state().sleep.records[try date("2026-11-30")])
        #expect(record.stagedSource == "Alpha Band", "60 min each: the alphabetically first wins")
        #expect(record.deepMilliseconds == Int64(30 * 60_000))
        #expect(record.asleepMilliseconds == Int64(60 * 60_000))
    }

    @Test func aReDeliveredSampleReplacesTheEarlierOne() throws {
        var log = try Self.log(try Self.stagedNight())
        try log.add(try Self.sample("d1", .deep, "2026-12-01T00:40:00+01:00", "2026-12-01T01:10:00+01:00"), at: "2026-12-01T09:05:00+01:00")
        let record = try #require(try log.state().sleep.records[try date("2026-11-30")])
        #expect(record.deepMilliseconds == Int64(30 * 60_000))
        #expect(record.interruptions == 1, "the shortened sample's 30-minute gap joins the 3-minute one")
        let awake: Int64 = 33 * 60_000 + 30_000
        #expect(record.awakeMilliseconds == awake)
    }

    @Test func aDeletedSampleIsGoneAndStaysGone() throws {
        var log = try Self.log(try Self.stagedNight())
        try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: "r2")), at: "2026-12-01T09:10:00+01:00")
        try log.add(try Self.sample("r2", .rem, "2026-12-01T05:00:30+01:00", "2026-12-01T07:00:00+01:00"), at: "2026-12-01T09:20:00+01:00")
        let runner = try log.runner()
        let record = try #require(runner.state.sleep.records[try date("2026-11-30")])
        #expect(record.finalWake.rfc3339 == "2026-12-01T05:00:00+01:00")
        #expect(runner.warnings.all.last?.message.contains("deleted sample stays deleted") == true)
    }

    @Test func anUnstagedNightHasNoStages() throws {
        let record = try #require(try Self.log([
            try Self.sample("s", .asleep, "2026-11-30T23:30:00+01:00", "2026-12-01T07:00:00+01:00", source: "Phone"),
        ]).state().sleep.records[try date("2026-11-30")])
        #expect(record.coreMilliseconds == nil)
        #expect(record.deepMilliseconds == nil)
        #expect(record.remMilliseconds == nil)
        #expect(record.latencyMilliseconds == nil, "no in-bed stretch holds the onset")
        #expect(record.efficiency == 1)
    }

    @Test func aNightWithInBedOnlyHasNoRecord() throws {
        let state = try Self.log([try Self.sample("bed", .inBed, "2026-11-30T23:00:00+01:00", "2026-12-01T07:00:00+01:00", source: "Phone")]).state()
        #expect(state.sleep.records[try date("2026-11-30")] == nil)
        #expect(state.sleepDebt(at: try instant("2026-12-01T09:00:00+01:00")).nightsWithData7 == 0, "not counted as zero sleep")
    }

    @Test func aManualNightAndSamplesWinningOverIt() throws {
        var log = try Self.log([])
        try log.add(.manualSleepLogged(ManualSleepLogged(night: try night("2026-11-30"), bedtime: try instant("2026-11-30T23:30:00+01:00"), wakeTime: try instant("2026-12-01T06:45:00+01:00"))), at: "2026-12-01T08:00:00+01:00")
        let manual = try #require(try log.state().sleep.records[try date("2026-11-30")])
        #expect(manual.source == .manual)
        #expect(manual.asleepMilliseconds == Int64(435 * 60_000))
        #expect(manual.awakeMilliseconds == 0)
        #expect(manual.interruptions == 0)
        #expect(manual.latencyMilliseconds == nil)
        #expect(manual.efficiency == 1)
        #expect(manual.deepMilliseconds == nil)
        for payload in try Self.stagedNight() { try log.add(payload, at: "2026-12-01T09:00:00+01:00") }
        #expect(try log.state().sleep.records[try date("2026-11-30")]?.source == .samples)
    }

    @Test func theMainSleepIsTheLongestRunAndTheRestIsNaps() throws {
        let record = try #require(try Self.log([
            try Self.sample("nap", .asleep, "2026-11-30T15:00:00+01:00", "2026-11-30T15:40:00+01:00"),
            try Self.sample("n1", .asleep, "2026-11-30T23:30:00+01:00", "2026-12-01T02:00:00+01:00"),
            try Self.sample("n2", .asleep, "2026-12-01T03:50:00+01:00", "2026-12-01T07:00:00+01:00"),
        ]).state().sleep.records[try date("2026-11-30")])
        #expect(record.onset.rfc3339 == "2026-11-30T23:30:00+01:00", "a gap under 2 h joins the run")
        #expect(record.asleepMilliseconds == Int64((150 + 190) * 60_000))
        #expect(record.interruptions == 1)
        #expect(record.awakeMilliseconds == Int64(110 * 60_000))
        #expect(record.napMilliseconds == Int64(40 * 60_000))
    }

    @Test func anInBedStretchEndingExactlyAtOnsetHoldsIt() throws {
        let record = try #require(try Self.log([
            try Self.sample("bed1", .inBed, "2026-11-30T23:00:00+01:00", "2026-11-30T23:10:00+01:00", source: "Phone"),
            try Self.sample("bed2", .inBed, "2026-11-30T23:10:30+01:00", "2026-11-30T23:20:00+01:00", source: "Phone"),
            try Self.sample("s", .asleep, "2026-11-30T23:20:00+01:00", "2026-12-01T07:00:00+01:00"),
        ]).state().sleep.records[try date("2026-11-30")])
        #expect(record.latencyMilliseconds == Int64(20 * 60_000), "in-bed pieces under 1 min apart are one stretch")
    }

    @Test func aSampleBelongsToTheNightOfItsOwnZone() throws {
        // Asleep in San Francisco from 22:30 on Nov 30: in Berlin that is 07:30 on Dec 1,
        // which would be night Nov 30 too — so take one starting at 11:30 SF = 20:30 Berlin.
        let state = try Self.log([
            try Self.sample("sf", .asleep, "2026-12-01T11:30:00-08:00", "2026-12-01T11:50:00-08:00", zone: "America/Los_Angeles"),
        ]).state()
        #expect(state.sleep.records[try date("2026-11-30")] != nil, "11:30 in San Francisco is still the night of Nov 30")
        #expect(state.sleep.records[try date("2026-12-01")] == nil, "20:30 in Berlin would be Dec 1")
    }

    @Test func aDaylightSavingNightIsJudgedInRealTime() throws {
        var log = PlanLog()
        try log.add(try Self.sample("s", .asleep, "2026-10-24T23:00:00+02:00", "2026-10-25T07:00:00+01:00"), at: "2026-10-25T08:00:00+01:00")
        let record = try #require(try log.state().sleep.records[try date("2026-10-24")])
        #expect(record.asleepMilliseconds == 9 * 3_600_000, "23:00 to 07:00 on the night the clocks go back is 9 hours")
    }

    @Test func aNightsDeliveryIsBuiltOnceAndOnlyTheNightsTouchedAreRebuilt() throws {
        // Night A's sample, then two of night B's (one delivery), then one of night C's.
        var log = try Self.log([
            try Self.sample("a", .asleep, "2026-11-30T23:30:00+01:00", "2026-12-01T07:00:00+01:00"),
            try Self.sample("b1", .asleep, "2026-12-01T23:30:00+01:00", "2026-12-02T03:00:00+01:00"),
            try Self.sample("b2", .asleep, "2026-12-02T03:05:00+01:00", "2026-12-02T07:00:00+01:00"),
        ], at: "2026-12-02T09:00:00+01:00")
        #expect(try log.state().sleep.rebuildCount == 1, "night A was built when B's delivery began; B is still arriving")
        try log.add(try Self.sample("c", .asleep, "2026-12-02T23:30:00+01:00", "2026-12-03T07:00:00+01:00"), at: "2026-12-03T09:00:00+01:00")
        try log.add(.sleepSampleDeleted(SleepSampleDeleted(sampleId: "nothing-like-it")), at: "2026-12-03T09:01:00+01:00")
        let state = try log.state()
        #expect(state.sleep.rebuildCount == 2, "B once for its two samples; A never again; deleting an unknown sample rebuilds nothing")
        #expect(state.sleep.record(for: try date("2026-12-01"))?.asleepMilliseconds == Int64(445 * 60_000), "B's record covers both samples")
        #expect(state.sleep.record(for: try date("2026-12-02")) != nil, "the night still arriving is built on demand")
        #expect(state.sleep.nightsWithData.map(\.iso) == ["2026-11-30", "2026-12-01", "2026-12-02"])
    }

    @Test(arguments: [
        ("2026-11-30T23:00:00+01:00", "2026-11-30T23:00:00+01:00", "ends at or before its start"),
        ("2026-11-30T07:00:00+01:00", "2026-12-01T07:00:01+01:00", "lasts more than 24 h"),
        ("2026-12-02T09:00:00+01:00", "2026-12-02T09:00:01+01:00", "ends more than a day after"),
    ])
    func samplesOutOfRangeAreSkippedWithAWarning(start: String, end: String, reason: String) throws {
        let runner = try Self.log([try Self.sample("x", .asleep, start, end)]).runner()
        #expect(runner.warnings.all.last?.message.contains(reason) == true)
        #expect(runner.state.sleep.records.isEmpty)
    }

    @Test func vitalsAreSummarisedPerNight() throws {
        func vital(_ id: String, _ kind: VitalKind, _ value: Double, _ start: String) throws -> EventPayload {
            .vitalSampleIngested(VitalSampleIngested(sampleId: id, kind: kind, value: value, unit: "x", start: try instant(start), end: try instant(start)))
        }
        let state = try Self.log([
            try vital("h1", .hrv, 40, "2026-12-01T02:00:00+01:00"),
            try vital("h2", .hrv, 50, "2026-12-01T04:00:00+01:00"),
            try vital("r1", .restingHeartRate, 58, "2026-12-01T03:00:00+01:00"),
            try vital("r2", .restingHeartRate, 54, "2026-12-01T05:00:00+01:00"),
            try vital("h1", .hrv, 60, "2026-12-01T02:00:00+01:00"),
        ]).state()
        let vitals = try #require(state.sleep.vitals(on: try date("2026-11-30")))
        #expect(vitals.meanHRV == 55, "a re-ingested reading replaces the earlier one")
        #expect(vitals.lowestRestingHeartRate == 54)
        #expect(vitals.meanSpO2 == nil)
    }
}
