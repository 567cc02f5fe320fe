import TestSupport
import EventLogFile
import Events
import Foundation
import Testing

/// docs/rules.md §8.2: a zone this platform's time-zone data does not know (a newer device's
/// tzdata named a new zone) never makes a log unsound: `verify` accepts the line and appends
/// go on, for the envelope's `tz` and for a sample's own `tz`.
struct UnknownZoneLogTests {
    static let mars = "Mars/Olympus_Mons"

    static let sampleLine = "{\"seq\":2,\"id\":\"id-2\",\"type\":\"sleepSampleIngested\",\"v\":1,\"at\":\"2026-12-01T07:31:02+01:00\",\"tz\":\"Mars/Tharsis\",\"data\":{\"sampleId\":\"A41F\",\"stage\":\"deep\",\"start\":\"2026-12-01T00:12:30+01:00\",\"end\":\"2026-12-01T00:41:00+01:00\",\"tz\":\"Mars/Olympus_Mons\",\"sourceName\":\"Apple Watch\"}}"

    @Test("a log whose last line names unknown zones is sound, and appends go on after it")
    func appendsGoOn() throws {
        try TemporaryFolder.with { directory in
            let text = RawLine.valid(1).replacingFirst("Europe/Berlin", with: Self.mars) + "\n" + Self.sampleLine + "\n"
            let path = try directory.write(text)
            let report = try FileEventLog.verify(path: path)
            #expect(report.isSound, "\(report.issues)")
            #expect(report.eventCount == 2)
            let log = try FileEventLog(path: path)
            #expect(try log.lastSeq() == 2)
            let outcomes = try log.append([try TestEvents.event("next")], expectedLastSeq: 2)
            #expect(outcomes == [AppendOutcome(seq: 3, alreadyPresent: false)])
            // The lines in unknown zones are kept byte for byte.
            let bytes = try FileBytes.read(path)
            #expect(bytes.starts(with: Array(text.utf8)))
            #expect(try FileEventLog.verify(path: path).isSound)
            let events = try log.readAll()
            #expect(events.map(\.event.timeZone) == [Self.mars, "Mars/Tharsis", TestEvents.zone])
        }
    }

    @Test("an event in a zone this platform does not know is appended and reads back equal")
    func appendUnknownZone() throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            var event = try TestEvents.event("mars")
            event.timeZone = Self.mars
            var sample = try TestEvents.event("sample")
            sample.payload = .sleepSampleIngested(SleepSampleIngested(
                sampleId: "S", stage: .core, start: sample.at.adding(milliseconds: -60_000), end: sample.at,
                timeZone: "Mars/Tharsis", sourceName: "Apple Watch"))
            #expect(try log.append([event, sample], expectedLastSeq: 0).map(\.seq) == [1, 2])
            // Appending the same again is recognized as already present (the line reads back).
            #expect(try log.append([event], expectedLastSeq: nil).map(\.alreadyPresent) == [true])
            #expect(try log.readAll().map(\.event) == [event, sample])
            #expect(try FileEventLog.verify(path: log.path).isSound)
            #expect(try log.append([try TestEvents.event("after")], expectedLastSeq: 2).map(\.seq) == [3])
        }
    }
}
