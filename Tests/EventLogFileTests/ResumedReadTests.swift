@_spi(LogTools) @testable import EventLogFile
import TestSupport
import Events
import Foundation
import Testing

/// Reading a log from a `LogResumePoint` (what follows a checkpoint): the same events and
/// the same checks as a read from the start.
@Suite("Resumed reads")
struct ResumedReadTests {
    /// A log of single events and batches (sizes 1, 1, 3, 1, 7, 2, 1).
    static func makeLog(in directory: TemporaryFolder) throws -> String {
        let path = directory.path("log.jsonl")
        let log = try FileEventLog(path: path)
        _ = try log.append([try TestEvents.event("a")], expectedLastSeq: nil)
        _ = try log.append([try TestEvents.event("b", minute: 1)], expectedLastSeq: nil)
        _ = try log.append([try TestEvents.event("c1", minute: 2), try TestEvents.event("c2", minute: 3), try TestEvents.event("c3", minute: 1)], expectedLastSeq: nil)
        _ = try log.append([try TestEvents.event("d", minute: 4)], expectedLastSeq: nil)
        _ = try log.append(try TestEvents.assorted(), expectedLastSeq: nil)
        _ = try log.append([try TestEvents.event("f1", minute: 5), try TestEvents.event("f2", minute: 6)], expectedLastSeq: nil)
        _ = try log.append([try TestEvents.event("g", minute: 7)], expectedLastSeq: nil)
        return path
    }

    /// Every line boundary of the log: its point, and whether it falls between batches.
    static func boundaries(of path: String) throws -> [(point: LogResumePoint, betweenBatches: Bool)] {
        var scanned: [ScannedEvent] = []
        try EventLogReader.forEachEvent(path: path) { scanned.append($0) }
        let lines = try FileBytes.lines(path)
        var result: [(LogResumePoint, Bool)] = [(.start, true)]
        var offset: Int64 = 0
        for (index, line) in lines.enumerated() {
            offset += Int64(line.count + 1)
            let event = scanned[index].event
            let closes = event.batch.map { $0.index == $0.count } ?? true
            result.append((LogResumePoint(position: LineReader.Position(byteOffset: offset, lineNumber: index + 2), lastSeq: event.seq), closes))
        }
        return result
    }

    @Test("resuming at every line boundary between batches gives exactly the full read's tail")
    func everyBoundary() throws {
        try TemporaryFolder.with { directory in
            let path = try Self.makeLog(in: directory)
            var full: [ScannedEvent] = []
            let fullSummary = try EventLogReader.forEachEvent(path: path) { full.append($0) }
            #expect(full.count == 16)
            let points = try Self.boundaries(of: path).filter(\.betweenBatches).map(\.point)
            #expect(points.count == 8)
            #expect(points.last == fullSummary.committedPoint)
            for point in points {
                var tail: [ScannedEvent] = []
                let summary = try EventLogReader.forEachEvent(path: path, from: point) { tail.append($0) }
                #expect(tail == full.filter { $0.line >= point.position.lineNumber }, "from line \(point.position.lineNumber)")
                #expect(summary.eventCount == tail.count)
                #expect(summary.lastSeq == fullSummary.lastSeq)
                #expect(summary.lineCount == fullSummary.lineCount)
                #expect(summary.byteCount == fullSummary.byteCount)
                #expect(summary.committedPoint == fullSummary.committedPoint)
                #expect(summary.tornTail == nil)
            }
        }
    }

    @Test("a point inside a batch, or with another last seq, reads as corruption")
    func wrongPoints() throws {
        try TemporaryFolder.with { directory in
            let path = try Self.makeLog(in: directory)
            let insideBatches = try Self.boundaries(of: path).filter { !$0.betweenBatches }.map(\.point)
            #expect(insideBatches.count == 9)
            for point in insideBatches {
                let error = #expect(throws: EventLogFileError.self) { try EventLogReader.forEachEvent(path: path, from: point) { _ in } }
                #expect(error?.code == .corrupt)
                #expect(error?.line == point.position.lineNumber)
            }
            var wrongSeq = try #require(try Self.boundaries(of: path).filter(\.betweenBatches).map(\.point).dropFirst(2).first)
            wrongSeq.lastSeq += 1
            let error = #expect(throws: EventLogFileError.self) { try EventLogReader.forEachEvent(path: path, from: wrongSeq) { _ in } }
            #expect(error?.code == .corrupt)
            #expect(error?.message.contains("expected \(wrongSeq.lastSeq + 1)") == true)
        }
    }

    @Test("at the end nothing is handed out; a torn tail after the point is reported, not read")
    func endAndTornTail() throws {
        try TemporaryFolder.with { directory in
            let path = try Self.makeLog(in: directory)
            let end = try #require(try Self.boundaries(of: path).last?.point)
            var count = 0
            var summary = try EventLogReader.forEachEvent(path: path, from: end) { _ in count += 1 }
            #expect(count == 0)
            #expect(summary.lastSeq == 16)
            #expect(summary.lineCount == 16)
            #expect(summary.committedPoint == end)
            try FileBytes.append(Array((RawLine.valid(17) + "\n" + RawLine.valid(18, batch: (1, 2)) + "\n").utf8), to: path)
            var tail: [Int] = []
            summary = try EventLogReader.forEachEvent(path: path, from: end) { tail.append($0.event.seq) }
            #expect(tail == [17])
            #expect(summary.tornTail?.firstLine == 18)
            #expect(summary.committedPoint.lastSeq == 17)
            #expect(summary.committedPoint.position.lineNumber == 18)
        }
    }

    @Test("a resumed scanner starts at its point")
    func scannerStartsAtThePoint() {
        let point = LogResumePoint(position: LineReader.Position(byteOffset: 500, lineNumber: 4), lastSeq: 3)
        let scanner = LogScanner(resumingAt: point, tracking: .locations)
        #expect(scanner.committedPoint == point)
        #expect(scanner.nextSeq == 4)
        #expect(scanner.identifiers.isEmpty)
    }
}
