import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Testing
import TestSupport

/// `MoreSleepStore`: a device's store over a log set. Each device appends only to its own
/// stream; what one sends, the other receives with sync's checks; once both hold the same
/// streams, both hold the same state.
struct LogSetStoreTests {
    static let phone = StreamName("phone-1")!
    static let watch = StreamName("watch-1")!

    static func environment(at text: String, prefix: String, source: EventSource) throws -> StoreEnvironment {
        let instant = try Instant(rfc3339: text)
        let counter = MoreSleepStoreTests.Counter()
        return StoreEnvironment(now: { instant }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "\(prefix)-\(counter.next())" }, source: source)
    }

    /// Two devices' log sets in a fresh folder, removed after `body`.
    static func withDevices(_ body: (String, String) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("logset-store-\(UUID().uuidString)").path
        for device in ["phone", "watch"] { try FileManager.default.createDirectory(atPath: root + "/" + device, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await body(root + "/phone", root + "/watch")
    }

    @Test func twoDevicesExchangeWhatTheyWroteAndAgree() async throws {
        try await Self.withDevices { phonePath, watchPath in
            let phone = try await MoreSleepStore.open(path: phonePath, ownStream: Self.phone, environment: try Self.environment(at: "2026-11-29T20:00:00+01:00", prefix: "p", source: .phone))
            let watch = try await MoreSleepStore.open(path: watchPath, ownStream: Self.watch, environment: try Self.environment(at: "2026-11-29T20:05:00+01:00", prefix: "w", source: .watch))
            try await phone.send(SetGoal(currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 7, firstNight: try LocalDate(iso: "2026-11-30")))
            try await watch.send(AssignAppTier(app: "Reddit", tier: .block30Min))
            #expect(await phone.state != watch.state)
            // Each tells the other what it holds; each sends the lines after it.
            let fromPhone = try await phone.lines(of: Self.phone, after: await watch.heldSeqs[Self.phone] ?? 0)
            let fromWatch = try await watch.lines(of: Self.watch, after: await phone.heldSeqs[Self.watch] ?? 0)
            #expect(try await watch.receive(fromPhone) == .appended(lineCount: 1, firstSeq: 1, lastSeq: 1))
            #expect(try await phone.receive(fromWatch) == .appended(lineCount: 1, firstSeq: 1, lastSeq: 1))
            #expect(await phone.state == watch.state)
            #expect(await phone.state.appTiers.tier(of: "Reddit") == .block30Min)
            #expect(await watch.state.nightPlans.plan(for: try LocalDate(iso: "2026-11-30")) != nil)
            // The same again changes nothing.
            #expect(try await watch.receive(fromPhone) == .upToDate(lastSeq: 1))
            // Each device appended only to its own stream.
            #expect(try String(contentsOfFile: phonePath + "/phone-1.jsonl", encoding: .utf8).contains("\"source\":\"phone\""))
            #expect(!(try String(contentsOfFile: phonePath + "/phone-1.jsonl", encoding: .utf8)).contains("Reddit"))
        }
    }

    @Test func aLongerCopyOfTheOwnStreamIsRefusedAndARejectedCommandAppendsNothing() async throws {
        try await Self.withDevices { phonePath, watchPath in
            let phone = try await MoreSleepStore.open(path: phonePath, ownStream: Self.phone, environment: try Self.environment(at: "2026-11-30T21:00:00+01:00", prefix: "p", source: .phone))
            // Another writer under the phone's name, on the watch's side.
            let impostor = try await MoreSleepStore.open(path: watchPath, ownStream: Self.phone, environment: try Self.environment(at: "2026-11-30T21:00:00+01:00", prefix: "x", source: .watch))
            try await impostor.send(AssignAppTier(app: "Mail", tier: .blockFirst))
            let outcome = try await phone.receive(try await impostor.lines(of: Self.phone, after: 0))
            #expect(outcome.isRefused)
            // An exit on a night without a plan is rejected: nothing is appended.
            await #expect(throws: StoreError.self) {
                try await phone.send(RequestExit(night: .date(try LocalDate(iso: "2026-11-30"))))
            }
            #expect(try String(contentsOfFile: phonePath + "/phone-1.jsonl", encoding: .utf8).isEmpty)
            #expect(await phone.heldSeqs[Self.phone] == 0)
        }
    }

    @Test func aMissingLogSetIsAnError() async throws {
        await #expect(throws: StoreError.self) {
            _ = try await MoreSleepStore.open(path: "/nonexistent/log-set", ownStream: Self.phone, environment: try Self.environment(at: "2026-11-30T21:00:00+01:00", prefix: "p", source: .phone))
        }
    }
}
