import Events
import Projections
import Testing
import TestSupport

/// docs/rules.md §8.4 (caffeine and workouts) and §12 (their day).
struct HealthSamplesTests {
    static func caffeine(_ id: String, mg: Double = 95, _ start: String, zone: String? = nil, source: String = "iPhone") throws -> EventPayload {
        .caffeineIngested(CaffeineIngested(sampleId: id, mg: mg, start: try instant(start), timeZone: zone, sourceName: source))
    }

    static func workout(_ id: String, _ start: String, _ end: String, activity: String = "running", zone: String? = nil, kilocalories: Double? = nil) throws -> EventPayload {
        .workoutIngested(WorkoutIngested(sampleId: id, activity: activity, start: try instant(start), end: try instant(end), timeZone: zone, sourceName: "Apple Watch", kilocalories: kilocalories))
    }

    static func log(_ entries: [(EventPayload, String)]) throws -> PlanLog {
        var log = PlanLog()
        for (payload, at) in entries { try log.add(payload, at: at, source: .health) }
        return log
    }

    @Test func aReIngestedIdReplacesItsSampleAndKindsAreApart() throws {
        let state = try Self.log([
            (try Self.caffeine("x", mg: 80, "2026-12-03T08:00:00+01:00"), "2026-12-03T08:01:00+01:00"),
            (try Self.workout("x", "2026-12-03T18:00:00+01:00", "2026-12-03T19:00:00+01:00"), "2026-12-03T19:01:00+01:00"),
            (try Self.caffeine("x", mg: 120, "2026-12-03T08:00:00+01:00"), "2026-12-03T20:00:00+01:00"),
        ]).state()
        #expect(state.health.caffeineSamples.map(\.mg) == [120])
        #expect(state.health.workouts.map(\.sampleId) == ["x"], "a caffeine id never replaces a workout")
    }

    @Test func aDeletedIdStaysDeletedForEveryKind() throws {
        let vital = EventPayload.vitalSampleIngested(VitalSampleIngested(
            sampleId: "v", kind: .hrv, value: 50, unit: "ms", start: try instant("2026-12-04T02:00:00+01:00"), end: try instant("2026-12-04T02:05:00+01:00")))
        var log = try Self.log([
            (try Self.caffeine("c", "2026-12-03T08:00:00+01:00"), "2026-12-03T08:01:00+01:00"),
            (try Self.workout("w", "2026-12-03T18:00:00+01:00", "2026-12-03T19:00:00+01:00"), "2026-12-03T19:01:00+01:00"),
            (vital, "2026-12-04T07:00:00+01:00"),
        ])
        let before = try log.state()
        #expect(before.sleep.vitals(on: try date("2026-12-03"))?.meanHRV != nil)
        for id in ["c", "w", "v"] { try log.add(.healthSampleDeleted(HealthSampleDeleted(sampleId: id)), at: "2026-12-04T08:00:00+01:00", source: .health) }
        try log.add(try Self.caffeine("c", "2026-12-03T08:00:00+01:00"), at: "2026-12-04T09:00:00+01:00", source: .health)
        try log.add(try Self.workout("w", "2026-12-03T18:00:00+01:00", "2026-12-03T19:00:00+01:00"), at: "2026-12-04T09:01:00+01:00", source: .health)
        try log.add(vital, at: "2026-12-04T09:02:00+01:00", source: .health)
        let runner = try log.runner()
        #expect(runner.state.health.caffeineSamples.isEmpty)
        #expect(runner.state.health.workouts.isEmpty)
        #expect(runner.state.sleep.vitals(on: try date("2026-12-03"))?.meanHRV == nil)
        #expect(runner.state.health.isDeleted("w") && runner.state.sleep.isVitalDeleted("v"))
        let stays = runner.warnings.all.filter { $0.message.contains("a deleted sample stays deleted") }
        #expect(stays.map(\.seq) == [7, 8, 9])
    }

    @Test(arguments: [
        (1000.0, true), (0.5, true), (0.0, false), (-5.0, false), (1000.5, false),
    ])
    func caffeineAmounts(mg: Double, kept: Bool) throws {
        let runner = try Self.log([(try Self.caffeine("c", mg: mg, "2026-12-03T08:00:00+01:00"), "2026-12-03T08:01:00+01:00")]).runner()
        #expect(runner.state.health.caffeineSamples.count == (kept ? 1 : 0))
        #expect(runner.warnings.all.count == (kept ? 0 : 1))
    }

    @Test func aCaffeineSampleStartsNoLaterThanADayAfterItsEvent() throws {
        let at = "2026-12-03T08:00:00+01:00"
        let state = try Self.log([
            (try Self.caffeine("on", "2026-12-04T08:00:00+01:00"), at),
            (try Self.caffeine("late", "2026-12-04T08:00:00.001+01:00"), at),
        ]).state()
        #expect(state.health.caffeineSamples.map(\.sampleId) == ["on"])
    }

    @Test func workoutRanges() throws {
        let at = "2026-12-04T20:00:00+01:00"
        let runner = try Self.log([
            (try Self.workout("day", "2026-12-03T20:00:00+01:00", "2026-12-04T20:00:00+01:00"), at),
            (try Self.workout("long", "2026-12-03T19:59:59+01:00", "2026-12-04T20:00:00+01:00"), at),
            (try Self.workout("none", "2026-12-04T19:00:00+01:00", "2026-12-04T19:00:00+01:00"), at),
            (try Self.workout("burn", "2026-12-04T18:00:00+01:00", "2026-12-04T19:00:00+01:00", kilocalories: -1), at),
            (try Self.workout("blank", "2026-12-04T18:00:00+01:00", "2026-12-04T19:00:00+01:00", activity: " "), at),
        ]).runner()
        #expect(runner.state.health.workouts.map(\.sampleId) == ["day"])
        #expect(runner.warnings.all.count == 4)
    }

    @Test func theDayIsTheLocalDateFourHoursEarlierInTheSamplesOwnZone() throws {
        let state = try Self.log([
            (try Self.caffeine("morning", "2026-12-03T08:00:00+01:00"), "2026-12-03T23:00:00+01:00"),
            (try Self.caffeine("night", "2026-12-04T00:30:00+01:00"), "2026-12-04T01:00:00+01:00"),
            (try Self.caffeine("ny", "2026-12-04T02:30:00+01:00", zone: "America/New_York"), "2026-12-04T03:00:00+01:00"),
            // 04:30 CEST on the morning of the spring change is 23:30 CET the day before.
            (try Self.caffeine("spring", "2027-03-28T04:30:00+02:00"), "2027-03-28T05:00:00+02:00"),
        ]).state()
        let days = Dictionary(uniqueKeysWithValues: state.health.caffeineSamples.map { ($0.sampleId, $0.day.iso) })
        #expect(days == ["morning": "2026-12-03", "night": "2026-12-03", "ny": "2026-12-03", "spring": "2027-03-27"])
        #expect(state.health.caffeine(withId: "ny")?.timeZone == "America/New_York")
        #expect(state.health.caffeine(withId: "night")?.timeZone == "Europe/Berlin", "else its event's")
        let range = try date("2026-12-03")...date("2026-12-03")
        #expect(state.health.caffeineSamples(onDays: range).map(\.sampleId) == ["morning", "night", "ny"])
    }

    @Test func aSampleInAZoneThePlatformDoesNotKnowIsSkippedWithAWarning() throws {
        let runner = try Self.log([
            (try Self.workout("w", "2026-12-03T18:00:00+01:00", "2026-12-03T19:00:00+01:00", zone: "Mars/Olympus_Mons"), "2026-12-03T19:01:00+01:00"),
        ]).runner()
        #expect(runner.state.health.workouts.isEmpty)
        #expect(runner.warnings.all.map(\.message) == [#"skipped: time zone "Mars/Olympus_Mons" is not known to this platform's time-zone data"#])
    }

    @Test func theStateSurvivesACheckpointAtEveryCut() throws {
        let log = try Self.log([
            (try Self.caffeine("c", "2026-12-03T08:00:00+01:00", zone: "Europe/Berlin"), "2026-12-03T08:01:00+01:00"),
            (try Self.workout("w", "2026-12-03T18:00:00+01:00", "2026-12-03T19:00:00+01:00", kilocalories: 300), "2026-12-03T19:01:00+01:00"),
            (try Self.workout("w2", "2026-12-03T20:00:00+01:00", "2026-12-03T21:00:00+01:00", activity: "yoga"), "2026-12-03T21:01:00+01:00"),
            (.healthSampleDeleted(HealthSampleDeleted(sampleId: "c")), "2026-12-03T22:00:00+01:00"),
            (try Self.caffeine("c", "2026-12-03T08:00:00+01:00"), "2026-12-03T22:01:00+01:00"),
        ])
        let events = EventOrdering.sorted(log.events)
        for cut in 0...events.count {
            try CheckpointRoundTrip.expect(events, cut: cut, label: "cut \(cut)")
        }
    }
}
