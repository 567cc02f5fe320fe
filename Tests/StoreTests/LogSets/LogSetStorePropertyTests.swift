import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Testing
import TestSupport

/// Random histories of two devices: commands from each at its own (skewed, sometimes
/// backward) clock, interleaved with syncs, reloads, checkpoints and crashes mid-append.
/// After every step, on each device: nothing crashed, a rejected command appended nothing,
/// and the store's state equals a fresh fold of what is on its disk. At the end, after a
/// full exchange, both devices hold the same state.
@Suite("Log sets: random histories of two devices keep each store equal to a fresh fold")
struct LogSetStorePropertyTests {
    static let phone = StreamName("phone")!
    static let watch = StreamName("watch")!

    /// A device's clock, moved by the test.
    final class DeviceClock: @unchecked Sendable {
        // @unchecked: `milliseconds` is read and written only under `lock`.
        private let lock = NSLock()
        private var milliseconds: Int64
        init(_ start: Int64) { milliseconds = start }
        var now: Instant { lock.withLock { Instant(millisecondsSince1970: milliseconds, utcOffsetSeconds: 3_600) } }
        func advance(minutes: Int64) { lock.withLock { milliseconds += minutes * 60_000 } }
    }

    /// One device: its folder, stream, clock and open store.
    final class Device: @unchecked Sendable {
        // @unchecked: used by one test task at a time.
        let path: String
        let stream: StreamName
        let clock: DeviceClock
        let source: EventSource
        var store: MoreSleepStore
        var ownFile: String { path + "/" + stream.description + ".jsonl" }

        init(path: String, stream: StreamName, clock: DeviceClock, source: EventSource) throws {
            self.path = path
            self.stream = stream
            self.clock = clock
            self.source = source
            store = try Self.open(path: path, stream: stream, clock: clock, source: source)
        }

        /// Drops the store (as a process that ends) and opens it again.
        func reopen() throws {
            store = try Self.open(path: path, stream: stream, clock: clock, source: source)
        }

        static func open(path: String, stream: StreamName, clock: DeviceClock, source: EventSource) throws -> MoreSleepStore {
            let counter = MoreSleepStoreTests.Counter()
            let environment = StoreEnvironment(
                now: { clock.now }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "\(stream)-\(UUID().uuidString.prefix(8))-\(counter.next())" },
                source: source)
            return try MoreSleepStore(path: path, ownStream: stream, environment: environment)
        }
    }

    @Test("random commands, syncs, reloads, checkpoints and crashes", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomHistory(seed: UInt64) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("logset-property-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var random = SplitMix(seed: seed)
        // 2026-11-30T18:00+01:00, the watch up to two hours off.
        let start: Int64 = 1_796_058_000_000
        var devices: [Device] = []
        for (index, stream) in [Self.phone, Self.watch].enumerated() {
            let path = root + "/" + stream.description
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let clock = DeviceClock(start + Int64(index) * Int64(random.next(below: 240) - 120) * 60_000)
            devices.append(try Device(path: path, stream: stream, clock: clock, source: index == 0 ? .phone : .watch))
        }
        var tally = [String: Int]()
        for step in 1...150 {
            let index = random.next(below: 2)
            let other = 1 - index
            let draw = random.next(below: 100)
            var action = ""
            switch draw {
            case 0..<45:
                let command = try Self.command(&random, at: devices[index].clock.now)
                action = "send \(type(of: command))"
                let before = try Self.bytes(devices[index].ownFile)
                if try await Self.send(command, to: devices[index].store) {
                    tally["accepted", default: 0] += 1
                } else {
                    tally["rejected", default: 0] += 1
                    #expect(try Self.bytes(devices[index].ownFile) == before, "step \(step): a rejected \(action) appended")
                }
            case 45..<62:
                action = "sync \(devices[index].stream) → \(devices[other].stream)"
                let held = await devices[other].store.heldSeqs[devices[index].stream] ?? 0
                let lines = try await devices[index].store.lines(of: devices[index].stream, after: held)
                let outcome = try await devices[other].store.receive(lines)
                #expect(!outcome.isRefused, "step \(step): \(action) was refused: \(outcome)")
                tally["syncs", default: 0] += 1
            case 62..<74:
                let minutes = random.next(below: 10) == 0 ? -Int64(random.next(below: 40)) : Int64(1 + random.next(below: 600))
                action = "clock \(minutes) min"
                devices[index].clock.advance(minutes: minutes)
            case 74..<84:
                action = "reload"
                try devices[index].reopen()
                tally["reloads", default: 0] += 1
            case 84..<92:
                action = "checkpoint"
                _ = try CheckpointedFold.writeCheckpoints(
                    .logSet(LogSetDirectory(path: devices[index].path)),
                    into: CheckpointFolder(path: CheckpointFolder.defaultPath(forLogSetAt: devices[index].path)))
                tally["checkpoints", default: 0] += 1
            default:
                // The process dies mid-append: half a line at the end of its stream. It
                // starts again, opens (the torn tail is a warning), repairs and opens again.
                action = "crash"
                let handle = try #require(FileHandle(forWritingAtPath: devices[index].ownFile))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("{\"seq\":\(random.next(below: 1000)),\"id\":\"torn-".utf8))
                try handle.close()
                try devices[index].reopen()
                try await Self.expectFreshFold(devices[index], step: step, action: action)
                // Until it is repaired, a command appends nothing.
                let torn = try Self.bytes(devices[index].ownFile)
                await #expect(throws: StoreError.self) { try await devices[index].store.send(AssignAppTier(app: "App-\(step)", tier: .blockFirst)) }
                #expect(try Self.bytes(devices[index].ownFile) == torn)
                _ = try FileEventLog.repair(path: devices[index].ownFile)
                try devices[index].reopen()
                tally["crashes", default: 0] += 1
            }
            for device in devices { try await Self.expectFreshFold(device, step: step, action: action) }
        }
        // A full exchange: both hold the same streams, so the same state.
        for (from, to) in [(0, 1), (1, 0)] {
            let held = await devices[to].store.heldSeqs[devices[from].stream] ?? 0
            _ = try await devices[to].store.receive(try await devices[from].store.lines(of: devices[from].stream, after: held))
        }
        #expect(await devices[0].store.state == devices[1].store.state)
        // The history did exercise what it claims to.
        for kind in ["accepted", "rejected", "syncs", "reloads", "checkpoints", "crashes"] {
            #expect(tally[kind, default: 0] > 0, "seed \(seed): no \(kind)")
        }
    }

    /// Sends `command`: `true` when accepted, `false` when rejected (any other error throws).
    static func send(_ command: any Command, to store: MoreSleepStore) async throws -> Bool {
        do {
            _ = try await store.send(command)
            return true
        } catch {
            if case .rejected = error { return false }
            throw error
        }
    }

    /// The device's store state equals a fold of its folder from the first lines.
    static func expectFreshFold(_ device: Device, step: Int, action: String) async throws {
        let fresh = try LogSetFold.fold(LogSetDirectory(path: device.path), tornTail: nil).runner.state
        let held = await device.store.state
        #expect(held == fresh, "step \(step) (\(action)): \(device.stream)'s store differs from a fresh fold of its files")
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    /// A random command for a device whose clock reads `now`: goals, tiers, checklist items
    /// (some unknown), exits in every step of their life (many rejected), sleep samples.
    static func command(_ random: inout SplitMix, at now: Instant) throws -> any Command {
        let tonight = Night.date(now.adding(milliseconds: -12 * 3_600_000).localDateTime.date)
        switch random.next(below: 8) {
        case 0:
            let target = try TimeOfDay(text: ["22:00", "22:30", "23:00", "23:30"][random.next(below: 4)])
            let first = now.localDateTime.date
            return SetGoal(currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: target, days: 1 + random.next(below: 10), firstNight: first)
        case 1:
            return AssignAppTier(app: ["Reddit", "Mail", "TikTok"][random.next(below: 3)], tier: AppTier.allCases[random.next(below: AppTier.allCases.count)])
        case 2:
            return CompleteChecklistItem(night: tonight, item: ["dim_lights", "screens_off", "no-such-item"][random.next(below: 3)])
        case 3:
            return RequestExit(night: tonight)
        case 4:
            return ConfirmExit(night: tonight)
        case 5:
            return CancelExit(night: tonight)
        default:
            let end = now.adding(milliseconds: -Int64(random.next(below: 600)) * 60_000)
            let sample = SleepSampleIngested(
                sampleId: "S-\(random.next())", stage: SleepStage.allCases[random.next(below: SleepStage.allCases.count)],
                start: end.adding(milliseconds: -Int64(5 + random.next(below: 60)) * 60_000), end: end, timeZone: "Europe/Berlin", sourceName: "Apple Watch")
            return IngestSleepSamples(samples: [sample])
        }
    }
}
