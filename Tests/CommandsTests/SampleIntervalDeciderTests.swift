import Commands
import Events
import HealthImport
import Projections
import Testing
import TestSupport

/// One rule for a sample's interval (`SampleInterval.check(start:end:at:allowsInstant:)`):
/// for each row, the HealthKit command refuses exactly when the sleep fold skips the event
/// and the Health export importer rejects the record, each for the same reason.
@Suite("Sample intervals: the commands, the fold and the importer refuse the same")
struct SampleIntervalDeciderTests {
    /// The command's instant, the event's `at` and the record's creation date.
    static let now = Instant(millisecondsSince1970: 1_796_068_800_000, utcOffsetSeconds: 0) // 2026-11-30T20:00:00Z

    struct Row: Sendable, CustomTestStringConvertible {
        /// Start and end, in seconds from now.
        var start: Int64
        var end: Int64
        /// The rule a sleep sample breaks, and the rule a vital reading breaks (`nil`: accepted).
        var sleep: CommandError.Rule?
        var vital: CommandError.Rule?
        var testDescription: String { "\(start) s → \(end) s: sleep \(sleep?.rawValue ?? "accepted"), vital \(vital?.rawValue ?? "accepted")" }
    }

    static let hour: Int64 = 3600
    static let rows: [Row] = [
        Row(start: -8 * hour, end: -hour, sleep: nil, vital: nil),
        Row(start: -hour, end: -2 * hour, sleep: .endNotAfterStart, vital: .endNotAfterStart),
        Row(start: -hour, end: -hour, sleep: .endNotAfterStart, vital: nil),
        Row(start: -24 * hour, end: 0, sleep: nil, vital: nil),
        Row(start: -24 * hour - 1, end: 0, sleep: .durationTooLong, vital: .durationTooLong),
        Row(start: 23 * hour, end: 24 * hour, sleep: nil, vital: nil),
        Row(start: 23 * hour, end: 24 * hour + 1, sleep: .endsTooLate, vital: .endsTooLate),
        Row(start: 30 * hour, end: 29 * hour, sleep: .endNotAfterStart, vital: .endNotAfterStart),
        Row(start: -400 * 24 * hour, end: -400 * 24 * hour + hour, sleep: nil, vital: nil),
    ]

    static func instant(_ seconds: Int64) -> Instant { now.adding(milliseconds: seconds * 1000) }

    /// `instant` as an export date (`2026-11-30 20:00:00 +0000`).
    static func exportDate(_ instant: Instant) -> String {
        let local = instant.localDateTime
        return "\(local.date.iso) \(local.timeOfDay.text):\(local.second < 10 ? "0" : "")\(local.second) +0000"
    }

    /// The mapper's reasons for each rule (its own words for the same typed rejection).
    static let importerReasons: [CommandError.Rule: Set<String>] = [
        .endNotAfterStart: ["the sample ends before it starts", "the sleep sample lasts 0 s"],
        .durationTooLong: ["the sample lasts more than 24 h"],
        .endsTooLate: ["the sample ends more than 1 day after its creationDate"],
    ]

    @Test(arguments: Self.rows, [false, true])
    func theCommandTheFoldAndTheImporterAgree(row: Row, isVital: Bool) async throws {
        let start = Self.instant(row.start)
        let end = Self.instant(row.end)
        let expected = isVital ? row.vital : row.sleep
        let payload: EventPayload
        let command: any Command
        var attributes: [HealthExportRecord.Entry]
        if isVital {
            let sample = VitalSampleIngested(sampleId: "v1", kind: .hrv, value: 50, unit: "ms", start: start, end: end)
            payload = .vitalSampleIngested(sample)
            command = IngestVitalSamples(samples: [sample])
            attributes = [.init("type", "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"), .init("unit", "ms"), .init("value", "50")]
        } else {
            let sample = SleepSampleIngested(sampleId: "s1", stage: .core, start: start, end: end, sourceName: "Watch")
            payload = .sleepSampleIngested(sample)
            command = IngestSleepSamples(samples: [sample])
            attributes = [.init("type", "HKCategoryTypeIdentifierSleepAnalysis"), .init("value", "HKCategoryValueSleepAnalysisAsleepCore")]
        }

        // The command.
        let outcome = try await Scenario(given: [], at: Self.now, timeZone: "UTC").when(command)
        #expect(outcome.commandError?.rule == expected, "command: \(String(describing: outcome.commandError))")

        // The fold, given the event at the command's instant.
        var ledger = SleepLedger()
        var warnings = ProjectionWarnings()
        let event = RecordedEvent(seq: 1, event: Event(id: "probe", at: Self.now, timeZone: "UTC", payload: payload))
        let folded = ledger.fold(event, warnings: &warnings)
        #expect(folded.isSkipped == (expected != nil), "fold: \(warnings.all)")
        #expect(warnings.all.map(\.rule) == (expected == nil ? [] : [.sample]))

        // The importer, given a record created at the command's instant.
        attributes += [
            .init("sourceName", "Watch"), .init("creationDate", Self.exportDate(Self.now)),
            .init("startDate", Self.exportDate(start)), .init("endDate", Self.exportDate(end)),
        ]
        var mapper = HealthRecordMapper()
        switch mapper.map(HealthExportRecord(line: 1, attributes: attributes, metadata: [.init("HKTimeZone", "UTC")])) {
        case .rejected(let reason):
            #expect(expected.flatMap { Self.importerReasons[$0] }?.contains(reason) == true, "importer: \(reason)")
        case .sleep, .vital, .caffeine, .workout:
            #expect(expected == nil, "the importer kept what the command refused")
        case .ignored:
            Issue.record("the importer ignored the record")
        }
    }
}
