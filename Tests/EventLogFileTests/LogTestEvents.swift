import Events
import Foundation
import Testing
import StrictJSON

/// Events and log lines for the log-file tests.
enum TestEvents {
    static let zone = "Europe/Berlin"

    /// The sample week fixture (162 events written by `replay-tool append`, one at a time).
    static var sampleWeekPath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/SampleWeek/sample-week.jsonl")
            .path
    }

    static func instant(_ text: String) throws -> Instant {
        try Instant(rfc3339: text)
    }

    static func night(_ text: String = "2026-11-30") throws -> Night {
        try Night(text: text)
    }

    /// A small event: `exitRequested` for the night of 2026-11-30, `minute` minutes after 21:00.
    static func event(_ id: String, minute: Int = 0, source: EventSource? = .phone) throws -> Event {
        let at = try instant("2026-11-30T21:00:00+01:00").adding(seconds: Int64(minute) * 60)
        return Event(id: id, at: at, timeZone: zone, source: source, payload: .exitRequested(NightAction(night: try night())))
    }

    /// Events of many shapes: every optional envelope key, unknown keys, fractions of a
    /// second, nested and numeric payloads.
    static func assorted(prefix: String = "assorted") throws -> [Event] {
        let night = try night()
        var unknownEnvelope = JSONObject()
        unknownEnvelope.append("device", .string("iPhone15,2"))
        var unknownPayload = JSONObject()
        unknownPayload.append("confidence", .number(try #require(JSONNumber(literal: "0.75"))))
        return [
            Event(
                id: "\(prefix)-goal", at: try instant("2026-11-29T20:05:11+01:00"), timeZone: zone, source: .phone,
                payload: .goalSet(GoalSet(
                    currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"),
                    days: 7, firstNight: try LocalDate(iso: "2026-11-30"), sleepNeedMinutes: 450
                ))
            ),
            Event(
                id: "\(prefix)-tier", at: try instant("2026-11-29T20:07:11.250+01:00"), timeZone: zone,
                payload: .appTierAssigned(AppTierAssigned(app: "Reddit \"Ü\" / ✓", tier: .block30Min))
            ),
            Event(
                id: "\(prefix)-sample", at: try instant("2026-12-01T07:31:02+01:00"), timeZone: zone, source: .health,
                payload: .sleepSampleIngested(SleepSampleIngested(
                    sampleId: "A41F-0001", stage: .deep,
                    start: try instant("2026-12-01T00:12:30+01:00"), end: try instant("2026-12-01T00:41:00.5+01:00"),
                    timeZone: "America/New_York", sourceName: "Apple Watch"
                ))
            ),
            Event(
                id: "\(prefix)-vital", at: try instant("2026-12-01T07:31:03-05:00"), timeZone: "America/New_York",
                source: .health,
                payload: .vitalSampleIngested(VitalSampleIngested(
                    sampleId: "B7-22", kind: .hrv, value: 42.5, unit: "ms",
                    start: try instant("2026-12-01T03:00:00Z"), end: try instant("2026-12-01T03:01:00Z")
                ))
            ),
            Event(
                identifier: CompactIdentifier("\(prefix)-followup"), at: try instant("2026-11-30T21:46:00+01:00"), timeZone: zone, source: .system,
                causedBy: "\(prefix)-goal",
                payload: .freeWindowUsed(FreeWindowUsed(night: night, returnedEarly: true)),
                additionalEnvelopeFields: unknownEnvelope,
                additionalPayloadFields: unknownPayload
            ),
            Event(id: "\(prefix)-cleared", at: try instant("2026-12-02T08:00:00+01:00"), timeZone: zone, payload: .goalCleared),
            Event(
                id: "\(prefix)-demo", at: try instant("2026-12-02T08:01:00+01:00"), timeZone: zone, source: .demo,
                payload: .demoNightStarted(DemoNightStarted(compression: 120))
            ),
        ]
    }

    /// The line the log should hold for `event` at `seq`, with its `\n`.
    static func expectedLine(_ event: Event, seq: Int, batch: BatchPosition? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        EventLineEncoder.write(event, seq: seq, batch: batch, into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The lines the log should hold for `events` appended together after `lastSeq`.
    static func expectedBatch(_ events: [Event], after lastSeq: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for (offset, event) in events.enumerated() {
            let batch = events.count >= 2 ? BatchPosition(index: offset + 1, count: events.count) : nil
            bytes += expectedLine(event, seq: lastSeq + offset + 1, batch: batch)
        }
        return bytes
    }
}

/// Log lines written by hand, to build files a writer could leave behind.
enum RawLine {
    /// A valid `exitRequested` line at `seq` with id `id-SEQ` (or `id`), optionally in a batch.
    static func valid(_ seq: Int, id: String? = nil, batch: (index: Int, count: Int)? = nil) -> String {
        let batchMember = batch.map { ",\"batch\":[\($0.index),\($0.count)]" } ?? ""
        return "{\"seq\":\(seq),\"id\":\"\(id ?? "id-\(seq)")\",\"type\":\"exitRequested\",\"v\":1,"
            + "\"at\":\"2026-11-30T21:40:00+01:00\",\"tz\":\"Europe/Berlin\",\"source\":\"phone\"\(batchMember),"
            + "\"data\":{\"night\":\"2026-11-30\"}}"
    }

    /// Valid lines `1...count`, each ended by `\n`.
    static func validLines(_ seqs: ClosedRange<Int>) -> String {
        seqs.map { valid($0) + "\n" }.joined()
    }
}
