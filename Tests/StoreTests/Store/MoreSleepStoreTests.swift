import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Testing
import TestSupport

/// The store a front end embeds: replay on open, send, observe, file or memory.
struct MoreSleepStoreTests {
    static func environment(at text: String) throws -> StoreEnvironment {
        let instant = try Instant(rfc3339: text)
        let counter = Counter()
        return StoreEnvironment(now: { instant }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "id-\(counter.next())" }, source: .watch)
    }

    final class Counter: @unchecked Sendable {
        // @unchecked: `value` is only touched under `lock`.
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }

    @Test func observersSeeTheCurrentSnapshotThenEachChange() async throws {
        let store = try MoreSleepStore(log: try InMemoryEventLog(), environment: try Self.environment(at: "2026-11-30T22:00:00+01:00"))
        let changes = await store.changes()
        var iterator = changes.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.lastSeq == 0)
        try await store.send(AssignAppTier(app: "Reddit", tier: .block30Min))
        let second = await iterator.next()
        #expect(second?.lastSeq == 1)
        #expect(second?.state.appTiers.tier(of: "Reddit") == .block30Min)
    }

    @Test func aFileBackedStoreReplaysTheSampleWeekAndAppends() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl").path
        try FileManager.default.copyItem(atPath: Golden.fixture("SampleWeek/sample-week.jsonl").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)

        let log = try FileEventLog(path: path)
        let store = try MoreSleepStore(log: log, environment: try Self.environment(at: "2026-12-07T22:00:00+01:00"))
        #expect(await store.snapshot.lastSeq == 162)
        #expect(await store.state.appTiers.tier(of: "Reddit") == .blockFirst)
        // Streamed from the file (the sample week has an event queued offline, so this takes
        // the second pass), the state is the one folded from every event sorted in memory.
        var sorted = ProjectionRunner<LogState>()
        sorted.apply(contentsOf: EventOrdering.sorted(try log.readAll()))
        #expect(await store.state == sorted.state)
        #expect(try EventLogReader.forEachEventInTimeOrder(path: path, restart: {}, { _ in }).lateEventCount > 0)
        let appended = try await store.send(LogBedtime(night: .date(try LocalDate(iso: "2026-12-07")), moment: .wentToBed))
        #expect(appended.count == 1)
        #expect(await store.snapshot.lastSeq == 163)

        // A second store on the same file sees the event.
        let reopened = try MoreSleepStore(log: try FileEventLog(path: path), environment: try Self.environment(at: "2026-12-07T22:01:00+01:00"))
        #expect(await reopened.snapshot.lastSeq == 163)
        #expect(await reopened.state.statistics.countsByType["wentToBed"] == 8)
    }

    @Test func anotherWriterMovingTheLogOnIsReportedAndTheStoreCatchesUp() async throws {
        let log = try InMemoryEventLog()
        let store = try MoreSleepStore(log: log, environment: try Self.environment(at: "2026-11-30T22:00:00+01:00"))
        // Another front end appends behind the store's back.
        _ = try log.append([try EventFactory.event("other", .appTierAssigned(AppTierAssigned(app: "Reddit", tier: .blockFirst)), at: "2026-11-30T21:00:00+01:00")], expectedLastSeq: 0)
        await #expect(throws: StoreError.self) {
            try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
        }
        #expect(await store.snapshot.lastSeq == 1)
        #expect(await store.state.appTiers.tier(of: "Reddit") == .blockFirst)
        // Sending again decides against the fresh state and lands.
        try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
        #expect(await store.snapshot.lastSeq == 2)
    }

    @Test func aRejectedCommandAppendsNothing() async throws {
        let log = try InMemoryEventLog()
        let store = try MoreSleepStore(log: log, environment: try Self.environment(at: "2026-11-30T22:00:00+01:00"))
        await #expect(throws: StoreError.self) {
            try await store.send(LogBedtime(night: .date(try LocalDate(iso: "2026-11-20")), moment: .wentToBed))
        }
        #expect(log.readAll().isEmpty)
    }

    @Test func aTornTailIsAWarningAndBlocksAppendsUntilRepaired() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl").path
        let lines = try String(contentsOfFile: Golden.fixture("SampleWeek/sample-week.jsonl").path, encoding: .utf8).split(separator: "\n")
        try Data((lines.prefix(3).joined(separator: "\n") + "\n" + lines[3].prefix(50)).utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)

        let store = try MoreSleepStore(log: try FileEventLog(path: path), environment: try Self.environment(at: "2026-11-29T21:00:00+01:00"))
        let snapshot = await store.snapshot
        #expect(snapshot.lastSeq == 3)
        #expect(snapshot.warnings.all.contains { $0.message.contains("torn tail") })
        do {
            try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
            Issue.record("an append to a log with a torn tail must be refused")
        } catch .log(let error) {
            #expect(error.code == .tornTail)
        } catch {
            Issue.record("unexpected \(error)")
        }
        _ = try FileEventLog.repair(path: path)
        try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
        #expect(await store.snapshot.lastSeq == 4)
    }
}
