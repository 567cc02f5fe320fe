@_spi(LogTools) @testable import EventLogFile
import TestSupport
import Events
import Foundation
import Testing

/// `CheckpointFolder`: listing, validating against the log, reading payloads, atomic writes.
@Suite("CheckpointFolder")
struct CheckpointFolderTests {
    /// The payload of `entry` read both ways an open may take it, which must agree: copied
    /// (`payload(of:)`) and mapped (`withPayload(of:_:)`); the same problem when refused.
    static func payload(in folder: CheckpointFolder, of entry: CheckpointEntry) throws(CheckpointProblem) -> [UInt8] {
        let mapped = Result { () throws(CheckpointProblem) in try folder.withPayload(of: entry) { bytes in Array(bytes) } }
        let copied = Result { () throws(CheckpointProblem) in try folder.payload(of: entry) }
        switch (copied, mapped) {
        case (.success(let left), .success(let right)): #expect(left == right, "mapped and copied payloads differ")
        case (.failure(let left), .failure(let right)): #expect(left == right, "mapped and copied reads refuse differently")
        default: Issue.record("copied \(copied), mapped \(mapped)")
        }
        return try copied.get()
    }

    /// A log of `count` single events (ids `e1`, `e2`, …) and the point after each.
    static func makeLog(in directory: TemporaryFolder, count: Int = 6) throws -> (path: String, points: [LogResumePoint]) {
        let path = directory.path("log.jsonl")
        let log = try FileEventLog(path: path)
        var points = [log.committedPoint]
        for index in 1...count {
            _ = try log.append([try TestEvents.event("e\(index)", minute: index)], expectedLastSeq: nil)
            points.append(log.committedPoint)
        }
        return (path, points)
    }

    /// The header of a checkpoint of the log file at `path` at `point`, its digests read from
    /// the log unless given.
    static func header(
        of path: String, at point: LogResumePoint, foldVersion: UInt32 = 3, prefixDigest: PrefixDigest? = nil
    ) throws -> CheckpointHeader {
        let tail = try #require(try PrefixDigest.tail(ofFileAt: path, end: point.byteOffset))
        let prefix = try prefixDigest ?? #require(try PrefixDigest.digests(ofFileAt: path, prefixLengths: [point.byteOffset])[point.byteOffset])
        return CheckpointHeader(
            foldVersion: foldVersion, isLogSet: false,
            position: CheckpointPosition(streams: [.init(name: nil, end: point, tailDigest: tail, prefixDigest: prefix)], lastKey: nil),
            eventCount: point.lastSeq, latestAt: 1_000 * Int64(point.lastSeq))
    }

    /// A checkpoint of the log file at `path` at `point` holding the state bytes `state`.
    static func checkpoint(
        _ folder: CheckpointFolder, of path: String, at point: LogResumePoint, foldVersion: UInt32 = 3, state: [UInt8] = [],
        prefixDigest: PrefixDigest? = nil
    ) throws -> CheckpointEntry {
        try folder.write(header: try header(of: path, at: point, foldVersion: foldVersion, prefixDigest: prefixDigest), payload: state)
    }

    /// `validate` against the log file at `path`.
    static func validate(
        _ folder: CheckpointFolder, _ entries: [CheckpointEntry], logAt path: String, check: CheckpointFolder.Check = .full
    ) -> (valid: [CheckpointEntry], problems: [CheckpointProblem]) {
        folder.validate(entries, log: .file(path: path), streams: [nil], foldVersion: 3, check: check)
    }

    /// The state bytes a checkpoint holds.
    static func state(in folder: CheckpointFolder, of entry: CheckpointEntry) throws(CheckpointProblem) -> [UInt8] {
        try folder.payload(of: entry)
    }

    static func folder(for logPath: String) -> CheckpointFolder {
        CheckpointFolder(path: CheckpointFolder.defaultPath(forLogAt: logPath))
    }

    // MARK: Names

    @Test("the default folder is LOG.checkpoints; names sort by seq; other names are not checkpoints")
    func names() {
        #expect(CheckpointFolder.defaultPath(forLogAt: "/a/b/log.jsonl") == "/a/b/log.jsonl.checkpoints")
        #expect(CheckpointFolder.fileName(forLastSeq: 150_000) == "seq-000000150000.checkpoint")
        #expect(CheckpointFolder.fileName(forLastSeq: 0) == "seq-000000000000.checkpoint")
        #expect(CheckpointFolder.fileName(forLastSeq: 1_234_567_890_123) == "seq-1234567890123.checkpoint")
        #expect(CheckpointFolder.lastSeq(inFileName: "seq-000000150000.checkpoint") == 150_000)
        for other in ["seq-.checkpoint", "seq-12a.checkpoint", ".seq-000000000001.checkpoint.1234.tmp",
                      "seq-000000000001.checkpoint.tmp", "notes.txt", "seq-1.checkpoint ", "seq--1.checkpoint"] {
            #expect(CheckpointFolder.lastSeq(inFileName: other) == nil, "\(other)")
        }
    }

    // MARK: Writing and reading

    @Test("a missing folder holds no checkpoint and no problem")
    func missingFolder() throws {
        try TemporaryFolder.with { directory in
            let listed = CheckpointFolder(path: directory.path("none")).entries()
            #expect(listed.entries.isEmpty)
            #expect(listed.problems.isEmpty)
        }
    }

    @Test("write creates the folder 0700 and a file 0600; entries and payload read it back")
    func writeAndRead() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let header = try Self.header(of: log, at: points[4])
            let payload = DigestTestBytes.make(count: 10_000)
            let written = try folder.write(header: header, payload: payload)
            #expect(written.fileName == "seq-000000000004.checkpoint")
            #expect(written.path == folder.path + "/seq-000000000004.checkpoint")
            #expect(written.header.payloadLength == 10_000)
            #expect(written.header.payloadDigest == PrefixDigest.digest(of: payload))
            #expect(try FileBytes.permissions(folder.path) == 0o700)
            #expect(try FileBytes.permissions(written.path) == 0o600)
            #expect(try FileBytes.read(written.path).count == written.headerSize + 10_000)

            let listed = folder.entries()
            #expect(listed.problems.isEmpty)
            #expect(listed.entries == [written])
            #expect(try Self.payload(in: folder, of: written) == payload)
            // No temporary file is left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["seq-000000000004.checkpoint"])
        }
    }

    @Test("a checkpoint with an empty payload, at the start of an empty log, is valid")
    func emptyPayloadAtTheStart() throws {
        try TemporaryFolder.with { directory in
            let log = try directory.write("")
            let folder = Self.folder(for: log)
            let written = try Self.checkpoint(folder, of: log, at: .start)
            let checked = Self.validate(folder, folder.entries().entries, logAt: log)
            #expect(checked.valid == [written])
            #expect(try Self.state(in: folder, of: written) == [])
        }
    }

    @Test("write replaces the checkpoint at the same seq; entries are ordered by position; remove deletes")
    func replaceOrderRemove() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let six = try Self.checkpoint(folder, of: log, at: points[6], state: [6])
            let two = try Self.checkpoint(folder, of: log, at: points[2], state: [2])
            let four = try Self.checkpoint(folder, of: log, at: points[4], state: [4])
            #expect(folder.entries().entries == [two, four, six])
            let newFour = try Self.checkpoint(folder, of: log, at: points[4], foldVersion: 9, state: [4, 4])
            let listed = folder.entries()
            #expect(listed.entries == [two, newFour, six])
            #expect(try Self.state(in: folder, of: newFour) == [4, 4])
            try folder.remove(six)
            #expect(folder.entries().entries == [two, newFour])
            try folder.remove(six) // already gone: not an error
            #expect(Self.validate(folder, folder.entries().entries, logAt: log).valid == [two])
        }
    }

    // MARK: Validation

    @Test("checkpoints of this log at several positions are valid, and stay valid when the log grows")
    func validCheckpoints() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let written = try [0, 3, 6].map { try Self.checkpoint(folder, of: log, at: points[$0], state: [UInt8($0)]) }
            for check in [CheckpointFolder.Check.tail, .full] {
                var checked = Self.validate(folder, folder.entries().entries, logAt: log, check: check)
                #expect(checked.valid == written)
                #expect(checked.problems.isEmpty)
                _ = try FileEventLog(path: log).append([try TestEvents.event("later-\(check)")], expectedLastSeq: nil)
                checked = Self.validate(folder, folder.entries().entries, logAt: log, check: check)
                #expect(checked.valid == written)
            }
        }
    }

    @Test("the tail check sees an edit in the 4 KiB before a position; only the full check sees one further back")
    func tailAndFullChecks() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory, count: 60)
            #expect(points[60].byteOffset > 2 * PrefixDigest.tailLength, "the log must be longer than two tails")
            let folder = Self.folder(for: log)
            let late = try Self.checkpoint(folder, of: log, at: points[60])
            let early = try Self.checkpoint(folder, of: log, at: points[2])
            func flip(at offset: Int64) throws {
                var bytes = try FileBytes.read(log)
                let index = Int(offset)
                bytes[index] = bytes[index] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
                try directory.write(bytes, to: "log.jsonl")
            }
            // An id's letter in line 30: far before the late checkpoint's last 4 KiB, after the early one.
            let far = points[29].byteOffset + 40
            try flip(at: far)
            let tail = Self.validate(folder, folder.entries().entries, logAt: log, check: .tail)
            #expect(tail.valid == [early, late])
            #expect(tail.problems.isEmpty)
            let full = Self.validate(folder, folder.entries().entries, logAt: log, check: .full)
            #expect(full.valid == [early])
            #expect(full.problems == [.prefixChanged(file: late.path, byteOffset: points[60].byteOffset)])
            try flip(at: far)
            // Line 59, inside the late checkpoint's tail: the open's check sees it.
            try flip(at: points[58].byteOffset + 40)
            let near = Self.validate(folder, folder.entries().entries, logAt: log, check: .tail)
            #expect(near.valid == [early])
            #expect(near.problems == [.prefixChanged(file: late.path, byteOffset: points[60].byteOffset)])
        }
    }

    @Test("a position's kind must be the log's: a file's checkpoint is not a log set's, nor the other way round")
    func otherKind() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let entry = try Self.checkpoint(folder, of: log, at: points[3])
            let asSet = folder.validate([entry], log: .logSet(LogSetDirectory(path: directory.path)), streams: [], foldVersion: 3, check: .tail)
            #expect(asSet.valid.isEmpty)
            #expect(asSet.problems == [.otherKind(file: entry.path, logSet: false)])
        }
    }

    @Test("another fold version is not used")
    func otherFoldVersion() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let entry = try Self.checkpoint(folder, of: log, at: points[3], foldVersion: 2, state: [1])
            let checked = Self.validate(folder, [entry], logAt: log)
            #expect(checked.valid.isEmpty)
            #expect(checked.problems == [.otherFoldVersion(file: entry.path, foldVersion: 2, expected: 3)])
        }
    }

    @Test("another format, older or newer, is not used: entries reports it (its header is not read further)")
    func otherFormat() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let entry = try Self.checkpoint(folder, of: log, at: points[3], state: [1])
            let written = try FileBytes.read(entry.path)
            for version: UInt8 in [2, 4] {
                var bytes = written
                bytes[21] = version
                try directory.write(bytes, to: "log.jsonl.checkpoints/" + entry.fileName)
                let listed = folder.entries()
                #expect(listed.entries.isEmpty)
                #expect(listed.problems == [.otherFormat(file: entry.path, formatVersion: UInt32(version))])
                #expect(listed.problems.first?.warning.contains(version == 2 ? "by an older version" : "by a newer version") == true)
            }
        }
    }

    @Test("a checkpoint beyond the log's end (the log was cut or repaired) is not used")
    func beyondLogEnd() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let end = try Self.checkpoint(folder, of: log, at: points[6], state: [6])
            let middle = try Self.checkpoint(folder, of: log, at: points[3], state: [3])
            let cut = points[5].position.byteOffset
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            try handle.truncate(atOffset: UInt64(cut))
            try handle.close()
            for check in [CheckpointFolder.Check.tail, .full] {
                let checked = Self.validate(folder, folder.entries().entries, logAt: log, check: check)
                #expect(checked.valid == [middle])
                #expect(checked.problems == [.beyondLogEnd(file: end.path, byteOffset: points[6].position.byteOffset, logLength: cut)])
            }
            // A missing log is an empty one.
            try FileManager.default.removeItem(atPath: log)
            let gone = Self.validate(folder, folder.entries().entries, logAt: log, check: .tail)
            #expect(gone.valid.isEmpty)
            #expect(gone.problems.map(\.file) == [middle.path, end.path])
            #expect(gone.problems.allSatisfy { if case .beyondLogEnd(_, _, 0) = $0 { true } else { false } })
        }
    }

    @Test("an edited prefix, or another log, is not used: its prefix digest differs")
    func prefixChanged() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let late = try Self.checkpoint(folder, of: log, at: points[5], state: [5])
            let early = try Self.checkpoint(folder, of: log, at: points[2], state: [2])
            // Edit one byte of line 4 (inside the later checkpoint's prefix only), keeping the length.
            var bytes = try FileBytes.read(log)
            let offset = Int(points[3].position.byteOffset) + 40
            bytes[offset] = bytes[offset] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            try directory.write(bytes, to: "log.jsonl")
            let checked = Self.validate(folder, folder.entries().entries, logAt: log, check: .tail)
            #expect(checked.valid == [early])
            #expect(checked.problems == [.prefixChanged(file: late.path, byteOffset: points[5].position.byteOffset)])

            // Another log: the same shape with other ids.
            let other = directory.path("other.jsonl")
            let otherLog = try FileEventLog(path: other)
            for index in 1...6 { _ = try otherLog.append([try TestEvents.event("o\(index)", minute: index)], expectedLastSeq: nil) }
            let foreign = Self.validate(folder, [early], logAt: other, check: .tail)
            #expect(foreign.valid.isEmpty)
            #expect(foreign.problems == [.prefixChanged(file: early.path, byteOffset: points[2].position.byteOffset)])
        }
    }

    @Test("a log that cannot be read: every candidate is reported, none used")
    func logUnreadable() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let entry = try Self.checkpoint(folder, of: log, at: points[2], state: [2])
            let checked = Self.validate(folder, [entry], logAt: directory.path)
            #expect(checked.valid.isEmpty)
            guard case .logUnreadable(let file, _)? = checked.problems.first else {
                Issue.record("\(checked.problems)")
                return
            }
            #expect(file == entry.path)
        }
    }

    // MARK: Damage

    @Test("leftovers of interrupted writes are removed once an hour old; nothing else in the folder is")
    func leftovers() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let entry = try folder.write(header: try Self.header(of: log, at: points[3]), payload: [3])
            let leftovers = [".seq-000000000006.checkpoint.77aa.tmp", ".seq-000000000007.checkpoint.12.tmp"]
            let others = ["notes.txt", ".other.tmp", "seq-000000000009.checkpoint.tmp", ".seq-000000000006.checkpoint"]
            for name in leftovers + others { try directory.write([1, 2, 3], to: "log.jsonl.checkpoints/" + name) }
            try FileManager.default.createDirectory(atPath: folder.path + "/.seq-000000000007.checkpoint.1.tmp", withIntermediateDirectories: false)
            let changed = try #require(try FileManager.default.attributesOfItem(atPath: folder.path + "/" + leftovers[0])[.modificationDate] as? Date)
            let written = Int64(changed.timeIntervalSince1970.rounded(.down))
            func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
            let before = try names()

            folder.removeLeftovers(now: written + CheckpointFolder.leftoverAge - 2)
            #expect(try names() == before, "a temporary file younger than an hour may be a write in progress")
            folder.removeLeftovers(now: written + CheckpointFolder.leftoverAge + 2)
            #expect(try names() == before.filter { !leftovers.contains($0) })
            #expect(folder.entries() == (entries: [entry], problems: []))
        }
    }

    @Test("an interrupted write: a leftover temporary file is ignored; a final file cut at any length is never used")
    func interruptedWrite() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let old = try folder.write(header: try Self.header(of: log, at: points[3]), payload: DigestTestBytes.make(count: 300))
            let new = try folder.write(header: try Self.header(of: log, at: points[5]), payload: DigestTestBytes.make(count: 300, seed: 9))
            let whole = try FileBytes.read(new.path)
            // A crash before the rename leaves a temporary file (whole or torn) beside the old ones.
            try directory.write(Array(whole.prefix(200)), to: "log.jsonl.checkpoints/.seq-000000000006.checkpoint.77aa.tmp")
            #expect(folder.entries() == (entries: [old, new], problems: []))

            for length in 0..<whole.count {
                try directory.write(Array(whole.prefix(length)), to: "log.jsonl.checkpoints/" + new.fileName)
                let listed = folder.entries()
                #expect(listed.entries == [old], "length \(length)")
                let kinds = listed.problems.map { problem -> String in
                    switch problem {
                    case .garbled: return "garbled"
                    case .corrupt: return "corrupt"
                    default: return "other"
                    }
                }
                #expect(kinds == [length < new.headerSize ? "garbled" : "corrupt"], "length \(length)")
                // A reader that listed the whole file before it was cut refuses its payload.
                let payload = #expect(throws: CheckpointProblem.self) { try Self.payload(in: folder, of: new) }
                switch payload {
                case .garbled?, .corrupt?: break
                default: Issue.record("length \(length): \(String(describing: payload))")
                }
            }
        }
    }

    @Test("a payload changed in place (same length) is refused by its digest; a file changed since listing too")
    func corruptPayload() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let entry = try folder.write(header: try Self.header(of: log, at: points[4]), payload: DigestTestBytes.make(count: 500))
            var bytes = try FileBytes.read(entry.path)
            bytes[entry.headerSize + 250] ^= 0x10
            try directory.write(bytes, to: "log.jsonl.checkpoints/" + entry.fileName)
            #expect(folder.entries().entries == [entry])
            let problem = #expect(throws: CheckpointProblem.self) { try Self.payload(in: folder, of: entry) }
            #expect(problem == .corrupt(file: entry.path, reason: "its payload's digest does not match its header"))

            // Replaced by another checkpoint of the same seq after it was listed.
            let replaced = try folder.write(header: try Self.header(of: log, at: points[4], foldVersion: 4), payload: [1])
            let changed = #expect(throws: CheckpointProblem.self) { try Self.payload(in: folder, of: entry) }
            #expect(changed == .corrupt(file: entry.path, reason: "it changed since its header was read"))
            #expect(try Self.payload(in: folder, of: replaced) == [1])
        }
    }

    @Test("garbage, a folder and a renamed file under a checkpoint's name are problems; other files are ignored")
    func garbledFiles() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            let folder = Self.folder(for: log)
            let entry = try folder.write(header: try Self.header(of: log, at: points[2]), payload: [2])
            try directory.write("hello", to: "log.jsonl.checkpoints/seq-000000000001.checkpoint")
            try directory.write("not a checkpoint name", to: "log.jsonl.checkpoints/readme.txt")
            try FileManager.default.createDirectory(atPath: folder.path + "/seq-000000000003.checkpoint", withIntermediateDirectories: false)
            try FileManager.default.copyItem(atPath: entry.path, toPath: folder.path + "/seq-000000000005.checkpoint")
            let listed = folder.entries()
            #expect(listed.entries == [entry])
            #expect(listed.problems.count == 3)
            guard listed.problems.count == 3 else { return }
            guard case .garbled(let one, _) = listed.problems[0], one.hasSuffix("seq-000000000001.checkpoint") else {
                Issue.record("\(listed.problems[0])")
                return
            }
            guard case .unreadable(let three, let reason) = listed.problems[1], three.hasSuffix("seq-000000000003.checkpoint") else {
                Issue.record("\(listed.problems[1])")
                return
            }
            #expect(reason == "it is a folder, not a file")
            #expect(listed.problems[2] == .garbled(file: folder.path + "/seq-000000000005.checkpoint", reason: "its name says seq 5 but its header says seq 2"))
        }
    }

    @Test("a file where the folder should be: listing reports it, writing fails")
    func folderIsAFile() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try Self.makeLog(in: directory)
            try directory.write("x", to: "log.jsonl.checkpoints")
            let folder = Self.folder(for: log)
            let listed = folder.entries()
            #expect(listed.entries.isEmpty)
            #expect(listed.problems.map(\.file) == [folder.path])
            #expect(throws: EventLogFileError.self) { try folder.write(header: try Self.header(of: log, at: points[1]), payload: [1]) }
        }
    }

    // MARK: Warnings

    @Test("a warning names the file, says what was wrong, that it is ignored and what is folded instead")
    func warnings() {
        let problem = CheckpointProblem.beyondLogEnd(file: "/l.checkpoints/seq-000000000009.checkpoint", byteOffset: 900, logLength: 800)
        #expect(problem.file == "/l.checkpoints/seq-000000000009.checkpoint")
        #expect(problem.warning == "checkpoint /l.checkpoints/seq-000000000009.checkpoint: it covers 900 bytes but the log now has 800 "
            + "(the log was cut or repaired since) — ignored; the log is folded from an older checkpoint or from its start instead")
        #expect(problem.warning(replaced: true).contains("— ignored and replaced; the log is folded"))
        let all: [CheckpointProblem] = [
            .unreadable(file: "f", reason: "r"), .garbled(file: "f", reason: "r"), .otherFormat(file: "f", formatVersion: 3),
            .otherFoldVersion(file: "f", foldVersion: 1, expected: 2), .beyondLogEnd(file: "f", byteOffset: 2, logLength: 1),
            .prefixChanged(file: "f", byteOffset: 1), .logUnreadable(file: "f", reason: "r"), .corrupt(file: "f", reason: "r"),
        ]
        for problem in all {
            #expect(problem.file == "f")
            #expect(problem.warning.hasPrefix("checkpoint f: "))
            #expect(problem.warning.hasSuffix("— ignored; the log is folded from an older checkpoint or from its start instead"))
            #expect(problem.description == problem.warning)
        }
    }
}
