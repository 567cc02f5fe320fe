import Foundation
@testable import EventLogFile
import TestSupport
import Testing

/// Sync between log sets (docs/devices.md): a receiver appends the whole lines its replica
/// lacks, after checking it is a byte prefix of the sender's sound copy; refusals change
/// nothing; syncing twice changes nothing; the order of syncs does not matter.
@Suite("Stream sync: prefixes, refusals, idempotence")
struct StreamSyncTests {
    static let phone = StreamName("phone-1")!
    static let watch = StreamName("watch-1")!

    /// Two log sets, `a` and `b`, in `directory`.
    static func sets(_ directory: TemporaryFolder) throws -> (LogSetDirectory, LogSetDirectory) {
        for name in ["a", "b"] { try FileManager.default.createDirectory(atPath: directory.path(name), withIntermediateDirectories: false) }
        return (LogSetDirectory(path: directory.path("a")), LogSetDirectory(path: directory.path("b")))
    }

    static func lines(_ seqs: ClosedRange<Int>) -> [UInt8] { Array(RawLine.validLines(seqs).utf8) }

    /// Two log sets whose one stream `stream` holds lines `inA` in `a` and `inB` in `b`.
    static func sets(_ directory: TemporaryFolder, _ stream: StreamName, a inA: ClosedRange<Int>, b inB: ClosedRange<Int>) throws -> (LogSetDirectory, LogSetDirectory) {
        let sets = try sets(directory)
        try directory.write(lines(inA), to: "a/" + stream.fileName)
        try directory.write(lines(inB), to: "b/" + stream.fileName)
        return sets
    }

    @Test func streamNamesFollowTheRules() {
        for good in ["phone-3f2a9c", "watch_77b1", "iPad.2", "a", String(repeating: "x", count: 64)] {
            #expect(StreamName(good) != nil, "\(good)")
        }
        for bad in ["", ".", "..", "phone 1", "phöne", "a/b", String(repeating: "x", count: 65), "tab\t"] {
            #expect(StreamName(bad) == nil, "\(bad)")
            #expect(StreamName.problem(with: bad) != nil)
        }
        #expect(StreamName(fileName: "watch-1.jsonl") == Self.watch)
        #expect(StreamName(fileName: "watch-1.json") == nil)
        // Byte order: uppercase before lowercase, digits before letters.
        #expect(["b", "B", "a-", "a", "1"].compactMap { StreamName($0) }.sorted().map(\.text) == ["1", "B", "a", "a-", "b"])
    }

    @Test func listingKeepsStreamsAndIgnoresOtherFiles() throws {
        try TemporaryFolder.with { directory in
            let (a, _) = try Self.sets(directory)
            try directory.write(Self.lines(1...2), to: "a/watch-1.jsonl")
            try directory.write(Self.lines(1...1), to: "a/phone-1.jsonl")
            try directory.write("x", to: "a/notes.txt")
            try directory.write("x", to: "a/bad name.jsonl")
            try FileManager.default.createDirectory(atPath: directory.path("a/folder.jsonl"), withIntermediateDirectories: false)
            let listing = try a.list()
            #expect(listing.streams == [Self.phone, Self.watch])
            #expect(listing.ignored.map(\.file) == ["bad name.jsonl", "folder.jsonl"])
            #expect(throws: EventLogFileError.self) { try LogSetDirectory(path: directory.path("missing")).list() }
            #expect(throws: EventLogFileError.self) { try LogSetDirectory(path: directory.path("a/notes.txt")).list() }
        }
    }

    @Test func missingLinesAreAppendedAndSyncingTwiceChangesNothing() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory, Self.watch, a: 1...5, b: 1...2)
            let first = try StreamSync.sync(from: a, to: b, ownStream: Self.phone)
            #expect(first.map(\.outcome) == [.appended(lineCount: 3, firstSeq: 3, lastSeq: 5)])
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...5))
            let second = try StreamSync.sync(from: a, to: b, ownStream: Self.phone)
            #expect(second.map(\.outcome) == [.upToDate(lastSeq: 5)])
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...5))
        }
    }

    @Test func aStreamTheReceiverLacksIsCreatedPrivate() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory)
            try directory.write(Self.lines(1...3), to: "a/watch-1.jsonl")
            let reports = try StreamSync.sync(from: a, to: b, ownStream: nil)
            #expect(reports.map(\.outcome) == [.appended(lineCount: 3, firstSeq: 1, lastSeq: 3)])
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...3))
            let mode = try FileManager.default.attributesOfItem(atPath: b.path(of: Self.watch))[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
    }

    @Test func aSenderBehindOrEmptyAddsAndRefusesNothing() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory)
            try directory.write(Self.lines(1...2), to: "a/watch-1.jsonl")
            try directory.write("", to: "a/phone-1.jsonl")
            try directory.write(Self.lines(1...4), to: "b/watch-1.jsonl")
            let reports = try StreamSync.sync(from: a, to: b, ownStream: nil)
            #expect(reports.map(\.outcome) == [.upToDate(lastSeq: 0), .upToDate(lastSeq: 4)])
            #expect(reports.allSatisfy { !$0.isRefused })
            #expect(!FileManager.default.fileExists(atPath: b.path(of: Self.phone)), "nothing to append: no file made")
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...4))
        }
    }

    @Test func aDivergedReplicaIsRefusedNamingTheLineAndLeftAsItWas() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory)
            try directory.write(Self.lines(1...4), to: "a/watch-1.jsonl")
            let other = Self.lines(1...2) + Array((RawLine.valid(3, id: "another-writer") + "\n").utf8)
            try directory.write(other, to: "b/watch-1.jsonl")
            try directory.write(Self.lines(1...1), to: "a/phone-1.jsonl")
            let reports = try StreamSync.sync(from: a, to: b, ownStream: nil)
            // The other stream is synced either way.
            #expect(reports[0].outcome == .appended(lineCount: 1, firstSeq: 1, lastSeq: 1))
            guard case .refused(let reason)? = reports[1].outcome else {
                Issue.record("\(reports)")
                return
            }
            #expect(reason.hasPrefix("line 3 of the replica differs"), "\(reason)")
            #expect(try FileBytes.read(b.path(of: Self.watch)) == other)
        }
    }

    @Test func onlyTheSendersSoundPrefixIsSent() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory)
            // A torn tail: the first line of a batch of two, cut short.
            let torn = Self.lines(1...3) + Array((RawLine.valid(4, batch: (1, 2)) + "\n").utf8)
            try directory.write(torn, to: "a/watch-1.jsonl")
            // An invalid line in the middle.
            let invalid = Self.lines(1...2) + Array("{not json\n".utf8) + Self.lines(4...5)
            try directory.write(invalid, to: "a/phone-1.jsonl")
            let reports = try StreamSync.sync(from: a, to: b, ownStream: nil)
            #expect(reports[0].outcome == .appended(lineCount: 2, firstSeq: 1, lastSeq: 2))
            #expect(reports[0].unsent?.line == 3)
            #expect(reports[1].outcome == .appended(lineCount: 3, firstSeq: 1, lastSeq: 3))
            #expect(reports[1].unsent?.line == 4)
            #expect(reports.allSatisfy { $0.isRefused })
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...3))
            #expect(try FileBytes.read(b.path(of: Self.phone)) == Self.lines(1...2))
        }
    }

    @Test func aLongerCopyOfTheReceiversOwnStreamIsRefused() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory, Self.phone, a: 1...3, b: 1...2)
            let reports = try StreamSync.sync(from: a, to: b, ownStream: Self.phone)
            guard case .refused(let reason)? = reports[0].outcome else {
                Issue.record("\(reports)")
                return
            }
            #expect(reason.contains("own stream"))
            #expect(try FileBytes.read(b.path(of: Self.phone)) == Self.lines(1...2))
            // A copy as long as its own, or shorter, is fine.
            try directory.write(Self.lines(1...2), to: "a/phone-1.jsonl")
            #expect(try StreamSync.sync(from: a, to: b, ownStream: Self.phone).map(\.outcome) == [.upToDate(lastSeq: 2)])
        }
    }

    @Test func linesSentAfterASeqAreAppliedWithTheSameChecks() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory, Self.watch, a: 1...6, b: 1...4)
            // The value a front end sends over WatchConnectivity, through JSON and back.
            let (sent, unsent) = try StreamSync.lines(of: Self.watch, in: a, after: 4)
            #expect(unsent == nil)
            #expect(sent.afterSeq == 4 && sent.lines.count == 2 && sent.lastSeq == 6)
            let received = try JSONDecoder().decode(StreamLines.self, from: try JSONEncoder().encode(sent))
            #expect(received == sent)
            #expect(try StreamSync.receive(received, into: b, ownStream: nil) == .appended(lineCount: 2, firstSeq: 5, lastSeq: 6))
            // Again: nothing. Overlapping lines already held: nothing.
            #expect(try StreamSync.receive(received, into: b, ownStream: nil) == .upToDate(lastSeq: 6))
            #expect(try StreamSync.receive(try StreamSync.lines(of: Self.watch, in: a, after: 2).lines, into: b, ownStream: nil) == .upToDate(lastSeq: 6))
            // Lines that start after the replica's end leave a gap: refused.
            let gap = StreamLines(stream: Self.watch, afterSeq: 8, lines: [RawLine.valid(9)])
            guard case .refused(let reason) = try StreamSync.receive(gap, into: b, ownStream: nil) else {
                Issue.record("a gap was not refused")
                return
            }
            #expect(reason.contains("send the lines after seq 6"), "\(reason)")
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...6))
        }
    }

    @Test func incomingLinesThatAreNotSoundAreRefused() throws {
        try TemporaryFolder.with { directory in
            let (_, b) = try Self.sets(directory)
            try directory.write(Self.lines(1...2), to: "b/watch-1.jsonl")
            let cases: [[String]] = [
                [RawLine.valid(4)],                          // the wrong seq
                ["{\"seq\":3"],                              // not JSON
                [RawLine.valid(3, batch: (1, 2))],            // half a batch
                [RawLine.valid(3) + "\n" + RawLine.valid(4)], // two lines in one
            ]
            for lines in cases {
                let outcome = try StreamSync.receive(StreamLines(stream: Self.watch, afterSeq: 2, lines: lines), into: b, ownStream: nil)
                #expect(outcome.isRefused, "\(lines)")
            }
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...2))
        }
    }

    @Test func aReplicaEndingInAPartialLineIsCompleted() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory)
            try directory.write(Self.lines(1...3), to: "a/watch-1.jsonl")
            let partial = Self.lines(1...1) + Array(RawLine.valid(2).utf8.prefix(20))
            try directory.write(partial, to: "b/watch-1.jsonl")
            #expect(try StreamSync.sync(from: a, to: b, ownStream: nil).map(\.outcome) == [.appended(lineCount: 2, firstSeq: 2, lastSeq: 3)])
            #expect(try FileBytes.read(b.path(of: Self.watch)) == Self.lines(1...3))
        }
    }

    /// A→B then C→B equals C→B then A→B, for random prefixes of two streams held by A and C.
    @Test(arguments: 0..<20)
    func syncsCommute(seed: Int) throws {
        try TemporaryFolder.with { directory in
            let random = SplitMix(seed: UInt64(seed))
            var results: [[UInt8]] = []
            for order in [["a", "c"], ["c", "a"]] {
                let root = directory.path(order.joined())
                for name in ["a", "b", "c"] { try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true) }
                var replay = random
                for name in ["a", "c"] {
                    for stream in [Self.phone, Self.watch] {
                        let count = replay.next(below: 6)
                        try directory.write(count == 0 ? [] : Self.lines(1...count), to: "\(order.joined())/\(name)/\(stream.fileName)")
                    }
                }
                for source in order {
                    _ = try StreamSync.sync(from: LogSetDirectory(path: root + "/" + source), to: LogSetDirectory(path: root + "/b"), ownStream: nil)
                }
                var bytes: [UInt8] = []
                for stream in [Self.phone, Self.watch] {
                    bytes += (try? FileBytes.read(root + "/b/" + stream.fileName)) ?? []
                    bytes.append(0)
                }
                results.append(bytes)
            }
            #expect(results[0] == results[1])
        }
    }
}

extension StreamSyncTests {
    @Test func aReplicaOthersCanWriteIsNotAppendedTo() throws {
        try TemporaryFolder.with { directory in
            let (a, b) = try Self.sets(directory)
            try directory.write(Self.lines(1...2), to: "a/watch-1.jsonl")
            let replica = try directory.write(Self.lines(1...1), to: "b/watch-1.jsonl")
            try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: replica)
            let reports = try StreamSync.sync(from: a, to: b, ownStream: nil)
            #expect(reports[0].failure?.code == .permissionDenied)
            #expect(try FileBytes.read(replica) == Self.lines(1...1))
        }
    }
}

extension StreamSyncTests {
    /// Receiving reads only a replica's end when the lines sent follow its last whole line:
    /// for random replicas (prefixes, partial last lines, diverged lines, garbage) and lines
    /// sent after random seqs, read through windows of every size, the plan is the plan of
    /// the whole bytes.
    @Test(arguments: 0..<6)
    func readingTheReplicasEndPlansAsReadingItWhole(seed: Int) throws {
        try TemporaryFolder.with { directory in
            var random = SplitMix(seed: UInt64(seed) &+ 0x7A11)
            for round in 0..<40 {
                let held = random.next(below: 6)
                var replica = held == 0 ? [] : Self.lines(1...held)
                switch random.next(below: 5) {
                case 0: replica += Array(RawLine.valid(held + 1).utf8.prefix(1 + random.next(below: 30)))
                case 1 where held > 0: replica += Array((RawLine.valid(held + 1, id: "other") + "\n").utf8)
                case 2: replica += Array("garbage\n".utf8)
                default: break
                }
                let after = random.next(below: 7)
                let incoming = Self.lines(after + 1...after + 1 + random.next(below: 3))
                let path = try directory.write(replica, to: "replica-\(round).jsonl")
                let whole = StreamSync.plan(replica: replica, incoming: incoming, afterSeq: after, isOwnStream: round % 7 == 0)
                for window in [1, 7, 40, 200, 260, 100_000] {
                    let fromFile = try StreamSync.plan(replicaAt: path, incoming: incoming, afterSeq: after, isOwnStream: round % 7 == 0, window: Int64(window))
                    #expect(fromFile == whole, "round \(round), window \(window): \(fromFile) vs \(whole)")
                }
            }
        }
    }
}

extension StreamSyncTests {
    /// The sender reads only its stream's end for the lines after a seq: for random streams
    /// (batches, a torn tail, an invalid line) and every seq up to its sound prefix's end,
    /// through windows of every size, the lines sent and what was not are those of reading
    /// the whole stream (a window of 0).
    @Test(arguments: 0..<4)
    func sendingFromTheStreamsEndSendsWhatReadingItWholeSends(seed: Int) throws {
        try TemporaryFolder.with { directory in
            let (a, _) = try Self.sets(directory)
            var random = SplitMix(seed: UInt64(seed) &+ 0x5E9D)
            for _ in 0..<25 {
                var text = ""
                var seq = 0
                for _ in 0..<(1 + random.next(below: 6)) {
                    let size = 1 + random.next(below: 3)
                    for index in 1...size {
                        seq += 1
                        text += RawLine.valid(seq, batch: size > 1 ? (index, size) : nil) + "\n"
                    }
                }
                switch random.next(below: 4) {
                case 0: text += String(RawLine.valid(seq + 1).prefix(20))
                case 1: text += "{not json\n" + RawLine.valid(seq + 2) + "\n"
                default: break
                }
                try directory.write(text, to: "a/" + Self.watch.fileName)
                // A receiver holds at most what the sender's sound prefix could have sent it.
                let sound = try StreamSync.lines(of: Self.watch, in: a, after: 0, window: 0).lines.lines.count
                for after in 0...sound {
                    let whole = try StreamSync.lines(of: Self.watch, in: a, after: after, window: 0)
                    for window in [1, 50, 300, 1000, 5000, 1 << 30] {
                        let fromEnd = try StreamSync.lines(of: Self.watch, in: a, after: after, window: Int64(window))
                        #expect(fromEnd.lines == whole.lines, "after \(after), window \(window)")
                        #expect(fromEnd.unsent == whole.unsent, "after \(after), window \(window)")
                    }
                }
            }
        }
    }
}
