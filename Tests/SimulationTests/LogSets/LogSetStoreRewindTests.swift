import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Testing
import TestSupport

/// `MoreSleepStore` folds what arrives as late events (docs/sync.md, docs/checkpoints.md): a
/// watch's night synced in the morning rewinds to the checkpoint before it instead of
/// folding the set again, and the state is always what a fresh fold of the files gives.
@Suite("Log sets: the store folds what sync brings by rewinding")
struct LogSetStoreRewindTests {
    static let phone = StreamName("phone")!
    static let watch = StreamName("watch")!

    static func environment(source: EventSource) throws -> StoreEnvironment {
        let instant = try Instant(rfc3339: "2027-06-01T12:00:00+02:00")
        let counter = IdentifierCounter(prefix: "store")
        return StoreEnvironment(now: { instant }, timeZone: { "Europe/Berlin" }, makeIdentifier: { counter.next() }, source: source)
    }

    /// A simulated phone-and-watch history (`full`), and the phone's log set (`phoneSet`)
    /// holding the phone's stream whole and the watch's first `watchLines` lines.
    static func devices(nights: Int, watchLines: (Int) -> Int) throws -> (folder: TemporaryFolder, full: String, phoneSet: String, watchTotal: Int) {
        let folder = try TemporaryFolder()
        let full = folder.url.path + "/full"
        let made = ToolRun.run(["simulate", "--nights", String(nights), "--seed", "5", "--devices", "phone,watch", "--out", full])
        #expect(made.code == .success, "\(made.error)")
        let phoneSet = folder.url.path + "/phone-device"
        try FileManager.default.createDirectory(atPath: phoneSet, withIntermediateDirectories: false)
        _ = try folder.write("phone-device/phone.jsonl", Array(try Data(contentsOf: URL(fileURLWithPath: full + "/phone.jsonl"))))
        let watch = Array(try Data(contentsOf: URL(fileURLWithPath: full + "/watch.jsonl")))
        let total = LogSetCheckpointTests.lineCount(watch)
        _ = try folder.write("phone-device/watch.jsonl", Array(watch[..<LogSetCheckpointTests.prefixEnd(watch, lines: watchLines(total))]))
        return (folder, full, phoneSet, total)
    }

    /// The state and warnings of a fresh fold of the files.
    static func freshFold(_ path: String) throws -> ProjectionRunner<LogState> {
        try LogSetFold.fold(LogSetDirectory(path: path), tornTail: MoreSleepStore.tornTailNotice).runner
    }

    /// An edit far before each checkpoint's last line, which the open's tail check cannot see:
    /// the log set store's check after opening finds it, folds the set again and says so.
    @Test func anEditBeforeTheTailIsFoundByTheCheckAfterOpening() async throws {
        let (folder, _, phoneSet, _) = try Self.devices(nights: 20, watchLines: { $0 })
        defer { withExtendedLifetime(folder) {} }
        _ = try CheckpointedFold.writeCheckpoints(.logSet(LogSetDirectory(path: phoneSet)), into: CheckpointFolder(path: phoneSet + "/checkpoints"))
        // One character of the phone's first id, in place.
        let path = phoneSet + "/phone.jsonl"
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let marker = Array("\"id\":\"".utf8)
        let start = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        let index = start + marker.count
        bytes[index] = bytes[index] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let store = try await MoreSleepStore.open(path: phoneSet, ownStream: Self.phone, environment: try Self.environment(source: .phone))
        await store.prefixCheck?.value
        var expected = try Self.freshFold(phoneSet)
        expected.warn(.init(seq: nil, message: StorePrefixCheck.notice()))
        #expect(await store.state == expected.state)
        #expect(await store.warnings == expected.warnings)
        #expect(await store.checkpointWarnings.contains { $0.contains("does not start with") && $0.contains("ignored and replaced") })
    }

    @Test func aWatchsLastNightSyncedInTheMorningRewindsInsteadOfFoldingTheSetAgain() async throws {
        // The phone holds the watch's stream up to about its last night.
        let (folder, full, phoneSet, total) = try Self.devices(nights: 40, watchLines: { $0 - 40 })
        let written = try CheckpointedFold.writeCheckpoints(.logSet(LogSetDirectory(path: phoneSet)), into: CheckpointFolder(path: phoneSet + "/checkpoints"))
        #expect(written.kept.count >= 4)
        let store = try MoreSleepStore(path: phoneSet, ownStream: Self.phone, environment: try Self.environment(source: .phone))
        #expect(await store.checkpointWarnings.isEmpty)
        let held = await store.heldSeqs[Self.watch] ?? 0
        let incoming = try StreamSync.lines(of: Self.watch, in: LogSetDirectory(path: full), after: held).lines
        #expect(incoming.lines.count == total - held)
        let outcome = try await store.receive(incoming)
        // The copy held `total − 40` lines; when they end inside a batch, the lines of that
        // batch it already has are not appended again.
        let copied = total - 40
        #expect(outcome == .appended(lineCount: total - copied, firstSeq: copied + 1, lastSeq: total))
        #expect(await store.rewindCount == 1)
        #expect(await store.refoldCount == 0)
        let fresh = try Self.freshFold(phoneSet)
        #expect(await store.state == fresh.state)
        #expect(await store.warnings == fresh.warnings)
        // A command now folds in place.
        try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
        #expect(await store.rewindCount == 1)
        #expect(await store.refoldCount == 0)
        #expect(await store.state == (try Self.freshFold(phoneSet)).state)
        withExtendedLifetime(folder) {}
    }

    /// A line dated before what the store folded, with no copy among what arrives: only a
    /// rewind folds it in its place (the phone's later tier for the same app wins).
    @Test func aLateLineIsFoldedInItsPlaceNotAtTheEnd() async throws {
        func tier(_ id: String, _ at: String, _ tier: AppTier, source: EventSource) throws -> Event {
            Event(id: id, at: try Instant(rfc3339: at), timeZone: "Europe/Berlin", source: source,
                  payload: .appTierAssigned(AppTierAssigned(app: "Mail", tier: tier)))
        }
        let folder = try TemporaryFolder()
        let set = folder.url.path + "/set"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: false)
        let goal = try LogSetFoldTests.goal("g", target: "22:30", at: "2026-11-27T20:00:00+01:00")
        _ = try folder.write("set/phone.jsonl", LogSetFoldTests.stream([goal, try tier("p1", "2026-11-29T21:00:00+01:00", .block30Min, source: .phone)]))
        _ = try CheckpointedFold.writeCheckpoints(.logSet(LogSetDirectory(path: set)), into: CheckpointFolder(path: set + "/checkpoints"))
        let store = try MoreSleepStore(path: set, ownStream: Self.phone, environment: try Self.environment(source: .phone))
        let late = LogSetFoldTests.stream([try tier("w1", "2026-11-28T21:00:00+01:00", .blockFirst, source: .watch)])
        let line = String(decoding: late.dropLast(), as: UTF8.self)
        #expect(try await store.receive(StreamLines(stream: Self.watch, afterSeq: 0, lines: [line])) == .appended(lineCount: 1, firstSeq: 1, lastSeq: 1))
        #expect(await store.state.appTiers.tier(of: "Mail") == .block30Min)
        #expect(await store.state == (try Self.freshFold(set)).state)
        #expect(await store.rewindCount == 1)
        #expect(await store.refoldCount == 0)
        withExtendedLifetime(folder) {}
    }

    /// Random chunks of the watch's stream arrive, each after some of the phone's own
    /// commands: after each, the store's state is a fresh fold of the files.
    @Test(arguments: [UInt64(1), 2])
    func randomChunksOfTheWatchsStreamKeepTheStoreEqualToAFreshFold(seed: UInt64) async throws {
        var random = SplitMix(seed: seed)
        let (folder, full, phoneSet, total) = try Self.devices(nights: 20, watchLines: { $0 / 2 })
        _ = try CheckpointedFold.writeCheckpoints(.logSet(LogSetDirectory(path: phoneSet)), into: CheckpointFolder(path: phoneSet + "/checkpoints"))
        let store = try MoreSleepStore(path: phoneSet, ownStream: Self.phone, environment: try Self.environment(source: .phone))
        let watch = Array(try Data(contentsOf: URL(fileURLWithPath: full + "/watch.jsonl")))
        let source = folder.url.path + "/watch-device"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: false)
        var upTo = total / 2
        var round = 0
        while upTo < total {
            round += 1
            upTo = min(total, upTo + 1 + random.next(below: total / 6))
            _ = try folder.write("watch-device/watch.jsonl", Array(watch[..<LogSetCheckpointTests.prefixEnd(watch, lines: upTo)]))
            let held = await store.heldSeqs[Self.watch] ?? 0
            let incoming = try StreamSync.lines(of: Self.watch, in: LogSetDirectory(path: source), after: held).lines
            let outcome = try await store.receive(incoming)
            #expect(!outcome.isRefused, "\(outcome)")
            if random.next(below: 2) == 0 {
                try await store.send(AssignAppTier(app: "App \(round)", tier: .block30Min))
            }
            let fresh = try Self.freshFold(phoneSet)
            #expect(await store.state == fresh.state, "round \(round)")
            #expect(await store.warnings == fresh.warnings, "round \(round)")
        }
        #expect(await store.rewindCount > 0)
        withExtendedLifetime(folder) {}
    }

    /// Another process (a sync run by the app's background task) adds a stream's lines: the
    /// watch of the directory folds them, and observers hear of it, without being asked.
    @Test func theWatchOfTheDirectoryFoldsWhatAnotherProcessSyncedIn() async throws {
        let (folder, full, phoneSet, total) = try Self.devices(nights: 6, watchLines: { $0 / 2 })
        let store = try await MoreSleepStore.open(path: phoneSet, ownStream: Self.phone, environment: try Self.environment(source: .phone))
        var snapshots = await store.changes().makeAsyncIterator()
        #expect(await snapshots.next()?.state == store.state)
        let held = await store.heldSeqs[Self.watch] ?? 0
        // Not through the store: as another process would.
        let lines = try StreamSync.lines(of: Self.watch, in: LogSetDirectory(path: full), after: held).lines
        _ = try StreamSync.receive(lines, into: LogSetDirectory(path: phoneSet), ownStream: Self.phone)
        var seen = false
        for _ in 0..<200 where !seen {
            if await store.heldSeqs[Self.watch] == total { seen = true } else { try await Task.sleep(for: .milliseconds(25)) }
        }
        #expect(seen, "the watch noticed the sync within 5 s")
        #expect(await snapshots.next()?.state != nil)
        #expect(await store.state == (try Self.freshFold(phoneSet)).state)
        withExtendedLifetime(folder) {}
    }

    @Test func aStoreOpenedWithoutCheckpointsWritesThemAndTheNextOpenStartsFromOne() async throws {
        let (folder, _, phoneSet, _) = try Self.devices(nights: 12, watchLines: { $0 })
        let first = try await MoreSleepStore.open(path: phoneSet, ownStream: Self.phone, environment: try Self.environment(source: .phone))
        await first.waitForCheckpointWrites()
        let kept = CheckpointFolder(path: phoneSet + "/checkpoints").entries().entries
        #expect(!kept.isEmpty && kept.allSatisfy { $0.header.isLogSet })
        let fold = try CheckpointedFold.fold(.logSet(LogSetDirectory(path: phoneSet)), checkpoints: phoneSet + "/checkpoints")
        #expect(fold.startedFrom != nil && fold.linesAfterCheckpoint == 0)
        let second = try await MoreSleepStore.open(path: phoneSet, ownStream: Self.phone, environment: try Self.environment(source: .phone))
        #expect(await second.state == first.state)
        #expect(await second.checkpointWarnings.isEmpty)
        withExtendedLifetime(folder) {}
    }
}
