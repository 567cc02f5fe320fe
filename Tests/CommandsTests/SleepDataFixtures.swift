import Commands
import EventLogFile
import Events
import Projections
import Testing
import TestSupport

/// The shared world of the sleep-data command tests, in Europe/Berlin: the night of
/// 2026-11-30, synced from HealthKit on the morning of 2026-12-01 at 08:00 (`now`).
enum SleepDataFixtures {
    static let now = "2026-12-01T08:00:00+01:00"

    static func instant(_ text: String) throws -> Instant { try Instant(rfc3339: text) }
    static func night(_ text: String) throws -> Night { try Night(text: text) }
    static func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }

    /// A sleep sample from `start` to `end` (RFC 3339).
    static func sleep(
        _ sampleId: String, _ stage: SleepStage, _ start: String, _ end: String, tz: String? = "Europe/Berlin"
    ) throws -> SleepSampleIngested {
        SleepSampleIngested(
            sampleId: sampleId, stage: stage, start: try instant(start), end: try instant(end),
            timeZone: tz, sourceName: "Apple Watch"
        )
    }

    /// The night of 2026-11-30 as an anchored query delivers it: in bed, then stages.
    static func night() throws -> [SleepSampleIngested] {
        [
            try sleep("A1", .inBed, "2026-11-30T23:20:00+01:00", "2026-12-01T07:05:00+01:00"),
            try sleep("A2", .core, "2026-11-30T23:40:00+01:00", "2026-12-01T00:30:00+01:00"),
            try sleep("A3", .deep, "2026-12-01T00:30:00+01:00", "2026-12-01T01:15:00+01:00"),
            try sleep("A4", .rem, "2026-12-01T01:15:00+01:00", "2026-12-01T01:45:00+01:00"),
            try sleep("A5", .awake, "2026-12-01T03:10:00+01:00", "2026-12-01T03:14:00+01:00"),
        ]
    }

    /// A vital reading from 02:00 to 02:05 on 2026-12-01.
    static func vital(_ sampleId: String, _ kind: VitalKind, _ value: Double, _ unit: String) throws -> VitalSampleIngested {
        VitalSampleIngested(
            sampleId: sampleId, kind: kind, value: value, unit: unit,
            start: try instant("2026-12-01T02:00:00+01:00"), end: try instant("2026-12-01T02:05:00+01:00")
        )
    }

    /// The events a HealthKit command yields for `payloads` at the scenario's instant: ids
    /// `ids` (default `when-1`, …), source `health`.
    static func events(_ payloads: [EventPayload], at instant: Instant, ids: [String]? = nil, source: EventSource? = .health) -> [Event] {
        payloads.enumerated().map { index, payload in
            Event(
                id: ids?[index] ?? "when-\(index + 1)", at: instant, timeZone: "Europe/Berlin",
                source: source, payload: payload
            )
        }
    }
}

extension Scenario.Outcome {
    /// Expects the command to have succeeded and exactly `payloads` appended, in order and
    /// as one batch (`batch: [i, n]` on each line when two or more), stamped with the
    /// scenario's instant and zone, `source` (the HealthKit commands write `health`) and
    /// `ids` (default `when-1`, `when-2`, …), with no new projection warning (the projections
    /// keep every event the command yields), and the state after (`Scenario.then` assumes
    /// source `phone`).
    @discardableResult
    func thenAppended(
        _ payloads: [EventPayload],
        ids: [String]? = nil,
        source: EventSource? = .health,
        state assertState: (LogState) throws -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) rethrows -> Scenario.Outcome {
        if case .failure(let error) = result {
            Issue.record("Expected events, but the command failed: \(error)", sourceLocation: sourceLocation)
        }
        let expected = SleepDataFixtures.events(payloads, at: scenario.instant, ids: ids, source: source)
        #expect(appended.map(\.event) == expected, sourceLocation: sourceLocation)
        let batches = appended.map(\.batch)
        let expectedBatches = appended.indices.map { appended.count >= 2 ? BatchPosition(index: $0 + 1, count: appended.count) : nil }
        #expect(batches == expectedBatches, "one batch", sourceLocation: sourceLocation)
        #expect(after.warnings.all == before.warnings.all, "the projections keep every event the command appends", sourceLocation: sourceLocation)
        try assertState(after.state)
        return self
    }

    /// The rejection's error, when the command was rejected.
    var rejection: CommandError? {
        if case .failure(.rejected(let error)) = result { return error }
        return nil
    }
}
