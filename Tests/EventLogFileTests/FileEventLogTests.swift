@_spi(LogTools) @testable import EventLogFile
import TestSupport
import Events
import Foundation
import Testing
import StrictJSON

/// `FileEventLog`: appends, their rules (docs/log-format.md, `id` and `seq`), torn tails and repair.
@Suite("FileEventLog")
struct FileEventLogTests {
    // MARK: Writing

    @Test("appended events get seq 1, 2, 3… across appends")
    func seqsAreConsecutive() throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            #expect(try log.lastSeq() == 0)
            let first = try log.append([try TestEvents.event("a")], expectedLastSeq: nil)
            let second = try log.append([try TestEvents.event("b"), try TestEvents.event("c")], expectedLastSeq: nil)
            let third = try log.append([try TestEvents.event("d")], expectedLastSeq: nil)
            #expect(first == [AppendOutcome(seq: 1, alreadyPresent: false)])
            #expect(second == [AppendOutcome(seq: 2, alreadyPresent: false), AppendOutcome(seq: 3, alreadyPresent: false)])
            #expect(third == [AppendOutcome(seq: 4, alreadyPresent: false)])
            #expect(try log.lastSeq() == 4)
            let read = try log.readAll()
            #expect(read.map(\.seq) == [1, 2, 3, 4])
            #expect(read.map(\.id) == ["a", "b", "c", "d"])
        }
    }

    @Test("an empty append writes nothing and answers nothing")
    func emptyAppend() throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            _ = try log.append([try TestEvents.event("a")], expectedLastSeq: nil)
            let before = try FileBytes.read(log.path)
            #expect(try log.append([], expectedLastSeq: nil).isEmpty)
            #expect(try FileBytes.read(log.path) == before)
        }
    }

    @Test("a new log file is created with mode 0600")
    func newFileMode() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let log = try FileEventLog(path: path)
            #expect(try FileBytes.permissions(path) == 0o600)
            _ = try log.append([try TestEvents.event("a")], expectedLastSeq: nil)
            #expect(try FileBytes.permissions(path) == 0o600)
        }
    }

    @Test("a missing log is not created when createIfMissing is false")
    func missingLog() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let error = #expect(throws: EventLogFileError.self) { try FileEventLog(path: path, createIfMissing: false) }
            #expect(error?.code == .notFound)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("lines are byte-exact encoder output ended by \\n; batches of two or more carry [index,count]", arguments: [1, 2, 3, 7])
    func linesAreByteExact(batchSize: Int) throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            // One event first, so the batch starts at seq 2.
            let lead = try TestEvents.event("lead")
            _ = try log.append([lead], expectedLastSeq: 0)
            let events = Array(try TestEvents.assorted().prefix(batchSize))
            try #require(events.count == batchSize)
            let outcomes = try log.append(events, expectedLastSeq: 1)
            #expect(outcomes.map(\.seq) == Array(2...(batchSize + 1)))

            let expected = TestEvents.expectedLine(lead, seq: 1) + TestEvents.expectedBatch(events, after: 1)
            let bytes = try FileBytes.read(log.path)
            #expect(bytes == expected)
            #expect(bytes.last == UInt8(ascii: "\n"))
            #expect(!bytes.contains(UInt8(ascii: "\r")))

            // Independently of the encoder: the batch marker is on every line of the batch
            // and on no other line.
            let lines = try FileBytes.lines(log.path).map { String(decoding: $0, as: UTF8.self) }
            try #require(lines.count == batchSize + 1)
            #expect(!lines[0].contains("\"batch\""))
            for (offset, line) in lines.dropFirst().enumerated() {
                #expect(line.hasPrefix("{\"seq\":\(offset + 2),\"id\":"))
                if batchSize >= 2 {
                    #expect(line.contains("\"batch\":[\(offset + 1),\(batchSize)]"), "line \(offset + 2)")
                } else {
                    #expect(!line.contains("\"batch\""))
                }
            }
            // And what was written reads back as the events given.
            let read = try log.readAll()
            #expect(read.dropFirst().map(\.event) == events)
            #expect(try FileEventLog.verify(path: log.path).isSound)
        }
    }

    // MARK: Idempotent appends

    @Test("appending the same events again answers their seqs, alreadyPresent, and writes nothing", arguments: [false, true])
    func idempotentRetry(throughNewInstance: Bool) throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let log = try FileEventLog(path: path)
            let events = try TestEvents.assorted()
            let single = try TestEvents.event("single")
            _ = try log.append(events, expectedLastSeq: nil)
            _ = try log.append([single], expectedLastSeq: nil)
            let before = try FileBytes.read(path)

            let retrying = throughNewInstance ? try FileEventLog(path: path) : log
            let batchAgain = try retrying.append(events, expectedLastSeq: nil)
            #expect(batchAgain == events.indices.map { AppendOutcome(seq: $0 + 1, alreadyPresent: true) })
            let singleAgain = try retrying.append([single], expectedLastSeq: nil)
            #expect(singleAgain == [AppendOutcome(seq: events.count + 1, alreadyPresent: true)])
            // Part of the batch, in another order.
            let partAgain = try retrying.append([events[2], events[0]], expectedLastSeq: nil)
            #expect(partAgain == [AppendOutcome(seq: 3, alreadyPresent: true), AppendOutcome(seq: 1, alreadyPresent: true)])

            #expect(try FileBytes.read(path) == before)
            #expect(try retrying.lastSeq() == events.count + 1)
        }
    }

    @Test("a batch mixing ids already present and new ones appends only the new ones")
    func mixedBatch() throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            let a = try TestEvents.event("a", minute: 1)
            let b = try TestEvents.event("b", minute: 2)
            let c = try TestEvents.event("c", minute: 3)
            let d = try TestEvents.event("d", minute: 4)
            let e = try TestEvents.event("e", minute: 5)
            _ = try log.append([a, b], expectedLastSeq: nil)

            let outcomes = try log.append([b, c, a, d], expectedLastSeq: nil)
            #expect(outcomes == [
                AppendOutcome(seq: 2, alreadyPresent: true),
                AppendOutcome(seq: 3, alreadyPresent: false),
                AppendOutcome(seq: 1, alreadyPresent: true),
                AppendOutcome(seq: 4, alreadyPresent: false),
            ])
            // One new event among known ones is written alone: no batch marker.
            let last = try log.append([a, e, d], expectedLastSeq: nil)
            #expect(last == [
                AppendOutcome(seq: 1, alreadyPresent: true),
                AppendOutcome(seq: 5, alreadyPresent: false),
                AppendOutcome(seq: 4, alreadyPresent: true),
            ])

            let expected = TestEvents.expectedBatch([a, b], after: 0)
                + TestEvents.expectedBatch([c, d], after: 2)
                + TestEvents.expectedBatch([e], after: 4)
            #expect(try FileBytes.read(log.path) == expected)
            #expect(try FileEventLog.verify(path: log.path).isSound)
        }
    }

    /// Changes that make an event with the same id a different event.
    static let contentChanges: [(String, @Sendable (inout Event) throws -> Void)] = [
        ("payload", { $0.payload = .wentToBed(NightAction(night: try TestEvents.night())) }),
        ("night", { $0.payload = .exitRequested(NightAction(night: try TestEvents.night("2026-12-01"))) }),
        ("at", { $0.at = $0.at.adding(milliseconds: 1) }),
        ("at's offset only", { $0.at = $0.at.withOffset(0) }),
        ("tz", { $0.timeZone = "Europe/Paris" }),
        ("source", { $0.source = .watch }),
        ("source left out", { $0.source = nil }),
        ("causedBy", { $0.causedBy = "other" }),
        ("an unknown envelope key", { $0.additionalEnvelopeFields.append("extra", .bool(true)) }),
    ]

    @Test("the same id with other content is refused and nothing is written", arguments: contentChanges.indices)
    func duplicateIdentifierWithOtherContent(change: Int) throws {
        let (name, modify) = Self.contentChanges[change]
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            let original = try TestEvents.event("same-id")
            _ = try log.append([original, try TestEvents.event("other")], expectedLastSeq: nil)
            let before = try FileBytes.read(log.path)
            var changed = original
            try modify(&changed)
            try #require(changed != original, "change \(name)")

            for batch in [[changed], [try TestEvents.event("new-1"), changed], [changed, try TestEvents.event("new-2")]] {
                let error = #expect(throws: EventLogFileError.self, "change \(name)") {
                    try log.append(batch, expectedLastSeq: nil)
                }
                #expect(error?.code == .duplicateIdentifier, "change \(name)")
                #expect(error?.message.contains("nothing was written") == true)
                #expect(try FileBytes.read(log.path) == before, "change \(name)")
            }
            #expect(try log.lastSeq() == 2)
        }
    }

    @Test("the same id twice in one batch is refused and nothing is written", arguments: [false, true])
    func duplicateIdentifierInBatch(sameContent: Bool) throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            _ = try log.append([try TestEvents.event("first")], expectedLastSeq: nil)
            let before = try FileBytes.read(log.path)
            let twice = try TestEvents.event("twice", minute: 1)
            let again = sameContent ? twice : try TestEvents.event("twice", minute: 2)
            for batch in [[twice, again], [try TestEvents.event("x"), twice, try TestEvents.event("y"), again]] {
                let error = #expect(throws: EventLogFileError.self) { try log.append(batch, expectedLastSeq: nil) }
                #expect(error?.code == .duplicateIdentifier)
                #expect(try FileBytes.read(log.path) == before)
            }
            // An id already in the log, twice in the batch, is refused too.
            let first = try TestEvents.event("first")
            let error = #expect(throws: EventLogFileError.self) { try log.append([first, first], expectedLastSeq: nil) }
            #expect(error?.code == .duplicateIdentifier)
            #expect(try FileBytes.read(log.path) == before)
        }
    }

    // MARK: Expected seq

    @Test("an expected seq that matches the log appends")
    func expectedSeqMatches() throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            #expect(try log.append([try TestEvents.event("a")], expectedLastSeq: 0).map(\.seq) == [1])
            #expect(try log.append([try TestEvents.event("b"), try TestEvents.event("c")], expectedLastSeq: 1).map(\.seq) == [2, 3])
            #expect(try log.append([try TestEvents.event("d")], expectedLastSeq: 3).map(\.seq) == [4])
        }
    }

    @Test("an expected seq the log has moved past (or not reached) is refused and nothing is written", arguments: [0, 1, 2, 4, 100])
    func expectedSeqConflict(expected: Int) throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            _ = try log.append([try TestEvents.event("a"), try TestEvents.event("b"), try TestEvents.event("c")], expectedLastSeq: nil)
            let before = try FileBytes.read(log.path)
            for batch in [[try TestEvents.event("d")], [try TestEvents.event("d"), try TestEvents.event("e")]] {
                let error = #expect(throws: EventLogFileError.self) { try log.append(batch, expectedLastSeq: expected) }
                #expect(error?.code == .sequenceConflict)
                #expect(error?.message.contains("nothing was written") == true)
                #expect(try FileBytes.read(log.path) == before)
            }
            // A batch with a known id and a new one still checks the expected seq.
            let error = #expect(throws: EventLogFileError.self) {
                try log.append([try TestEvents.event("a"), try TestEvents.event("f")], expectedLastSeq: expected)
            }
            #expect(error?.code == .sequenceConflict)
            #expect(try FileBytes.read(log.path) == before)
        }
    }

    @Test("a retry of a batch that landed succeeds even with a stale expected seq")
    func retryWithStaleExpectedSeq() throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            let batch = [try TestEvents.event("a"), try TestEvents.event("b")]
            #expect(try log.append(batch, expectedLastSeq: 0).map(\.seq) == [1, 2])
            // Someone else appends in between.
            let other = try FileEventLog(path: log.path)
            _ = try other.append([try TestEvents.event("c")], expectedLastSeq: 2)
            let before = try FileBytes.read(log.path)

            // The first writer did not hear back and retries with what it knew then.
            for retrying in [log, try FileEventLog(path: log.path)] {
                let outcomes = try retrying.append(batch, expectedLastSeq: 0)
                #expect(outcomes == [AppendOutcome(seq: 1, alreadyPresent: true), AppendOutcome(seq: 2, alreadyPresent: true)])
            }
            #expect(try FileBytes.read(log.path) == before)
        }
    }

    /// What an append answered: its outcomes, or the code it failed with.
    enum Answer: Equatable, CustomStringConvertible {
        case appended([AppendOutcome])
        case refused(EventLogFileError.Code)

        init(_ body: () throws(EventLogFileError) -> [AppendOutcome]) {
            do {
                self = .appended(try body())
            } catch {
                self = .refused(error.code)
            }
        }

        var description: String {
            switch self {
            case .appended(let outcomes): return "appended \(outcomes.map { "\($0.seq)\($0.alreadyPresent ? "=" : "+")" })"
            case .refused(let code): return "refused \(code)"
            }
        }
    }

    @Test("the file and the in-memory log answer every append alike and end up holding the same events")
    func fileAndMemoryAgree() throws {
        let a = try TestEvents.event("a", minute: 1)
        let b = try TestEvents.event("b", minute: 2)
        let c = try TestEvents.event("c", minute: 3)
        let d = try TestEvents.event("d", minute: 4)
        var aChanged = a
        aChanged.source = .watch
        var badZone = try TestEvents.event("z")
        badZone.timeZone = "Nowhere/Atlan tis"
        let steps: [(events: [Event], expected: Int?)] = [
            ([a, b], nil), ([a], nil), ([c], 0), ([aChanged], nil), ([c, c], nil), ([b, c, d], 0),
            ([badZone], nil), ([c, d], 2), ([a, b], 0), ([d, b], 4), (try TestEvents.assorted(), 4), ([], nil),
        ]
        try TemporaryFolder.with { directory in
            let file = try FileEventLog(path: directory.path("log.jsonl"))
            let memory = try InMemoryEventLog()
            for (index, step) in steps.enumerated() {
                let fromFile = Answer { () throws(EventLogFileError) in try file.append(step.events, expectedLastSeq: step.expected) }
                let fromMemory = Answer { () throws(EventLogFileError) in try memory.append(step.events, expectedLastSeq: step.expected) }
                #expect(fromFile == fromMemory, "step \(index + 1)")
            }
            #expect(try file.readAll() == memory.readAll())
            #expect(try file.lastSeq() == memory.lastSeq())
            #expect(try file.lastSeq() == 4 + 7)
        }
    }

    // MARK: Several writers

    @Test("two instances on one file interleaving appends see each other's seqs and ids")
    func twoInstancesInterleave() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let first = try FileEventLog(path: path)
            let second = try FileEventLog(path: path)
            var seqs: [Int] = []
            for round in 0..<10 {
                let writer = round.isMultiple(of: 2) ? first : second
                let other = round.isMultiple(of: 2) ? second : first
                let size = round % 3 + 1
                let events = try (0..<size).map { try TestEvents.event("r\(round)-\($0)", minute: round) }
                let lastSeq = try other.lastSeq()
                let outcomes = try writer.append(events, expectedLastSeq: lastSeq)
                #expect(outcomes.map(\.seq) == Array((lastSeq + 1)...(lastSeq + size)))
                #expect(outcomes.allSatisfy { !$0.alreadyPresent })
                seqs += outcomes.map(\.seq)
                // The other instance answers the id the first one wrote.
                let retried = try other.append([events[0]], expectedLastSeq: nil)
                #expect(retried == [AppendOutcome(seq: lastSeq + 1, alreadyPresent: true)])
            }
            #expect(seqs == Array(1...seqs.count))
            #expect(try first.readAll().map(\.seq) == seqs)
            let report = try FileEventLog.verify(path: path)
            #expect(report.isSound)
            #expect(report.eventCount == seqs.count)
        }
    }

    @Test("an append or a repair waits at most its lock timeout while another holds the lock, and writes nothing")
    func lockTimeoutInProcess() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let log = try FileEventLog(path: path, lockTimeout: .milliseconds(100))
            _ = try log.append([try TestEvents.event("a")], expectedLastSeq: nil)
            try FileBytes.append(Array(RawLine.valid(2).prefix(20).utf8), to: path)
            let before = try FileBytes.read(path)

            let holder = try LogFileDescriptor.openForAppending(path: path, createIfMissing: false)
            try holder.lockExclusive(timeout: .zero)
            let appendError = #expect(throws: EventLogFileError.self) { try log.append([try TestEvents.event("b")], expectedLastSeq: nil) }
            #expect(appendError?.code == .lockTimeout)
            #expect(appendError?.message.contains("nothing was written") == true)
            let repairError = #expect(throws: EventLogFileError.self) { try FileEventLog.repair(path: path, lockTimeout: .milliseconds(50)) }
            #expect(repairError?.code == .lockTimeout)
            #expect(try FileBytes.read(path) == before)
            holder.unlock()

            #expect(try FileEventLog.repair(path: path, lockTimeout: .milliseconds(50)) != nil)
            #expect(try log.append([try TestEvents.event("b")], expectedLastSeq: 1).map(\.seq) == [2])
        }
    }

    // MARK: Torn tails and repair

    enum TornKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A last line cut short, without its `\n`.
        case partialLine
        /// A last line complete as JSON, but without its `\n`.
        case completeLineWithoutNewline
        /// The first two lines of a three-line batch, each with its `\n`.
        case twoOfThreeBatchLines
        /// The first line of a three-line batch, then part of its second line.
        case batchLineThenPartial

        var testDescription: String { rawValue }

        /// The bytes a crash would leave after two sound events (seq 1 and 2).
        func bytes() throws -> [UInt8] {
            let batch = [try TestEvents.event("torn-1"), try TestEvents.event("torn-2"), try TestEvents.event("torn-3")]
            let lines = TestEvents.expectedBatch(batch, after: 2)
                .split(separator: UInt8(ascii: "\n")).map { Array($0) + [UInt8(ascii: "\n")] }
            let single = TestEvents.expectedLine(try TestEvents.event("torn-single"), seq: 3)
            switch self {
            case .partialLine: return Array(single.prefix(40))
            case .completeLineWithoutNewline: return Array(single.dropLast())
            case .twoOfThreeBatchLines: return lines[0] + lines[1]
            case .batchLineThenPartial: return lines[0] + Array(lines[1].prefix(25))
            }
        }
    }

    @Test("a torn tail refuses appends, repair removes exactly it, then appends work", arguments: TornKind.allCases)
    func tornTailRepair(kind: TornKind) throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let log = try FileEventLog(path: path)
            _ = try log.append([try TestEvents.event("a"), try TestEvents.event("b")], expectedLastSeq: nil)
            let prefix = try FileBytes.read(path)
            let torn = try kind.bytes()
            try FileBytes.append(torn, to: path)
            let damaged = try FileBytes.read(path)

            // The instance that wrote before the crash, and a fresh one, both refuse.
            for writer in [log, try FileEventLog(path: path)] {
                let error = #expect(throws: EventLogFileError.self) {
                    try writer.append([try TestEvents.event("c")], expectedLastSeq: nil)
                }
                #expect(error?.code == .tornTail)
                #expect(error?.line == 3)
                #expect(error?.message.contains("nothing was written") == true)
                #expect(try FileBytes.read(path) == damaged)
            }
            // An id present before the tail is still refused: nothing is answered from a damaged log.
            #expect(throws: EventLogFileError.self) { try log.append([try TestEvents.event("a")], expectedLastSeq: nil) }

            var announced: TornTail?
            let removed = try #require(try FileEventLog.repair(path: path) { announced = $0 })
            #expect(announced == removed)
            #expect(removed.firstLine == 3)
            #expect(removed.byteOffset == Int64(prefix.count))
            #expect(removed.byteCount == Int64(torn.count))
            #expect(try FileBytes.read(path) == prefix)

            // The same instance appends after the repair, at the right seq.
            let c = try TestEvents.event("c")
            #expect(try log.append([c], expectedLastSeq: 2) == [AppendOutcome(seq: 3, alreadyPresent: false)])
            #expect(try FileBytes.read(path) == prefix + TestEvents.expectedLine(c, seq: 3))
            #expect(try FileEventLog.verify(path: path).isSound)
            #expect(try FileEventLog.repair(path: path) == nil)
        }
    }

    @Test("a torn tail on a log that was empty is removed whole")
    func tornTailOnly() throws {
        try TemporaryFolder.with { directory in
            let path = try directory.write(Array(RawLine.valid(1, batch: (1, 2)).utf8) + [UInt8(ascii: "\n")] + Array("{\"seq\":2,".utf8))
            let log = try FileEventLog(path: path)
            let error = #expect(throws: EventLogFileError.self) { try log.append([try TestEvents.event("a")], expectedLastSeq: nil) }
            #expect(error?.code == .tornTail)
            let removed = try #require(try FileEventLog.repair(path: path))
            #expect(removed.byteOffset == 0)
            #expect(removed.firstLine == 1)
            #expect(removed.lineCount == 2)
            #expect(try FileBytes.read(path).isEmpty)
            #expect(try log.append([try TestEvents.event("a")], expectedLastSeq: 0).map(\.seq) == [1])
        }
    }

    @Test("repair refuses a log with corruption before its end and changes nothing", arguments: [false, true])
    func repairRefusesCorruption(withTornTail: Bool) throws {
        try TemporaryFolder.with { directory in
            var text = RawLine.valid(1) + "\n" + "{\"seq\":2,\"id\":\"id-2\",\"type\":\"exitRequested\"\n" + RawLine.validLines(3...4)
            if withTornTail { text += String(RawLine.valid(5).prefix(30)) }
            let path = try directory.write(text)
            let before = try FileBytes.read(path)
            let error = #expect(throws: EventLogFileError.self) {
                try FileEventLog.repair(path: path) { _ in Issue.record("repair announced a removal") }
            }
            #expect(error?.code == .corrupt)
            #expect(error?.line == 2)
            #expect(try FileBytes.read(path) == before)
            // Appending is refused as corruption, not as a torn tail.
            let log = try FileEventLog(path: path)
            let appendError = #expect(throws: EventLogFileError.self) { try log.append([try TestEvents.event("x")], expectedLastSeq: nil) }
            #expect(appendError?.code == .corrupt)
            #expect(appendError?.line == 2)
            #expect(try FileBytes.read(path) == before)
        }
    }

    @Test("repair refuses a log with a duplicate id and changes nothing")
    func repairRefusesDuplicateIdentifier() throws {
        try TemporaryFolder.with { directory in
            let text = RawLine.validLines(1...2) + RawLine.valid(3, id: "id-1") + "\n" + String(RawLine.valid(4).prefix(20))
            let path = try directory.write(text)
            let before = try FileBytes.read(path)
            let error = #expect(throws: EventLogFileError.self) { try FileEventLog.repair(path: path) }
            #expect(error?.code == .corrupt)
            #expect(error?.line == 3)
            #expect(try FileBytes.read(path) == before)
        }
    }

    @Test("repair of a sound log (or an empty one) returns nil and changes nothing", arguments: [0, 1, 5])
    func repairSoundLog(eventCount: Int) throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            if eventCount > 0 {
                _ = try log.append(try (1...eventCount).map { try TestEvents.event("e\($0)") }, expectedLastSeq: 0)
            }
            let before = try FileBytes.read(log.path)
            #expect(try FileEventLog.repair(path: log.path) { _ in Issue.record("repair announced a removal") } == nil)
            #expect(try FileBytes.read(log.path) == before)
        }
    }

    @Test("repair of a missing log fails with notFound and creates nothing")
    func repairMissingLog() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("missing.jsonl")
            let error = #expect(throws: EventLogFileError.self) { try FileEventLog.repair(path: path) }
            #expect(error?.code == .notFound)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    /// A writer that saw a torn tail must be able to append once the tail is repaired and
    /// another writer appended, even when the file happens to be back at the length it saw.
    @Test("an instance that saw a torn tail appends after repair and another writer's append of the same length")
    func tornTailSeenThenRepairedAndRefilledToSameLength() throws {
        try TemporaryFolder.with { directory in
            let path = directory.path("log.jsonl")
            let first = try FileEventLog(path: path)
            _ = try first.append([try TestEvents.event("a"), try TestEvents.event("b")], expectedLastSeq: nil)
            // The line the other writer will append after the repair…
            let refill = try TestEvents.event("refill")
            let refillLine = TestEvents.expectedLine(refill, seq: 3)
            // …and a torn tail of exactly that many bytes: a longer line cut short.
            var longer = try TestEvents.event("a-much-longer-identifier-for-a-line-that-was-cut-short")
            longer.causedBy = "a"
            let longerLine = TestEvents.expectedLine(longer, seq: 3)
            try #require(longerLine.count > refillLine.count)
            try FileBytes.append(Array(longerLine.prefix(refillLine.count)), to: path)

            #expect(throws: EventLogFileError.self) { try first.append([try TestEvents.event("c")], expectedLastSeq: nil) }
            _ = try #require(try FileEventLog.repair(path: path))
            let second = try FileEventLog(path: path)
            #expect(try second.append([refill], expectedLastSeq: 2).map(\.seq) == [3])
            #expect(try FileEventLog.verify(path: path).isSound)

            // The log is sound and ends at seq 3: the first instance must see that (it
            // once kept the stale torn tail because the file's size had not changed).
            #expect(try first.lastSeq() == 3)
            let outcomes = try first.append([try TestEvents.event("c")], expectedLastSeq: 3)
            #expect(outcomes == [AppendOutcome(seq: 4, alreadyPresent: false)])
            #expect(try FileEventLog.verify(path: path).isSound)
        }
    }

    // MARK: Events that would not read back

    static let unreadableEvents: [(String, @Sendable () throws -> Event)] = [
        ("an id of 200 bytes", { try TestEvents.event(String(repeating: "x", count: 200)) }),
        ("an id of 129 bytes (multi-byte characters)", { try TestEvents.event(String(repeating: "é", count: 64) + "x") }),
        ("an empty id", { try TestEvents.event("") }),
        ("a time zone that is not a zone name (a space)", {
            var event = try TestEvents.event("bad-zone")
            event.timeZone = "Mars/Olympus Mons"
            return event
        }),
        ("a time zone that is not a zone name (a Kelvin sign)", {
            var event = try TestEvents.event("kelvin-zone")
            event.timeZone = "Asia/\u{212A}arachi"
            return event
        }),
        ("a sample's time zone that is not a zone name (65 bytes)", {
            var event = try TestEvents.event("long-sample-zone")
            event.payload = .sleepSampleIngested(SleepSampleIngested(
                sampleId: "S", stage: .deep, start: event.at.adding(milliseconds: -60_000), end: event.at,
                timeZone: String(repeating: "z", count: 65), sourceName: "Apple Watch"))
            return event
        }),
        ("an empty time zone", {
            var event = try TestEvents.event("empty-zone")
            event.timeZone = ""
            return event
        }),
        ("an instant after year 9999", {
            var event = try TestEvents.event("far-future")
            event.at = Instant(millisecondsSince1970: 300_000_000_000_000, utcOffsetSeconds: 0)
            return event
        }),
        ("an unknown envelope key named seq", {
            var event = try TestEvents.event("extra-seq")
            event.additionalEnvelopeFields.append("seq", .number(JSONNumber(99)))
            return event
        }),
        ("an unknown payload key repeating a known one", {
            var event = try TestEvents.event("extra-night")
            event.additionalPayloadFields.append("night", .string("2026-12-24"))
            return event
        }),
        ("an unknown payload key the type knows (it would read back as a typed field)", {
            var event = Event(
                id: "goal-extra", at: try TestEvents.instant("2026-11-29T20:05:11+01:00"), timeZone: TestEvents.zone,
                payload: .goalSet(GoalSet(
                    currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"),
                    days: 7, firstNight: try LocalDate(iso: "2026-11-30")
                ))
            )
            event.additionalPayloadFields.append("sleepNeedMinutes", .number(JSONNumber(500)))
            return event
        }),
        ("an unknown envelope key the envelope knows (it would read back as the source)", {
            var event = try TestEvents.event("extra-source", source: nil)
            event.additionalEnvelopeFields.append("source", .string("watch"))
            return event
        }),
        ("an empty sampleId", {
            var event = try TestEvents.event("empty-sample")
            event.payload = .sleepSampleDeleted(SleepSampleDeleted(sampleId: ""))
            return event
        }),
    ]

    @Test("an event that would not read back is refused and nothing is written", arguments: unreadableEvents.indices)
    func unreadableEventRefused(index: Int) throws {
        let (name, makeEvent) = Self.unreadableEvents[index]
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            _ = try log.append([try TestEvents.event("first")], expectedLastSeq: nil)
            let before = try FileBytes.read(log.path)
            let bad = try makeEvent()
            for batch in [[bad], [try TestEvents.event("good-1"), bad], [bad, try TestEvents.event("good-2")]] {
                let error = #expect(throws: EventLogFileError.self, "\(name)") { try log.append(batch, expectedLastSeq: nil) }
                #expect(error?.code == .invalidLine, "\(name)")
                #expect(error?.message.contains("nothing was written") == true, "\(name)")
                #expect(try FileBytes.read(log.path) == before, "\(name)")
            }
            // The log still works.
            #expect(try log.append([try TestEvents.event("second")], expectedLastSeq: 1).map(\.seq) == [2])
        }
    }

    /// The log's reader refuses lines over `LineReader.defaultMaximumLineLength`, so the
    /// writer must not write one: the log would become unreadable, and repair would not
    /// touch it (it is not a torn tail).
    @Test("an event whose line would be too long to read back is refused, and the log stays readable")
    func overlongLineRefused() throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            _ = try log.append([try TestEvents.event("first")], expectedLastSeq: nil)
            let before = try FileBytes.read(log.path)
            var huge = try TestEvents.event("huge")
            huge.payload = .appTierAssigned(AppTierAssigned(app: String(repeating: "a", count: LineReader.defaultMaximumLineLength), tier: .blockFirst))
            let error = #expect(throws: EventLogFileError.self) { try log.append([huge], expectedLastSeq: nil) }
            // Refused before writing (like any line that would not read back)…
            #expect(error?.code == .lineTooLong)
            #expect(error?.message.contains("nothing was written") == true)
            // …so nothing was written, although the append threw.
            #expect(try FileBytes.read(log.path) == before)
            #expect(try FileEventLog.verify(path: log.path).isSound)
            // And the log still takes appends and can be read.
            #expect(try log.append([try TestEvents.event("second")], expectedLastSeq: 1).map(\.seq) == [2])
            #expect(try log.readAll().count == 2)
        }
    }

    @Test("a reading that is not a finite number is refused, not written as another value", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumberRefused(value: Double) throws {
        try TemporaryFolder.with { directory in
            let log = try FileEventLog(path: directory.path("log.jsonl"))
            let reading = Event(
                id: "vital", at: try TestEvents.instant("2026-12-01T07:00:00+01:00"), timeZone: TestEvents.zone,
                payload: .vitalSampleIngested(VitalSampleIngested(
                    sampleId: "S1", kind: .spo2, value: value, unit: "%",
                    start: try TestEvents.instant("2026-12-01T03:00:00+01:00"), end: try TestEvents.instant("2026-12-01T03:01:00+01:00")
                ))
            )
            // PayloadEncoder.number writes a non-finite Double as 0; the append must notice
            // that the line does not read back as the event given.
            let error = #expect(throws: EventLogFileError.self) { try log.append([reading], expectedLastSeq: nil) }
            #expect(error?.code == .invalidLine)
            #expect(error?.message.contains("nothing was written") == true)
            #expect(try FileBytes.read(log.path).isEmpty)
            #expect(try log.readAll().isEmpty)
        }
    }
}
