@_spi(LogTools) @testable import EventLogFile
import Events
import Foundation
import Testing
import TestSupport

/// The checkpoint folder's prefix stamp (`PrefixDigestStamp`, `CheckpointFolder.prefixDigests`):
/// an open skips the pass over the log's prefix only while the log file is unchanged, and a
/// changed log is always read again.
@Suite("Prefix stamp")
struct PrefixDigestStampTests {
    static func identity(
        device: UInt64 = 7, inode: UInt64 = 42, size: Int64 = 1_000,
        modified: (Int64, Int64) = (1_700_000_000, 5), changed: (Int64, Int64) = (1_700_000_000, 9)
    ) -> FileIdentity {
        FileIdentity(
            device: device, inode: inode, size: size,
            modified: .init(seconds: modified.0, nanoseconds: modified.1), changed: .init(seconds: changed.0, nanoseconds: changed.1)
        )
    }

    static let sample = PrefixDigestStamp(
        identity: identity(),
        digests: [0: PrefixDigest.digest(of: []), 200: PrefixDigest(high: 1, low: 2), 1_000: PrefixDigest(high: 3, low: 4)]
    )

    /// Lets the file system's clock pass the last change of the file at `path`
    /// (`FileSystemClock.letPass`), or records an issue.
    static func letTheFileSystemClockPass(_ path: String) throws {
        #expect(FileSystemClock.letPass(path), "the file system's clock did not pass the log's last change")
    }

    /// A log of 6 events, its checkpoint after the 4th, and the stamp of a pass over its
    /// prefix (the file system's clock let pass first, so the pass is stamped).
    static func stampedLog(in directory: TemporaryFolder) throws -> (log: String, points: [LogResumePoint], folder: CheckpointFolder, entry: CheckpointEntry) {
        let (log, points) = try CheckpointFolderTests.makeLog(in: directory)
        let folder = CheckpointFolderTests.folder(for: log)
        let entry = try folder.write(header: try CheckpointFolderTests.header(of: log, at: points[4]), payload: [4])
        try letTheFileSystemClockPass(log)
        #expect(folder.prefixDigests(ofLogAt: log, prefixLengths: [points[4].byteOffset]) { _ in }.source == .read(stamped: true))
        return (log, points, folder, entry)
    }

    /// Writes `byte` at `offset` of the file at `path` in place (same inode, same size).
    static func overwrite(_ path: String, at offset: Int, with byte: UInt8) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: [byte])
    }

    // MARK: The bytes

    @Test("a stamp reads back as written; every cut, a changed byte, another magic or format is refused")
    func bytes() throws {
        let bytes = Self.sample.encoded()
        #expect(bytes.count == 25 + 4 + 56 + 4 + 24 * 3 + 16)
        #expect(PrefixDigestStamp.decode(bytes) == Self.sample)
        for length in 0..<bytes.count {
            #expect(PrefixDigestStamp.decode(Array(bytes.prefix(length))) == nil, "cut at \(length)")
        }
        #expect(PrefixDigestStamp.decode(bytes + [0]) == nil)
        for offset in bytes.indices {
            var changed = bytes
            changed[offset] ^= 0x10
            #expect(PrefixDigestStamp.decode(changed) == nil, "byte \(offset) changed")
        }
        let empty = PrefixDigestStamp(identity: Self.identity(size: 0), digests: [:])
        #expect(PrefixDigestStamp.decode(empty.encoded()) == empty)
        // Lengths beyond the file are never kept.
        #expect(PrefixDigestStamp(identity: Self.identity(size: 100), digests: [50: .init(high: 1, low: 1), 101: .init(high: 2, low: 2)]).digests.keys.sorted() == [50])
    }

    // MARK: The rules

    @Test("the stamp answers only for the very file it describes, unchanged, and only lengths it holds")
    func vouches() {
        let stamp = Self.sample
        #expect(stamp.digests(of: [200, 1_000], whenNow: Self.identity()) == [200: .init(high: 1, low: 2), 1_000: .init(high: 3, low: 4)])
        #expect(stamp.digests(of: [], whenNow: Self.identity()) == [:])
        // A length beyond the end has no answer, as a pass over the file would give none.
        #expect(stamp.digests(of: [200, 5_000], whenNow: Self.identity()) == [200: .init(high: 1, low: 2)])
        // A length it does not hold must be read.
        #expect(stamp.digests(of: [200, 300], whenNow: Self.identity()) == nil)
        for other in [
            Self.identity(device: 8), Self.identity(inode: 43), Self.identity(size: 1_001),
            Self.identity(modified: (1_700_000_000, 6)), Self.identity(changed: (1_700_000_000, 10)), Self.identity(changed: (1_700_000_001, 9)),
        ] {
            #expect(stamp.digests(of: [200], whenNow: other) == nil, "\(other)")
        }
    }

    @Test("a pass is stamped only when the file did not change during it and its last change precedes the mark")
    func mayRecord() {
        let before = Self.identity(changed: (100, 500))
        let mark = Self.identity(device: 7, inode: 99, size: 0, changed: (100, 501))
        #expect(PrefixDigestStamp.mayRecord(before: before, after: before, markedAt: mark))
        // Changed while it was read.
        #expect(!PrefixDigestStamp.mayRecord(before: before, after: Self.identity(size: 1_001, changed: (100, 500)), markedAt: mark))
        #expect(!PrefixDigestStamp.mayRecord(before: before, after: Self.identity(changed: (100, 700)), markedAt: mark))
        // Its last change in the same tick as the mark, or after it: a change after the identity
        // was taken might leave the same times, so nothing is stamped.
        #expect(!PrefixDigestStamp.mayRecord(before: before, after: before, markedAt: Self.identity(device: 7, changed: (100, 500))))
        #expect(!PrefixDigestStamp.mayRecord(before: before, after: before, markedAt: Self.identity(device: 7, changed: (99, 999_999_999))))
        // A mark on another device has another clock.
        #expect(!PrefixDigestStamp.mayRecord(before: before, after: before, markedAt: Self.identity(device: 8, changed: (100, 501))))
    }

    // MARK: Against real files

    @Test("a pass over an unchanged log is stamped, and the next answer comes from the stamp with the same digests")
    func stampedThenUsed() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try CheckpointFolderTests.makeLog(in: directory)
            let folder = CheckpointFolderTests.folder(for: log)
            _ = try folder.write(header: try CheckpointFolderTests.header(of: log, at: points[3]), payload: [3])
            try Self.letTheFileSystemClockPass(log)
            let lengths = Set(points.map(\.byteOffset))
            let expected = try PrefixDigest.digests(ofFileAt: log, prefixLengths: lengths)
            #expect(expected.count == points.count)

            let first = folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { _ in }
            #expect(first.source == .read(stamped: true))
            #expect(try first.digests.get() == expected)
            #expect(FileManager.default.fileExists(atPath: folder.path + "/" + PrefixDigestStamp.fileName))

            let second = folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { alone in alone }
            #expect(second.source == .stamp)
            #expect(second.other, "with the stamp, the work beside runs alone")
            #expect(try second.digests.get() == expected)
            // A subset, and lengths beyond the end, as a pass would answer them.
            let some = folder.prefixDigests(ofLogAt: log, prefixLengths: [points[2].byteOffset, points[6].byteOffset + 1])
            { _ in }
            #expect(some.source == .stamp)
            #expect(try some.digests.get() == [points[2].byteOffset: try #require(expected[points[2].byteOffset])])
            // A length the stamp does not hold is read.
            #expect(folder.prefixDigests(ofLogAt: log, prefixLengths: [points[2].byteOffset + 1]) { _ in }.source != .stamp)
            // No leftover marks.
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.sorted() == [PrefixDigestStamp.fileName, CheckpointFolder.fileName(forLastSeq: 3)].sorted())
        }
    }

    @Test("an edit in place that keeps the length is never hidden by the stamp: the checkpoint is refused")
    func editInPlace() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try CheckpointFolderTests.makeLog(in: directory)
            let folder = CheckpointFolderTests.folder(for: log)
            let entry = try folder.write(header: try CheckpointFolderTests.header(of: log, at: points[5]), payload: [5])
            try Self.letTheFileSystemClockPass(log)
            #expect(folder.validate([entry], logAt: log, foldVersion: 3).valid == [entry])
            #expect(folder.prefixDigests(ofLogAt: log, prefixLengths: [points[5].byteOffset]) { _ in }.source == .stamp)

            let offset = Int(points[2].byteOffset) + 30
            let old = try FileBytes.read(log)[offset]
            try Self.overwrite(log, at: offset, with: old == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x"))
            let checked = folder.validate([entry], logAt: log, foldVersion: 3)
            #expect(checked.valid.isEmpty)
            #expect(checked.problems == [.prefixChanged(file: entry.path, byteOffset: points[5].byteOffset)])
            // Put back, the log is read again and the checkpoint is good again.
            try Self.overwrite(log, at: offset, with: old)
            #expect(folder.validate([entry], logAt: log, foldVersion: 3).valid == [entry])
        }
    }

    @Test("an append, a cut, or another file put in the log's place is read again")
    func otherChanges() throws {
        try TemporaryFolder.with { directory in
            let (log, points, folder, entry) = try Self.stampedLog(in: directory)
            let lengths: Set<Int64> = [points[4].byteOffset]
            #expect(folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { _ in }.source == .stamp)

            // An append: read again (the prefix is the same, so the checkpoint is still good).
            _ = try FileEventLog(path: log).append([try TestEvents.event("e7", minute: 7)], expectedLastSeq: nil)
            #expect(folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { _ in }.source != .stamp)
            #expect(folder.validate([entry], logAt: log, foldVersion: 3).valid == [entry])

            // Another file with other bytes of the same length put in its place (a rename).
            try Self.letTheFileSystemClockPass(log)
            _ = folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { _ in }
            #expect(folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { _ in }.source == .stamp)
            var bytes = try FileBytes.read(log)
            let offset = Int(points[1].byteOffset) + 30
            bytes[offset] = bytes[offset] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            let replacement = try directory.write(bytes, to: "replacement.jsonl")
            #expect(rename(replacement, log) == 0)
            let replaced = folder.validate([entry], logAt: log, foldVersion: 3)
            #expect(replaced.problems == [.prefixChanged(file: entry.path, byteOffset: points[4].byteOffset)])

            // Cut before the checkpoint's end: beyond the log's end, never answered by the stamp.
            try Self.letTheFileSystemClockPass(log)
            _ = folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { _ in }
            let cut = try #require(FileHandle(forUpdatingAtPath: log))
            try cut.truncate(atOffset: UInt64(points[3].byteOffset))
            try cut.close()
            #expect(folder.validate([entry], logAt: log, foldVersion: 3).problems
                == [.beyondLogEnd(file: entry.path, byteOffset: points[4].byteOffset, logLength: points[3].byteOffset)])
        }
    }

    @Test("a damaged stamp, or one left half-written, is ignored: the log is read and a good stamp replaces it")
    func damagedStamp() throws {
        try TemporaryFolder.with { directory in
            let (log, points, folder, entry) = try Self.stampedLog(in: directory)
            let lengths: Set<Int64> = [points[4].byteOffset]
            let good = try FileBytes.read(folder.stampPath)
            // A crash before the rename leaves a mark: it is neither a checkpoint nor a problem.
            _ = try directory.write(Array(good.prefix(40)), to: "log.jsonl.checkpoints/.prefix-digests.stamp.1234.tmp")
            #expect(folder.entries() == (entries: [entry], problems: []))
            for damaged in [Array(good.prefix(good.count / 2)), [], Array(repeating: 0, count: good.count), good.map { $0 ^ 1 }] {
                _ = try directory.write(damaged, to: "log.jsonl.checkpoints/" + PrefixDigestStamp.fileName)
                let answer = folder.prefixDigests(ofLogAt: log, prefixLengths: lengths) { _ in }
                #expect(answer.source == .read(stamped: true))
                #expect(try answer.digests.get() == PrefixDigest.digests(ofFileAt: log, prefixLengths: lengths))
                #expect(try FileBytes.read(folder.stampPath) == good)
            }
            // A stamp that lies about the digests (written by hand, with a valid check) is
            // compared like a computed digest: the checkpoint is refused, not trusted blindly.
            let now = try LogFileDescriptor.openForReading(path: log).identity()
            let lie = PrefixDigestStamp(identity: now, digests: [points[4].byteOffset: PrefixDigest(high: 1, low: 1)])
            _ = try directory.write(lie.encoded(), to: "log.jsonl.checkpoints/" + PrefixDigestStamp.fileName)
            #expect(folder.validate([entry], logAt: log, foldVersion: 3).problems == [.prefixChanged(file: entry.path, byteOffset: points[4].byteOffset)])
        }
    }

    @Test("no folder, no stamp: nothing is created; a missing log answers nothing")
    func noFolderNoLog() throws {
        try TemporaryFolder.with { directory in
            let (log, points) = try CheckpointFolderTests.makeLog(in: directory)
            let folder = CheckpointFolderTests.folder(for: log)
            try Self.letTheFileSystemClockPass(log)
            let answer = folder.prefixDigests(ofLogAt: log, prefixLengths: [points[2].byteOffset]) { alone in alone }
            #expect(answer.source == .read(stamped: false))
            #expect(!answer.other, "the work ran beside the digest's threads")
            #expect(!FileManager.default.fileExists(atPath: folder.path))

            let missing = folder.prefixDigests(ofLogAt: directory.path("absent.jsonl"), prefixLengths: [0]) { alone in alone }
            #expect(missing.source == .none)
            #expect(missing.other)
            #expect(throws: EventLogFileError.self) { try missing.digests.get() }
        }
    }

    @Test("the parallel digest of a payload equals the one-thread digest, for every chunk count")
    func parallelDigest() {
        for count in [0, 1, 1_000, PrefixDigest.chunkSize - 1, PrefixDigest.chunkSize, PrefixDigest.chunkSize + 1, 3 * PrefixDigest.chunkSize + 17] {
            let bytes = DigestTestBytes.make(count: count, seed: UInt64(count))
            bytes.withUnsafeBytes { raw in
                #expect(PrefixDigest.digest(of: raw, inParallel: true) == PrefixDigest.digest(of: raw), "\(count) bytes")
            }
        }
    }
}
