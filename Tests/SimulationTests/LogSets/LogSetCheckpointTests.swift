import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Simulation
import Testing
import TestSupport

/// Checkpoints of a log set (docs/checkpoints.md, "Log sets"): a position per stream; used
/// only while every stream it covers starts with those bytes, no line after it belongs
/// before it, and no line after it is a copy of an id it folded; the output is the same
/// with one or without, whatever arrived since.
@Suite("Log sets: checkpoints")
struct LogSetCheckpointTests {
    /// Three streams as in the convergence tests: simulated histories with ids made distinct
    /// per stream, and the same 20 events ingested by every device.
    static func streams(seed: UInt64) throws -> [String: [UInt8]] {
        let shared = try SimulatedLog(SimulationConfiguration(nights: 3, seed: 99)).events.prefix(20).map(\.event)
        var streams: [String: [UInt8]] = [:]
        for (offset, name) in LogSetConvergenceTests.names.enumerated() {
            let log = try SimulatedLog(SimulationConfiguration(nights: 12, seed: seed &* 31 &+ UInt64(offset)))
            var events = log.events.map { recorded -> Event in
                var event = recorded.event
                event.id = name + "-" + event.id
                return event
            }
            events.insert(contentsOf: shared, at: min(events.count, 40 + 30 * offset))
            streams[name] = LogSetFoldTests.stream(events)
        }
        return streams
    }

    /// The end of the first `lines` lines of `bytes`.
    static func prefixEnd(_ bytes: [UInt8], lines: Int) -> Int {
        guard lines > 0 else { return 0 }
        var seen = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            seen += 1
            if seen == lines { return index + 1 }
        }
        return bytes.count
    }

    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// For prefixes growing in rounds, roughly together in time but each by a random lag (a
    /// stream syncing in late, another ahead), `show --json` with checkpoints equals it
    /// without, byte for byte, and some rounds start from a checkpoint.
    @Test(arguments: [UInt64(1), 2, 3])
    func growingPrefixesFoldTheSameWithCheckpointsAsWithout(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let streams = try Self.streams(seed: seed)
        let folder = try TemporaryFolder()
        let set = folder.url.path + "/set"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: false)
        var held = Dictionary(uniqueKeysWithValues: streams.map { ($0.key, 0) })
        var startedFromCheckpoint = 0
        for round in 1...6 {
            for (name, bytes) in streams.sorted(by: { $0.key < $1.key }) {
                let total = Self.lineCount(bytes)
                let lag = random.next(below: total / 12 + 1)
                held[name] = max(held[name]!, min(total, total * round / 6 - lag))
                _ = try folder.write("set/\(name).jsonl", Array(bytes[..<Self.prefixEnd(bytes, lines: held[name]!)]))
            }
            let plain = ToolRun.run(["show", set, "--json", "--no-checkpoint"])
            let checkpointed = ToolRun.run(["show", set, "--json"])
            #expect(plain.code == .success, "\(plain.error)")
            #expect(checkpointed.output == plain.output, "seed \(seed), held \(held)")
            #expect(!checkpointed.error.contains("ignored"), "\(checkpointed.error)")
            if checkpointed.error.contains("started from checkpoint") { startedFromCheckpoint += 1 }
            let written = ToolRun.run(["checkpoint", set])
            #expect(written.code == .success, "\(written.error)")
        }
        #expect(startedFromCheckpoint > 0)
        withExtendedLifetime(folder) {}
    }

    /// A set of two streams with checkpoints written, for the bad-checkpoint cases.
    static func checkpointedSet() throws -> (TemporaryFolder, String) {
        let streams = try Self.streams(seed: 7)
        let folder = try TemporaryFolder()
        let set = folder.url.path + "/set"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: false)
        for name in ["phone-1", "watch-1"] { _ = try folder.write("set/\(name).jsonl", streams[name]!) }
        let written = ToolRun.run(["checkpoint", set])
        #expect(written.code == .success, "\(written.error)")
        return (folder, set)
    }

    /// `show --json` with checkpoints equals it without, and standard error says `expected`.
    static func expectSameView(_ set: String, saying expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let plain = ToolRun.run(["show", set, "--json", "--no-checkpoint"])
        let checkpointed = ToolRun.run(["show", set, "--json"])
        #expect(checkpointed.code == plain.code, sourceLocation: sourceLocation)
        #expect(checkpointed.output == plain.output, sourceLocation: sourceLocation)
        #expect(checkpointed.error.contains(expected), "\(checkpointed.error)", sourceLocation: sourceLocation)
    }

    @Test func aCheckpointWhoseStreamWasEditedIsPassedOver() throws {
        let (folder, set) = try Self.checkpointedSet()
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: set + "/watch-1.jsonl")))
        // The first id's first character changed: same length, other bytes.
        let at = bytes.firstIndex(of: UInt8(ascii: "w"))!
        bytes[at] = UInt8(ascii: "W")
        _ = try folder.write("set/watch-1.jsonl", bytes)
        Self.expectSameView(set, saying: "its stream watch-1 does not start with")
    }

    @Test func aCheckpointWhoseStreamIsGoneIsPassedOver() throws {
        let (folder, set) = try Self.checkpointedSet()
        defer { withExtendedLifetime(folder) {} }
        try FileManager.default.removeItem(atPath: set + "/watch-1.jsonl")
        Self.expectSameView(set, saying: "its stream watch-1 is no longer in the log set")
    }

    @Test func aCheckpointOfACutStreamIsPassedOver() throws {
        let (folder, set) = try Self.checkpointedSet()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: set + "/phone-1.jsonl")))
        _ = try folder.write("set/phone-1.jsonl", Array(bytes[..<Self.prefixEnd(bytes, lines: 10)]))
        Self.expectSameView(set, saying: "its stream phone-1 is shorter than")
    }

    @Test func aLogFilesCheckpointInALogSetsFolderIsPassedOverAndTheOtherWayRound() throws {
        let (folder, set) = try Self.checkpointedSet()
        // A log file's checkpoints, copied into the set's folder.
        _ = try folder.write("one.jsonl", Array(try Data(contentsOf: URL(fileURLWithPath: set + "/phone-1.jsonl"))))
        #expect(ToolRun.run(["checkpoint", folder.url.path + "/one.jsonl"]).code == .success)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path + "/one.jsonl.checkpoints") {
            try? FileManager.default.removeItem(atPath: set + "/checkpoints/" + name)
            try FileManager.default.copyItem(atPath: folder.url.path + "/one.jsonl.checkpoints/" + name, toPath: set + "/checkpoints/" + name)
        }
        Self.expectSameView(set, saying: "it is a log file's checkpoint, not a log set's")
        // The set's checkpoints, named as the file's folder.
        let file = folder.url.path + "/one.jsonl"
        let plain = ToolRun.run(["show", file, "--json", "--no-checkpoint"])
        let wrong = ToolRun.run(["show", file, "--json", "--checkpoints", set + "/checkpoints"])
        #expect(wrong.output == plain.output)
        #expect(wrong.error.contains("it is a log set's checkpoint, not a log file's"), "\(wrong.error)")
    }

    @Test func aCheckpointWhosePositionIsDamagedIsPassedOver() throws {
        let (folder, set) = try Self.checkpointedSet()
        defer { withExtendedLifetime(folder) {} }
        let names = try FileManager.default.contentsOfDirectory(atPath: set + "/checkpoints").filter { $0.hasSuffix(".checkpoint") }
        for name in names {
            let path = set + "/checkpoints/" + name
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            // A byte of the first stream's name, inside the header's position (after the magic
            // line, format, length, fold version, kind, counts, payload length and digest, and
            // the stream count and the name's length).
            bytes[80] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        Self.expectSameView(set, saying: "its header's digest does not match its header")
    }

    /// A line that arrives after the checkpoint but belongs before its last event makes an
    /// older checkpoint the start.
    @Test func aLineSyncedLateBeforeTheCheckpointStartsFromAnOlderOne() throws {
        let streams = try Self.streams(seed: 11)
        let folder = try TemporaryFolder()
        let set = folder.url.path + "/set"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: false)
        let phone = streams["phone-1"]!, watch = streams["watch-1"]!
        _ = try folder.write("set/phone-1.jsonl", phone)
        // The watch holds its first half when the checkpoints are written, the rest later.
        _ = try folder.write("set/watch-1.jsonl", Array(watch[..<Self.prefixEnd(watch, lines: Self.lineCount(watch) / 2)]))
        #expect(ToolRun.run(["checkpoint", set]).code == .success)
        let newest = try Self.newestCheckpoint(set)
        _ = try folder.write("set/watch-1.jsonl", watch)
        let fold = try CheckpointedFold.fold(.logSet(LogSetDirectory(path: set)), checkpoints: set + "/checkpoints")
        #expect(fold.startedFrom != nil && fold.startedFrom?.fileName != newest)
        let whole = try LogSetFold.fold(LogSetDirectory(path: set), tornTail: nil)
        #expect(fold.runner.state == whole.runner.state)
        #expect(fold.runner.warnings == whole.runner.warnings)
        #expect(fold.latestLineAt == whole.latestLineAt)
    }

    static func newestCheckpoint(_ set: String) throws -> String {
        try FileManager.default.contentsOfDirectory(atPath: set + "/checkpoints").filter { $0.hasSuffix(".checkpoint") }.sorted().last!
    }

    /// A copy, arriving after the checkpoint, of an id the checkpoint folded: left out
    /// silently when its content is the first's, with a warning when not — the same as
    /// without the checkpoint. A checkpoint knows the first copies of its last 14 days, so it
    /// is the start for a copy of a recent one; for an older one it cannot be.
    @Test(arguments: [(false, 1), (true, 1), (false, 20), (true, 20)])
    func aCopyOfAnIdFoldedBeforeTheCheckpointCountsOnce(otherContent: Bool, daysLater: Int) throws {
        let goal = try LogSetFoldTests.goal("g", target: "22:30", at: "2026-11-09T20:00:00+01:00")
        let tier = Event(
            id: "tier", at: try Instant(rfc3339: "2026-11-09T20:10:00+01:00"), timeZone: "Europe/Berlin", source: .phone,
            payload: .appTierAssigned(AppTierAssigned(app: "Mail", tier: .blockFirst)))
        let later = Event(
            id: "later", at: Instant(millisecondsSince1970: tier.at.millisecondsSince1970 + Int64(daysLater) * 86_400_000 - 3_600_000, utcOffsetSeconds: 3600),
            timeZone: "Europe/Berlin", source: .phone, payload: .appTierAssigned(AppTierAssigned(app: "News", tier: .blockFirst)))
        var copy = tier
        copy.at = Instant(millisecondsSince1970: tier.at.millisecondsSince1970 + Int64(daysLater) * 86_400_000, utcOffsetSeconds: 3600)
        copy.source = .watch
        if otherContent { copy.payload = .appTierAssigned(AppTierAssigned(app: "Mail", tier: .block30Min)) }
        let folder = try TemporaryFolder()
        let set = folder.url.path + "/set"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: false)
        _ = try folder.write("set/phone-1.jsonl", LogSetFoldTests.stream([goal, tier, later]))
        #expect(ToolRun.run(["checkpoint", set]).code == .success)
        let newest = try Self.newestCheckpoint(set)
        _ = try folder.write("set/watch-1.jsonl", LogSetFoldTests.stream([copy]))
        let fold = try CheckpointedFold.fold(.logSet(LogSetDirectory(path: set)), checkpoints: set + "/checkpoints")
        // 20 days later, the newest checkpoint no longer knows the first copy; the one saved
        // before the later night, still within 14 days of it, does.
        #expect((fold.startedFrom?.fileName == newest) == (daysLater < 14))
        let whole = try LogSetFold.fold(LogSetDirectory(path: set), tornTail: nil)
        #expect(fold.runner.state == whole.runner.state)
        #expect(fold.runner.warnings == whole.runner.warnings)
        #expect(fold.runner.warnings.all.contains { $0.message.contains("id already used by phone-1:2 with other content") } == otherContent)
        #expect(fold.runner.state.appTiers.tier(of: "Mail") == .blockFirst)
    }

    /// The table of recent first copies: the content digest is the same exactly when the
    /// type, `v` and `data` are, whatever the id, `at`, zone, source or cause; and it goes
    /// through its bytes unchanged.
    @Test func theRecentCopiesTableComparesContentAndRoundTrips() throws {
        let tier = Event(
            id: "a", at: try Instant(rfc3339: "2026-11-09T20:10:00+01:00"), timeZone: "Europe/Berlin", source: .phone,
            payload: .appTierAssigned(AppTierAssigned(app: "Mail", tier: .blockFirst)))
        var moved = tier
        moved.id = "b"
        moved.at = try Instant(rfc3339: "2026-11-10T07:00:00-05:00")
        moved.timeZone = "America/New_York"
        moved.source = .watch
        moved.causedBy = "x"
        var other = tier
        other.payload = .appTierAssigned(AppTierAssigned(app: "Mail", tier: .block30Min))
        func digest(_ event: Event) -> PrefixDigest { RecentFirstCopies.contentDigest(of: RecordedEvent(seq: 1, event: event, stream: "s")) }
        #expect(digest(tier) == digest(moved))
        #expect(digest(tier) != digest(other))
        var table = RecentFirstCopies()
        table.note(RecordedEvent(seq: 4, event: tier, stream: "phone-1"))
        table.note(RecordedEvent(seq: 9, event: other, stream: "watch-1"))
        var writer = CheckpointWriter()
        writer.write(table)
        func read(_ bytes: [UInt8]) -> RecentFirstCopies? {
            bytes.withUnsafeBytes { raw in
                var reader = CheckpointReader(raw)
                guard let read = try? reader.read(RecentFirstCopies.self), reader.remaining == 0 else { return nil }
                return read
            }
        }
        #expect(read(writer.bytes) == table)
        #expect(read(Array(writer.bytes.dropLast())) == nil)
        table.prune(before: tier.at.millisecondsSince1970 + RecentFirstCopies.window + 1)
        #expect(table.byIdentifier.isEmpty)
    }

    @Test func checkpointOfALogSetSaysWhatItWroteAndThenThatItIsUpToDate() throws {
        let (folder, set) = try Self.checkpointedSet()
        defer { withExtendedLifetime(folder) {} }
        let again = ToolRun.run(["checkpoint", set])
        #expect(again.code == .success)
        #expect(again.output.contains("already covers every line; nothing written"), "\(again.output)")
        #expect(again.output.contains("checkpoints kept in \(set)/checkpoints"), "\(again.output)")
        // The listing of the set ignores the folder.
        #expect(try LogSetDirectory(path: set).list().streams.map(\.text) == ["phone-1", "watch-1"])
    }
}
