import TestSupport
import EventLogFile
import Events
import Foundation
import HealthImport
import Testing

/// Whole imports of the hand-written exports into temporary logs.
struct HealthImporterTests {
    static func importExport(
        _ export: String, into log: String, zone: String? = "America/New_York", batchSize: Int = 500,
        progressInterval: Int64 = 16_000_000, progress: (HealthImportProgress) -> Void = { _ in }
    ) throws -> HealthImportReport {
        let options = HealthImportOptions(fallbackTimeZone: zone, batchSize: batchSize, progressInterval: progressInterval)
        return try HealthImporter.run(
            exportPath: export, options: options,
            openLog: { () throws(EventLogFileError) -> any EventLogStorage in try FileEventLog(path: log) },
            progress: progress)
    }

    static func events(_ log: String) throws -> [Event] {
        try FileEventLog(path: log, createIfMissing: false).readAll().map(\.event)
    }

    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    static func checkSums(_ report: HealthImportReport) {
        #expect(report.recordsSeen == report.sleepSamplesAdded + report.vitalsAdded + report.caffeineAdded + report.workoutsAdded + report.alreadyPresent
            + report.alreadyPresentDiffering + report.repeatedInExport + report.rejected + report.otherRecordsIgnored)
    }

    static let unknownValue = "unknown sleep value (known: InBed, AsleepUnspecified, Asleep, Awake, AsleepCore, AsleepDeep, AsleepREM)"

    // MARK: The first import

    @Test func importsTheExport() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        let report = try Self.importExport(Fixtures.export, into: log)
        #expect(report.recordsSeen == 46, "45 records and the workout")
        #expect(report.sleepSamplesAdded == 26)
        #expect(report.vitalsAdded == 10)
        #expect(report.workoutsAdded == 1)
        #expect(report.alreadyPresent == 0)
        #expect(report.alreadyPresentDiffering == 0)
        #expect(report.repeatedInExport == 2)
        #expect(report.rejected == 2)
        #expect(report.rejections == [
            .init(line: 202, reason: "startDate: the hour must be 00–23"),
            .init(line: 239, reason: Self.unknownValue),
        ])
        #expect(report.otherRecordsIgnored == 5)
        #expect(report.truncatedAtLine == nil)
        Self.checkSums(report)

        let verification = try FileEventLog.verify(path: log)
        #expect(verification.isSound)
        #expect(verification.eventCount == 37)

        let events = try Self.events(log)
        #expect(events.count == 37)
        #expect(Set(events.map(\.id)).count == 37)
        #expect(events.allSatisfy { $0.source == .import })
        #expect(events.filter { $0.typeName == "sleepSampleIngested" }.count == 26)
        #expect(events.filter { $0.typeName == "vitalSampleIngested" }.count == 10)
    }

    @Test func eventsKeepTheirOwnZonesAcrossTheTripAndDaylightSaving() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        _ = try Self.importExport(Fixtures.export, into: log)
        let events = try Self.events(log)
        let samples: [(Event, SleepSampleIngested)] = events.compactMap { event in
            if case .sleepSampleIngested(let sample) = event.payload { return (event, sample) }
            return nil
        }
        // Los Angeles, first night: PST, whatever the export printed (-0400).
        let firstDeep = try #require(samples.first { $0.1.stage == .deep })
        #expect(firstDeep.0.timeZone == "America/Los_Angeles")
        #expect(firstDeep.1.start.rfc3339 == "2024-03-07T23:40:30-08:00")
        #expect(firstDeep.1.end.rfc3339 == "2024-03-08T00:22:01-08:00")
        #expect(firstDeep.0.at.rfc3339 == "2024-03-08T06:53:12-08:00")
        // New York, second night: a core segment across the start of daylight saving.
        let acrossTheChange = try #require(samples.first { $0.1.start.rfc3339 == "2024-03-10T01:21:30-05:00" })
        #expect(acrossTheChange.1.end.rfc3339 == "2024-03-10T03:40:00-04:00")
        #expect(acrossTheChange.1.stage == .core)
        #expect(acrossTheChange.0.timeZone == "America/New_York")
        // AutoSleep writes no HKTimeZone: the named zone, and no zone in the payload.
        let autoSleep = samples.filter { $0.1.sourceName == "AutoSleep" }
        #expect(autoSleep.map(\.1.stage) == [.inBed, .asleep])
        #expect(autoSleep.allSatisfy { $0.0.timeZone == "America/New_York" && $0.1.timeZone == nil })
        // A phone fragment without creationDate: `at` is its end.
        let noCreation = try #require(samples.first { $0.1.start.rfc3339 == "2024-03-09T23:21:05-05:00" })
        #expect(noCreation.0.at.rfc3339 == "2024-03-09T23:21:19-05:00")
        #expect(noCreation.1.sourceName == "Noah\u{2019}s\u{00A0}iPhone")
        #expect(noCreation.1.stage == .inBed)
        // The exact duplicate and the re-synced copy are imported once.
        let rem = samples.filter { $0.1.start.rfc3339 == "2024-03-10T00:58:00-05:00" }
        #expect(rem.count == 1)
        #expect(rem.first?.0.id == "3b6c33e7-e164-8c5f-8e82-6d5bf573aa48")
        let deep = samples.filter { $0.1.start.rfc3339 == "2024-03-10T00:15:30-05:00" }
        #expect(deep.map { $0.0.at.rfc3339 } == ["2024-03-10T07:36:40-04:00"])
        // Vitals: the zone named for records without HKTimeZone.
        let vitals: [VitalSampleIngested] = events.compactMap {
            if case .vitalSampleIngested(let vital) = $0.payload { return vital }
            return nil
        }
        #expect(vitals.map(\.kind) == [.restingHeartRate, .restingHeartRate, .hrv, .hrv, .spo2, .spo2, .respiratoryRate, .respiratoryRate, .wristTemperature, .wristTemperature])
        #expect(vitals.map(\.unit) == ["count/min", "count/min", "ms", "ms", "%", "%", "count/min", "count/min", "degC", "degC"])
        #expect(vitals.first { $0.kind == .spo2 }?.start.rfc3339 == "2024-03-08T06:22:10-05:00")
    }

    @Test func theSameExportGivesTheSameLogByteForByte() throws {
        let folder = try TemporaryFolder()
        _ = try Self.importExport(Fixtures.export, into: folder.path("a.jsonl"))
        _ = try Self.importExport(Fixtures.export, into: folder.path("b.jsonl"))
        let a = try #require(Self.bytes(folder.path("a.jsonl")))
        #expect(a == Self.bytes(folder.path("b.jsonl")))
    }

    @Test(arguments: [1, 7, 36])
    func theBatchSizeChangesOnlyTheBatchMarkers(batchSize: Int) throws {
        let folder = try TemporaryFolder()
        let reference = try Self.importExport(Fixtures.export, into: folder.path("reference.jsonl"))
        let report = try Self.importExport(Fixtures.export, into: folder.path("batched.jsonl"), batchSize: batchSize)
        #expect(report == reference)
        #expect(try Self.events(folder.path("batched.jsonl")) == Self.events(folder.path("reference.jsonl")))
    }

    @Test func anInMemoryLogGetsTheSameEvents() throws {
        let folder = try TemporaryFolder()
        _ = try Self.importExport(Fixtures.export, into: folder.path("log.jsonl"))
        let memory = try InMemoryEventLog()
        let report = try HealthImporter.run(
            exportPath: Fixtures.export, options: HealthImportOptions(fallbackTimeZone: "America/New_York"),
            openLog: { () throws(EventLogFileError) -> any EventLogStorage in memory })
        #expect(report.added == 37)
        #expect(memory.readAll().map(\.event) == (try Self.events(folder.path("log.jsonl"))))
    }

    // MARK: Importing again

    @Test func importingTwiceAddsNothing() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        _ = try Self.importExport(Fixtures.export, into: log)
        let before = Self.bytes(log)
        let again = try Self.importExport(Fixtures.export, into: log)
        #expect(again.added == 0)
        #expect(again.alreadyPresent == 37)
        #expect(again.repeatedInExport == 2)
        #expect(again.rejected == 2)
        #expect(again.otherRecordsIgnored == 5)
        Self.checkSums(again)
        #expect(Self.bytes(log) == before)
    }

    @Test func aLaterOverlappingExportAddsOnlyTheNewRecords() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        _ = try Self.importExport(Fixtures.export, into: log)
        let later = try Self.importExport(Fixtures.laterExport, into: log)
        #expect(later.recordsSeen == 53, "52 records and the workout")
        #expect(later.sleepSamplesAdded == 5)
        #expect(later.vitalsAdded == 2)
        // Printed with -0500 instead of -0400, AutoSleep's legacy Asleep now AsleepUnspecified:
        // the same records, the same ids.
        #expect(later.alreadyPresent == 37)
        #expect(later.alreadyPresentDiffering == 0)
        #expect(later.repeatedInExport == 2)
        #expect(later.rejected == 2)
        Self.checkSums(later)
        let verification = try FileEventLog.verify(path: log)
        #expect(verification.isSound)
        #expect(verification.eventCount == 44)
        let events = try Self.events(log)
        let newNight = events.suffix(7).compactMap { event -> SleepSampleIngested? in
            if case .sleepSampleIngested(let sample) = event.payload { return sample }
            return nil
        }
        // The night daylight saving ended: 01:12:30 is the second one, EST.
        #expect(newNight.map(\.start.rfc3339).contains("2024-11-03T01:12:30-05:00"))
        #expect(newNight.first { $0.stage == .deep }?.start.rfc3339 == "2024-11-03T01:30:00-04:00")
    }

    @Test func aLaterExportAloneGivesTheSameEventsForTheSameRecords() throws {
        let folder = try TemporaryFolder()
        _ = try Self.importExport(Fixtures.export, into: folder.path("first.jsonl"))
        _ = try Self.importExport(Fixtures.laterExport, into: folder.path("later.jsonl"))
        let first = try Self.events(folder.path("first.jsonl"))
        let later = Dictionary(uniqueKeysWithValues: try Self.events(folder.path("later.jsonl")).map { ($0.id, $0) })
        for event in first {
            #expect(later[event.id] == event)
        }
    }

    @Test func withoutAZoneRecordsWithoutHKTimeZoneAreRejectedThenAddedWithOne() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        let without = try Self.importExport(Fixtures.export, into: log, zone: nil)
        #expect(without.sleepSamplesAdded == 24)
        #expect(without.vitalsAdded == 0)
        #expect(without.rejected == 14)
        #expect(without.rejectionReasons == [
            .init(reason: "the record has no HKTimeZone metadata entry and no --tz was given", count: 12),
            .init(reason: "startDate: the hour must be 00–23", count: 1),
            .init(reason: Self.unknownValue, count: 1),
        ])
        #expect(without.rejections.count == 5)
        #expect(without.rejections.first == .init(line: 126, reason: "the record has no HKTimeZone metadata entry and no --tz was given"))
        Self.checkSums(without)
        let with = try Self.importExport(Fixtures.export, into: log)
        #expect(with.sleepSamplesAdded == 2)
        #expect(with.vitalsAdded == 10)
        #expect(with.alreadyPresent == 25, "24 sleep samples and the workout, which has its HKTimeZone")
        #expect(try FileEventLog.verify(path: log).isSound)
    }

    @Test func anotherZoneLaterKeepsTheFirstAndSaysSo() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        _ = try Self.importExport(Fixtures.export, into: log)
        let before = Self.bytes(log)
        let chicago = try Self.importExport(Fixtures.export, into: log, zone: "America/Chicago", batchSize: 7)
        #expect(chicago.added == 0)
        #expect(chicago.alreadyPresent == 25)
        #expect(chicago.alreadyPresentDiffering == 12)
        Self.checkSums(chicago)
        #expect(Self.bytes(log) == before)
    }

    @Test func newRecordsInABatchWithAConflictAreStillAdded() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        // AutoSleep's InBed record alone, imported with another zone first.
        let single = try folder.write("one.xml", Fixtures.export(Fixtures.sleepRecord(
            value: "HKCategoryValueSleepAnalysisInBed", source: "AutoSleep", creation: "2024-03-10 07:45:10 -0400",
            start: "2024-03-10 00:22:00 -0400", end: "2024-03-10 07:36:00 -0400", zone: nil)))
        #expect(try Self.importExport(single, into: log, zone: "America/Chicago").added == 1)
        let report = try Self.importExport(Fixtures.export, into: log, batchSize: 500)
        #expect(report.alreadyPresentDiffering == 1)
        #expect(report.added == 36)
        Self.checkSums(report)
        #expect(try FileEventLog.verify(path: log).eventCount == 37)
    }

    // MARK: Progress, damage, errors

    @Test func progressIsReportedAsTheExportIsRead() throws {
        let folder = try TemporaryFolder()
        var reports: [HealthImportProgress] = []
        _ = try Self.importExport(Fixtures.export, into: folder.path("log.jsonl"), progressInterval: 4096) { reports.append($0) }
        let size = Int64(try #require(Self.bytes(Fixtures.export)).count)
        #expect(reports.count >= 1)
        #expect(reports.allSatisfy { $0.fileSize == size && $0.bytesRead <= size })
        #expect(reports.map(\.bytesRead) == reports.map(\.bytesRead).sorted())
        var quiet = 0
        _ = try Self.importExport(Fixtures.export, into: folder.path("quiet.jsonl")) { _ in quiet += 1 }
        #expect(quiet == 0)
    }

    @Test func aMissingOrForeignExportNeverCreatesTheLog() throws {
        let folder = try TemporaryFolder()
        let log = folder.path("log.jsonl")
        let missing = #expect(throws: HealthImportError.self) { try Self.importExport(folder.path("missing.xml"), into: log) }
        guard case .export(let missingFailure, _)? = missing else {
            Issue.record("expected an export error, got \(String(describing: missing))")
            return
        }
        #expect(missingFailure.code == .notFound)
        let foreign = try folder.write("foreign.xml", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
        let refused = #expect(throws: HealthImportError.self) { try Self.importExport(foreign, into: log) }
        guard case .export(let foreignFailure, _)? = refused else {
            Issue.record("expected an export error, got \(String(describing: refused))")
            return
        }
        #expect(foreignFailure.code == .notHealthExport)
        #expect(!FileManager.default.fileExists(atPath: log))
    }

    @Test func aLogWithATornTailIsRefused() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("log.jsonl", "{\"seq\":1,")
        let error = #expect(throws: HealthImportError.self) { try Self.importExport(Fixtures.export, into: log) }
        guard case .log(let failure, _)? = error else {
            Issue.record("expected a log error, got \(String(describing: error))")
            return
        }
        #expect(failure.code == .tornTail)
    }

    @Test func aCutShortExportImportsWhatItHolds() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: Fixtures.export, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = try folder.write("cut.xml", lines.prefix(170).joined(separator: "\n") + "\n <Record type=\"HKCategoryType")
        let report = try Self.importExport(cut, into: folder.path("log.jsonl"))
        #expect(report.truncatedAtLine == 171)
        #expect(report.added > 0)
        #expect(try FileEventLog.verify(path: folder.path("log.jsonl")).isSound)
    }
}
