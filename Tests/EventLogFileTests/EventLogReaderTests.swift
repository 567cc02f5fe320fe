import TestSupport
import EventLogFile
import Events
import Foundation
import Testing

/// Collects what a read hands out.
private final class Collected: @unchecked Sendable {
    // @unchecked: used from one thread at a time, inside the synchronous read.
    var events: [RecordedEvent] = []
    var scanned: [ScannedEvent] = []
    var restarts = 0
}

/// (`at` moment, `seq`) pairs are in order.
private func isInTimeOrder(_ events: [RecordedEvent]) -> Bool {
    zip(events, events.dropFirst()).allSatisfy { earlier, later in
        (earlier.at.millisecondsSince1970, earlier.seq) < (later.at.millisecondsSince1970, later.seq)
    }
}

/// An `exitRequested` line at `seq` whose `at` is `at`.
private func lineAt(_ seq: Int, _ at: String) -> String {
    RawLine.valid(seq).replacingFirst("2026-11-30T21:40:00+01:00", with: at)
}

@Suite("EventLogReader")
struct EventLogReaderTests {
    // MARK: File order

    @Test("forEachEvent streams every event of the sample week in seq order")
    func sampleWeekInSeqOrder() throws {
        let path = TestEvents.sampleWeekPath
        let collected = Collected()
        let summary = try EventLogReader.forEachEvent(path: path) { collected.scanned.append($0) }
        let lines = try FileBytes.lines(path)
        #expect(collected.scanned.count == 162)
        #expect(collected.scanned.map(\.event.seq) == Array(1...162))
        #expect(collected.scanned.map(\.line) == Array(1...162))
        #expect(summary.eventCount == 162)
        #expect(summary.lineCount == 162)
        #expect(summary.lastSeq == 162)
        #expect(summary.tornTail == nil)
        #expect(summary.lateEventCount == 0)
        #expect(summary.byteCount == Int64(try FileBytes.read(path).count))
        // The fixture was written by the library, so each event encodes back to its line,
        // and each offset is where that line starts.
        var offset: Int64 = 0
        for (scanned, line) in zip(collected.scanned, lines) {
            #expect(EventLineEncoder.encode(scanned.event) == line, "line \(scanned.line)")
            #expect(scanned.byteOffset == offset, "line \(scanned.line)")
            offset += Int64(line.count + 1)
        }
        // No opaque events in the sample week.
        #expect(collected.scanned.allSatisfy { $0.event.payload.type != nil })
    }

    @Test("readAll of a FileEventLog gives the same events")
    func readAllMatches() throws {
        let collected = Collected()
        try EventLogReader.forEachEvent(path: TestEvents.sampleWeekPath) { collected.events.append($0.event) }
        try TemporaryFolder.with { directory in
            // A copy, so that opening it for appending cannot touch the fixture.
            let copy = try directory.write(try FileBytes.read(TestEvents.sampleWeekPath))
            #expect(try FileEventLog(path: copy, createIfMissing: false).readAll() == collected.events)
        }
    }

    // MARK: Time order

    @Test("forEachEventInTimeOrder yields the sample week in (at, seq) order and counts the late events")
    func sampleWeekInTimeOrder() throws {
        let path = TestEvents.sampleWeekPath
        let inFileOrder = Collected()
        try EventLogReader.forEachEvent(path: path) { inFileOrder.events.append($0.event) }

        let collected = Collected()
        let summary = try EventLogReader.forEachEventInTimeOrder(
            path: path,
            restart: {
                collected.restarts += 1
                collected.events.removeAll()
            },
            { collected.events.append($0) }
        )
        #expect(summary.lateEventCount > 0)
        #expect(collected.restarts == 1)
        #expect(collected.events.count == 162)
        #expect(Set(collected.events.map(\.seq)) == Set(1...162))
        #expect(isInTimeOrder(collected.events))
        #expect(collected.events == EventOrdering.sorted(inFileOrder.events))
        // Late events really are out of seq order in the file.
        #expect(collected.events.map(\.seq) != Array(1...162))
        #expect(summary.eventCount == 162)
    }

    @Test("late events are merged at their moment, ties broken by seq, whatever the written offset")
    func lateEventsMerged() throws {
        try TemporaryFolder.with { directory in
            let lines = [
                lineAt(1, "2026-11-30T21:00:00+01:00"),  // 20:00Z
                lineAt(2, "2026-11-30T22:00:00+01:00"),  // 21:00Z
                lineAt(3, "2026-11-30T20:00:00Z"),  // 20:00Z, late, ties with seq 1
                lineAt(4, "2026-11-30T16:30:00-05:00"),  // 21:30Z
                lineAt(5, "2026-11-30T19:59:59.999Z"),  // late, before everything
                lineAt(6, "2026-11-30T21:30:00.001+00:00"),  // 21:30:00.001Z, not late
            ]
            let path = try directory.write(lines.map { $0 + "\n" }.joined())
            let collected = Collected()
            let summary = try EventLogReader.forEachEventInTimeOrder(
                path: path, restart: { collected.restarts += 1; collected.events.removeAll() }, { collected.events.append($0) }
            )
            #expect(collected.events.map(\.seq) == [5, 1, 3, 2, 4, 6])
            #expect(summary.lateEventCount == 2)
            #expect(collected.restarts == 1)
        }
    }

    @Test("a log whose at never goes back is read once, without restart")
    func noLateEvents() throws {
        try TemporaryFolder.with { directory in
            let lines = [
                lineAt(1, "2026-11-30T21:00:00+01:00"),
                lineAt(2, "2026-11-30T20:00:00Z"),  // the same moment: not late
                lineAt(3, "2026-11-30T21:00:00.001+01:00"),
            ]
            let path = try directory.write(lines.map { $0 + "\n" }.joined())
            let collected = Collected()
            let summary = try EventLogReader.forEachEventInTimeOrder(
                path: path, restart: { collected.restarts += 1 }, { collected.events.append($0) }
            )
            #expect(collected.events.map(\.seq) == [1, 2, 3])
            #expect(summary.lateEventCount == 0)
            #expect(collected.restarts == 0)
        }
    }

    // MARK: Damage

    static let corruptions: [(name: String, text: String, line: Int, delivered: Int)] = [
        ("invalid JSON", RawLine.validLines(1...2) + "{\"seq\":3,\n" + RawLine.validLines(4...5), 3, 2),
        ("a missing key", RawLine.validLines(1...2) + RawLine.valid(3).replacingFirst("\"tz\":\"Europe/Berlin\",", with: "") + "\n", 3, 2),
        ("a seq gap", RawLine.validLines(1...2) + RawLine.validLines(4...5), 3, 2),
        (
            "a short batch in the middle",
            RawLine.valid(1) + "\n" + RawLine.valid(2, batch: (1, 2)) + "\n" + RawLine.valid(3) + "\n",
            2, 1
        ),
        ("a \\r at the end of the first line", RawLine.valid(1) + "\r\n" + RawLine.validLines(2...3), 1, 0),
    ]

    @Test("a corrupt line stops the read with .corrupt, naming the file and line", arguments: corruptions.indices)
    func corruptLineThrows(index: Int) throws {
        let corruption = Self.corruptions[index]
        try TemporaryFolder.with { directory in
            let path = try directory.write(corruption.text)
            let collected = Collected()
            let error = #expect(throws: EventLogFileError.self, "\(corruption.name)") {
                try EventLogReader.forEachEvent(path: path) { collected.scanned.append($0) }
            }
            #expect(error?.code == .corrupt, "\(corruption.name)")
            #expect(error?.path == path, "\(corruption.name)")
            #expect(error?.line == corruption.line, "\(corruption.name)")
            #expect(error?.description.hasPrefix("\(path):\(corruption.line): ") == true, "\(corruption.name)")
            #expect(collected.scanned.map(\.event.seq) == (0..<corruption.delivered).map { $0 + 1 }, "\(corruption.name)")

            let inTimeOrder = Collected()
            let timeOrderError = #expect(throws: EventLogFileError.self, "\(corruption.name)") {
                try EventLogReader.forEachEventInTimeOrder(path: path, restart: {}, { inTimeOrder.events.append($0) })
            }
            #expect(timeOrderError?.code == .corrupt)
            #expect(timeOrderError?.line == corruption.line)
            #expect(inTimeOrder.events.map(\.seq) == (0..<corruption.delivered).map { $0 + 1 }, "\(corruption.name)")
        }
    }

    // MARK: Reading ahead (the time-ordered read decodes on a thread of its own, in batches)

    @Test("a log of several read-ahead batches reads in time order as in file order: the same events, the same summary")
    func longLogReadAheadMatchesPlainRead() throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(RawLine.validLines(1...2_600))
            let plain = Collected()
            let plainSummary = try EventLogReader.forEachEvent(path: path) { plain.scanned.append($0) }
            let ahead = Collected()
            let aheadSummary = try EventLogReader.forEachEventInTimeOrder(path: path, restart: { ahead.restarts += 1 }) { ahead.events.append($0) }
            #expect(plain.scanned.count == 2_600)
            #expect(ahead.events == plain.scanned.map(\.event))
            #expect(ahead.restarts == 0)
            #expect(aheadSummary == plainSummary)
        }
    }

    @Test("a corrupt line after several read-ahead batches stops the time-ordered read after every event before it, not one more")
    func corruptLineAfterBatches() throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(RawLine.validLines(1...2_999) + "{\"seq\":3000,\n" + RawLine.validLines(3_001...3_002))
            let plain = Collected()
            let plainError = #expect(throws: EventLogFileError.self) {
                try EventLogReader.forEachEvent(path: path) { plain.scanned.append($0) }
            }
            let ahead = Collected()
            let aheadError = #expect(throws: EventLogFileError.self) {
                try EventLogReader.forEachEventInTimeOrder(path: path, restart: {}) { ahead.events.append($0) }
            }
            #expect(plainError?.line == 3_000)
            #expect(aheadError?.line == 3_000)
            #expect(aheadError?.description == plainError?.description)
            #expect(plain.scanned.map(\.event.seq) == Array(1...2_999))
            #expect(ahead.events.map(\.seq) == Array(1...2_999))
        }
    }

    static let tornTails: [(name: String, text: String, firstLine: Int, delivered: Int)] = [
        ("a last line cut short", RawLine.validLines(1...3) + String(RawLine.valid(4).prefix(33)), 4, 3),
        ("a complete last line without its newline", RawLine.validLines(1...3) + RawLine.valid(4), 4, 3),
        (
            "two lines of a three-line batch",
            RawLine.validLines(1...3) + RawLine.valid(4, batch: (1, 3)) + "\n" + RawLine.valid(5, batch: (2, 3)) + "\n",
            4, 3
        ),
        (
            "a batch line and part of the next",
            RawLine.validLines(1...3) + RawLine.valid(4, batch: (1, 2)) + "\n" + String(RawLine.valid(5, batch: (2, 2)).prefix(12)),
            4, 3
        ),
    ]

    @Test("a torn tail is reported, not thrown, and every event before it is delivered", arguments: tornTails.indices)
    func tornTailReported(index: Int) throws {
        let torn = Self.tornTails[index]
        try TemporaryFolder.with { directory in
            let path = try directory.write(torn.text)
            let collected = Collected()
            let summary = try EventLogReader.forEachEvent(path: path) { collected.scanned.append($0) }
            #expect(collected.scanned.map(\.event.seq) == Array(1...torn.delivered), "\(torn.name)")
            #expect(summary.eventCount == torn.delivered)
            #expect(summary.lastSeq == torn.delivered)
            let tail = try #require(summary.tornTail, "\(torn.name)")
            #expect(tail.firstLine == torn.firstLine)
            #expect(tail.byteOffset + tail.byteCount == Int64(torn.text.utf8.count))
            #expect(summary.byteCount == Int64(torn.text.utf8.count))

            let inTimeOrder = Collected()
            let timeSummary = try EventLogReader.forEachEventInTimeOrder(path: path, restart: {}, { inTimeOrder.events.append($0) })
            #expect(inTimeOrder.events.map(\.seq) == Array(1...torn.delivered))
            #expect(timeSummary.tornTail == tail)

            // The log reads the same, and says so.
            let contents = try FileEventLog(path: path, createIfMissing: false).read()
            #expect(contents.events.map(\.seq) == Array(1...torn.delivered))
            #expect(contents.tornTail == tail)
            #expect(try FileBytes.read(path) == Array(torn.text.utf8))
        }
    }

    @Test("a missing file fails with notFound")
    func missingFile() throws {
        try TemporaryFolder.with { directory in
            let error = #expect(throws: EventLogFileError.self) {
                try EventLogReader.forEachEvent(path: directory.path("missing.jsonl")) { _ in }
            }
            #expect(error?.code == .notFound)
        }
    }

    @Test("an empty file has no events")
    func emptyFile() throws {
        try TemporaryFolder.with { directory in
            let summary = try EventLogReader.forEachEvent(path: try directory.write("")) { _ in Issue.record("an event from an empty file") }
            #expect(summary == EventLogReader.Summary())
        }
    }

    // MARK: Opaque events

    /// Lines this reader cannot interpret, written in ways the canonical writer would not.
    static let opaqueLines: [String] = [
        "{\"seq\":2,\"id\":\"o-2\",\"type\":\"lightsDimmed\",\"v\":1,\"at\":\"2026-11-30T21:41:00+01:00\",\"tz\":\"Europe/Berlin\","
            + "\"data\":{\"level\":1.0E+2,\"note\":\"caf\\u00e9 \\\"x\\\" \\/ \u{1F319}\",\"nested\":{\"a\":[1,2,{\"b\":null}]},\"big\":123456789012345678901234567890}}",
        "{ \"data\" : { \"z\" : true , \"plan\" : [ ] } , \"v\" : 2 , \"type\" : \"goalSet\" , \"tz\" : \"UTC\" ,"
            + " \"at\" : \"2026-11-30T20:42:00.5Z\" , \"id\" : \"o-3\" , \"seq\" : 3 , \"device\" : \"watch\" }",
        "{\"seq\":4,\"id\":\"o-4\",\"type\":\"wokeUp\",\"v\":9,\"at\":\"2026-12-01T07:00:00+01:00\",\"tz\":\"Europe/Berlin\",\"batch\":[1,2],\"data\":{}}",
        "{\"seq\":5,\"id\":\"o-5\",\"type\":\"x\",\"v\":1,\"at\":\"2026-12-01T07:00:01+01:00\",\"tz\":\"Europe/Berlin\",\"batch\":[2,2],\"data\":{\"\":\"\"},\"causedBy\":\"o-4\"}",
    ]

    @Test("opaque events are delivered as .opaque and encode back to their line byte for byte")
    func opaqueEventsRoundTrip() throws {
        try TemporaryFolder.with { directory in
            let lines = [RawLine.valid(1)] + Self.opaqueLines + [RawLine.valid(6)]
            let path = try directory.write(lines.map { $0 + "\n" }.joined())
            let fileLines = try FileBytes.lines(path)
            let collected = Collected()
            let summary = try EventLogReader.forEachEvent(path: path) { collected.scanned.append($0) }
            #expect(summary.tornTail == nil)
            try #require(collected.scanned.count == lines.count)

            var reasons: [OpaquePayload.Reason] = []
            for scanned in collected.scanned {
                let original = fileLines[scanned.line - 1]
                #expect(EventLineEncoder.encode(scanned.event) == original, "line \(scanned.line)")
                if case .opaque(let opaque) = scanned.event.payload {
                    reasons.append(opaque.reason)
                    #expect(scanned.event.originalLine == original)
                } else {
                    #expect(scanned.line == 1 || scanned.line == lines.count, "line \(scanned.line) should be opaque")
                }
            }
            #expect(reasons == [.unknownType, .newerVersion(knownVersion: 1), .newerVersion(knownVersion: 1), .unknownType])
            let second = try #require(collected.scanned.first { $0.event.seq == 3 })
            #expect(second.event.typeName == "goalSet")
            #expect(second.event.event.version == 2)
            #expect(second.event.id == "o-3")

            // Appending after them leaves their lines as they were, and a retry of one is answered.
            let before = try FileBytes.read(path)
            let log = try FileEventLog(path: path, createIfMissing: false)
            #expect(try log.append([second.event.event], expectedLastSeq: nil) == [AppendOutcome(seq: 3, alreadyPresent: true)])
            let added = try TestEvents.event("after-opaque")
            #expect(try log.append([added], expectedLastSeq: 6).map(\.seq) == [7])
            #expect(try FileBytes.read(path) == before + TestEvents.expectedLine(added, seq: 7))
        }
    }
}
