import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over `IngestVitalSamples` and the ranges of `VitalRange`.
struct IngestVitalSamplesTests {
    typealias F = SleepDataFixtures

    @Test func readingsAreAppendedAsOneBatchFromHealth() async throws {
        let samples = [try F.vital("V1", .hrv, 48.5, "ms"), try F.vital("V2", .spo2, 0.96, "%")]
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: samples))
            .thenAppended(samples.map { .vitalSampleIngested($0) })
    }

    @Test func anEmptyBatchAppendsNothing() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: []))
            .then([])
    }

    /// Each kind at both bounds of its range, in its unit.
    @Test(arguments: [
        (VitalKind.hrv, 1.0, "ms"), (.hrv, 300, "ms"),
        (.restingHeartRate, 20, "count/min"), (.restingHeartRate, 250, "count/min"),
        (.spo2, 0.5, "%"), (.spo2, 1.0, "%"),
        (.respiratoryRate, 3, "count/min"), (.respiratoryRate, 60, "count/min"),
        (.wristTemperature, 25, "degC"), (.wristTemperature, 42, "degC"),
    ])
    func aReadingAtABoundIsAccepted(kind: VitalKind, value: Double, unit: String) async throws {
        let sample = try F.vital("V", kind, value, unit)
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [sample]))
            .thenAppended([.vitalSampleIngested(sample)])
    }

    @Test(arguments: [
        (VitalKind.hrv, 0.9, "ms", "samples[1] (sampleId \"BAD\"): hrv 0.9 ms is outside the plausible range; a reading from 1 to 300 ms is accepted"),
        (.hrv, 300.5, "ms", "hrv 300.5 ms is outside"),
        (.restingHeartRate, 19, "count/min", "a reading from 20 to 250 count/min is accepted"),
        (.restingHeartRate, 251, "count/min", "restingHeartRate 251 count/min"),
        (.spo2, 0.49, "%", "a reading from 0.5 to 1 % is accepted"),
        (.spo2, 97, "%", "spo2 97 % is outside the plausible range; a reading from 0.5 to 1 % is accepted (HealthKit's percent unit is a fraction: 97 % is 0.97)"),
        (.spo2, 1.01, "%", "spo2 1.01 %"),
        (.respiratoryRate, 2.9, "count/min", "a reading from 3 to 60 count/min is accepted"),
        (.respiratoryRate, 61, "count/min", "respiratoryRate 61"),
        (.wristTemperature, 0.4, "degC", "wristTemperature 0.4 degC is outside the plausible range; a reading from 25 to 42 degC is accepted"),
        (.wristTemperature, 42.1, "degC", "wristTemperature 42.1 degC"),
    ])
    func aReadingOutOfRangeRejectsTheBatch(kind: VitalKind, value: Double, unit: String, message: String) async throws {
        let samples = [try F.vital("OK", .hrv, 50, "ms"), try F.vital("BAD", kind, value, unit)]
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: samples))
            .thenRejected(.vitalOutOfRange, messageContains: message)
        #expect(outcome.rejection?.sampleIndex == 1)
    }

    @Test(arguments: [
        (VitalKind.hrv, "s", "samples[0] (sampleId \"V\"): hrv is given in \"s\"; hrv is accepted in \"ms\" (1 to 300 ms)"),
        (.spo2, "count/min", "spo2 is accepted in \"%\" (0.5 to 1 %)"),
        (.wristTemperature, "degF", "wristTemperature is accepted in \"degC\" (25 to 42 degC)"),
        (.restingHeartRate, "bpm", "restingHeartRate is accepted in \"count/min\""),
    ])
    func aReadingInAnotherUnitIsRejected(kind: VitalKind, unit: String, message: String) async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [try F.vital("V", kind, VitalRange.of(kind).range.lowerBound, unit)]))
            .thenRejected(.unexpectedUnit, messageContains: message)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aValueThatIsNotFiniteIsRejected(value: Double) async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [try F.vital("V", .hrv, value, "ms")]))
            .thenRejected(.valueNotFinite, messageContains: "not a finite number; a reading from 1 to 300 ms is accepted")
    }

    /// Decision (with the projection): a reading may be taken at an instant, as HealthKit
    /// gives SpO2 (start = end); the projection keeps it.
    @Test func aReadingAtAnInstantIsAccepted() async throws {
        var sample = try F.vital("V", .spo2, 0.95, "%")
        sample.end = sample.start
        let night = try F.date("2026-11-30")
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [sample]))
            .thenAppended([.vitalSampleIngested(sample)]) { state in
                #expect(state.sleep.vitals(on: night)?.meanSpO2 == 0.95)
            }
    }

    /// The interval rules of sleep samples apply to readings too, but for the instant.
    @Test(arguments: [
        ("2026-12-01T02:00:00+01:00", "2026-12-01T01:59:59+01:00", "endNotAfterStart",
         "ends at 2026-12-01T01:59:59+01:00, before it starts at 2026-12-01T02:00:00+01:00; a reading that ends at or after its start and lasts at most 24 h is accepted"),
        ("2026-11-30T02:00:00+01:00", "2026-12-01T02:00:01+01:00", "durationTooLong", "lasts 24 h 0 min 1 s"),
        ("2026-12-02T07:00:00+01:00", "2026-12-02T08:00:01+01:00", "endsTooLate", "a sample ending by 2026-12-02T08:00:00+01:00 is accepted"),
    ])
    func theIntervalRulesApply(start: String, end: String, rule: String, message: String) async throws {
        var sample = try F.vital("V", .restingHeartRate, 52, "count/min")
        sample.start = try F.instant(start)
        sample.end = try F.instant(end)
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [try F.vital("OK", .hrv, 50, "ms"), sample]))
            .thenRejected(CommandError.Rule(rawValue: rule), messageContains: "samples[1] (sampleId \"V\")")
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [sample]))
            .thenRejected(CommandError.Rule(rawValue: rule), messageContains: message)
    }

    @Test func blankAndDuplicateSampleIdsAreRejected() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [try F.vital("", .hrv, 50, "ms")]))
            .thenRejected(.blankSampleId, messageContains: "samples[0] has a blank sampleId")
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [try F.vital("V", .hrv, 50, "ms"), try F.vital("V", .spo2, 0.97, "%")]))
            .thenRejected(.duplicateSampleId, messageContains: "samples[1] (sampleId \"V\") repeats the sampleId of samples[0]")
    }

    @Test func derivedIdsComeFromTheSampleIds() async throws {
        let sample = try F.vital("V1", .hrv, 48.5, "ms")
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [sample], eventIdentifiers: .derivedFromSampleIds))
            .thenAppended([.vitalSampleIngested(sample)], ids: ["hk-vital-V1"])
        #expect(IngestVitalSamples.eventIdentifier(for: sample) == "hk-vital-V1")
    }

    @Test func ingestingTheSameReadingsTwiceAppendsNothingTheSecondTime() async throws {
        let sample = try F.vital("V1", .hrv, 48.5, "ms")
        let first = F.events([.vitalSampleIngested(sample)], at: try F.instant(F.now), ids: ["hk-vital-V1"])
        try await Scenario(given: first, at: try F.instant(F.now))
            .when(IngestVitalSamples(samples: [sample], eventIdentifiers: .derivedFromSampleIds))
            .then([])
    }
}
