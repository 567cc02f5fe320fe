@_spi(LogTools) @testable import EventLogFile
import TestSupport
import Events
import Foundation
import Testing

/// `FileEventLog.adoptVerifiedPrefix`: the first append after opening from a checkpoint reads
/// only the lines after it.
@Suite("FileEventLog adopting a verified prefix")
struct FileEventLogAdoptionTests {
    /// A log of 8 single events `p1`…`p8`, and its end point.
    static func makeLog(in directory: TemporaryFolder) throws -> (path: String, end: LogResumePoint) {
        let path = directory.path("log.jsonl")
        let log = try FileEventLog(path: path)
        for index in 1...8 {
            _ = try log.append([try TestEvents.event("p\(index)", minute: index)], expectedLastSeq: nil)
        }
        return (path, log.committedPoint)
    }

    /// Changes one byte of line `line` (1-based) so that it no longer decodes, keeping its length.
    static func corruptLine(_ line: Int, of path: String) throws {
        var bytes = try FileBytes.read(path)
        let lines = try FileBytes.lines(path)
        let start = lines.prefix(line - 1).reduce(0) { $0 + $1.count + 1 }
        bytes[start] = UInt8(ascii: "[")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test("an append after adoption does not read the prefix: a corrupt line inside it goes unseen")
    func prefixNotRead() throws {
        try TemporaryFolder.with { directory in
            let (path, end) = try Self.makeLog(in: directory)
            try Self.corruptLine(3, of: path)
            // Without adoption the first append scans the log and refuses it.
            let plain = try FileEventLog(path: path)
            let refused = #expect(throws: EventLogFileError.self) {
                try plain.append([try TestEvents.event("new")], expectedLastSeq: 8, adoptedPrefixContains: { _ in false })
            }
            #expect(refused?.code == .corrupt)
            #expect(refused?.line == 3)
            // With the prefix adopted, only what follows it is read.
            let log = try FileEventLog(path: path)
            log.adoptVerifiedPrefix(end)
            #expect(log.committedPoint == end)
            let outcomes = try log.append([try TestEvents.event("new")], expectedLastSeq: 8, adoptedPrefixContains: { _ in false })
            #expect(outcomes == [AppendOutcome(seq: 9, alreadyPresent: false)])
            #expect(try log.lastSeq() == 9)
            #expect(log.committedPoint.lastSeq == 9)
            #expect(log.committedPoint.position.byteOffset == Int64(try FileBytes.read(path).count))
            let next = try log.append([try TestEvents.event("newer")], expectedLastSeq: 9, adoptedPrefixContains: { _ in false })
            #expect(next == [AppendOutcome(seq: 10, alreadyPresent: false)])
        }
    }

    @Test("lines appended by another writer after the prefix are still scanned")
    func linesAfterThePrefix() throws {
        try TemporaryFolder.with { directory in
            let (path, end) = try Self.makeLog(in: directory)
            _ = try FileEventLog(path: path).append([try TestEvents.event("other")], expectedLastSeq: 8)
            let log = try FileEventLog(path: path)
            log.adoptVerifiedPrefix(end)
            var asked: [IdentifierDigest] = []
            let outcomes = try log.append([try TestEvents.event("other")], expectedLastSeq: 8, adoptedPrefixContains: { asked.append($0); return false })
            #expect(outcomes == [AppendOutcome(seq: 9, alreadyPresent: true)])
            #expect(asked.isEmpty)
            let conflict = #expect(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("x")], expectedLastSeq: 8, adoptedPrefixContains: { _ in false })
            }
            #expect(conflict?.code == .sequenceConflict)
        }
    }

    @Test("a retried id inside the prefix answers alreadyPresent with its seq; other content is refused")
    func retriedIdInThePrefix() throws {
        try TemporaryFolder.with { directory in
            let (path, end) = try Self.makeLog(in: directory)
            let log = try FileEventLog(path: path)
            log.adoptVerifiedPrefix(end)
            let prefixIds: Set<IdentifierDigest> = Set((1...8).map { IdentifierDigest("p\($0)") })
            let contains = { (digest: IdentifierDigest) in prefixIds.contains(digest) }
            let retried = try log.append([try TestEvents.event("p5", minute: 5)], expectedLastSeq: 8, adoptedPrefixContains: contains)
            #expect(retried == [AppendOutcome(seq: 5, alreadyPresent: true)])
            let mixed = try log.append(
                [try TestEvents.event("p2", minute: 2), try TestEvents.event("fresh")], expectedLastSeq: 8, adoptedPrefixContains: contains
            )
            #expect(mixed == [AppendOutcome(seq: 2, alreadyPresent: true), AppendOutcome(seq: 9, alreadyPresent: false)])
            let other = #expect(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("p7", minute: 99)], expectedLastSeq: 9, adoptedPrefixContains: contains)
            }
            #expect(other?.code == .duplicateIdentifier)
            #expect(other?.message.contains("seq 7") == true)
            // A "yes" for an id the prefix does not hold costs a scan, and the event is appended.
            let falseYes = try log.append([try TestEvents.event("absent")], expectedLastSeq: 9, adoptedPrefixContains: { _ in true })
            #expect(falseYes == [AppendOutcome(seq: 10, alreadyPresent: false)])
            #expect(try log.readAll().map(\.id) == (1...8).map { "p\($0)" } + ["fresh", "absent"])
        }
    }

    @Test("the prefix search finds ids whatever their escapes")
    func escapedIds() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let ids = ["quote\"d", "back\\slash", "tab\there", "ü-ünïcode", "plain"]
            let writer = try FileEventLog(path: path)
            for (index, id) in ids.enumerated() {
                _ = try writer.append([try TestEvents.event(id, minute: index)], expectedLastSeq: nil)
            }
            // Another writer may escape what this one writes raw: "\u0061scii" is "ascii".
            try FileBytes.append(Array((RawLine.valid(6, id: "\\u0061scii") + "\n").utf8), to: path)
            let end = try EventLogReader.forEachEvent(path: path) { _ in }.committedPoint
            #expect(end.lastSeq == 6)
            let log = try FileEventLog(path: path)
            log.adoptVerifiedPrefix(end)
            for (index, id) in ids.enumerated() {
                let outcome = try log.append([try TestEvents.event(id, minute: index)], expectedLastSeq: 6, adoptedPrefixContains: { _ in true })
                #expect(outcome == [AppendOutcome(seq: index + 1, alreadyPresent: true)], "\(id)")
            }
            let ascii = try log.append([try TestEvents.event("ascii", minute: 40)], expectedLastSeq: 6, adoptedPrefixContains: { _ in true })
            #expect(ascii == [AppendOutcome(seq: 6, alreadyPresent: true)])
        }
    }

    @Test("the substring search used to skip lines")
    func substringSearch() {
        let haystack: [UInt8] = Array("abcabcabd".utf8)
        haystack.withUnsafeBufferPointer { buffer in
            #expect(AdoptedPrefixSearch.contains(buffer, Array("abd".utf8)))
            #expect(AdoptedPrefixSearch.contains(buffer, Array("abcabcabd".utf8)))
            #expect(AdoptedPrefixSearch.contains(buffer, Array("a".utf8)))
            #expect(!AdoptedPrefixSearch.contains(buffer, Array("abe".utf8)))
            #expect(!AdoptedPrefixSearch.contains(buffer, Array("abcabcabdx".utf8)))
            #expect(AdoptedPrefixSearch.contains(buffer, []))
        }
    }

    @Test("a file cut shorter than the adopted prefix is scanned from the start")
    func cutFileFallsBack() throws {
        try TemporaryFolder.with { directory in
            let (path, end) = try Self.makeLog(in: directory)
            let lines = try FileBytes.lines(path)
            let log = try FileEventLog(path: path)
            log.adoptVerifiedPrefix(end)
            // Cut the log after line 5, then corrupt line 2: a full scan finds it.
            let keep = lines.prefix(5).reduce(0) { $0 + $1.count + 1 }
            try Data(try FileBytes.read(path).prefix(keep)).write(to: URL(fileURLWithPath: path))
            #expect(try log.lastSeq() == 5)
            #expect(log.committedPoint.lastSeq == 5)
            let outcomes = try log.append([try TestEvents.event("after-cut")], expectedLastSeq: 5, adoptedPrefixContains: { _ in false })
            #expect(outcomes == [AppendOutcome(seq: 6, alreadyPresent: false)])
            // The adoption is forgotten: ids of the (remaining) prefix are known without asking.
            let retried = try log.append([try TestEvents.event("p3", minute: 3)], expectedLastSeq: 6, adoptedPrefixContains: { _ in
                Issue.record("asked about the prefix after the adoption was forgotten")
                return false
            })
            #expect(retried == [AppendOutcome(seq: 3, alreadyPresent: true)])
        }
    }

    @Test("a file cut shorter than the adopted prefix: a corrupt line in what is left is found")
    func cutFileIsScanned() throws {
        try TemporaryFolder.with { directory in
            let (path, end) = try Self.makeLog(in: directory)
            let lines = try FileBytes.lines(path)
            let log = try FileEventLog(path: path)
            log.adoptVerifiedPrefix(end)
            let keep = lines.prefix(5).reduce(0) { $0 + $1.count + 1 }
            try Data(try FileBytes.read(path).prefix(keep)).write(to: URL(fileURLWithPath: path))
            try Self.corruptLine(2, of: path)
            let error = #expect(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("after-cut")], expectedLastSeq: nil, adoptedPrefixContains: { _ in false })
            }
            #expect(error?.code == .corrupt)
            #expect(error?.line == 2)
        }
    }

    @Test("the protocol's append, which cannot ask about the prefix, scans the whole log first")
    func plainAppendScansEverything() throws {
        try TemporaryFolder.with { directory in
            let (path, end) = try Self.makeLog(in: directory)
            let log = try FileEventLog(path: path)
            log.adoptVerifiedPrefix(end)
            #expect(try log.append([try TestEvents.event("p4", minute: 4)], expectedLastSeq: 8) == [AppendOutcome(seq: 4, alreadyPresent: true)])
            try Self.corruptLine(3, of: path)
            let other = try FileEventLog(path: path)
            other.adoptVerifiedPrefix(end)
            let error = #expect(throws: EventLogFileError.self) { try other.append([try TestEvents.event("new")], expectedLastSeq: 8) }
            #expect(error?.code == .corrupt)
        }
    }

    @Test("adopting a point the log has already scanned past changes nothing")
    func adoptionBehindTheScan() throws {
        try TemporaryFolder.with { directory in
            let (path, _) = try Self.makeLog(in: directory)
            let log = try FileEventLog(path: path)
            #expect(try log.lastSeq() == 8)
            let end = log.committedPoint
            log.adoptVerifiedPrefix(LogResumePoint(position: LineReader.Position(byteOffset: 10, lineNumber: 2), lastSeq: 1))
            #expect(log.committedPoint == end)
            let retried = try log.append([try TestEvents.event("p1", minute: 1)], expectedLastSeq: 8, adoptedPrefixContains: { _ in false })
            #expect(retried == [AppendOutcome(seq: 1, alreadyPresent: true)])
        }
    }
}
