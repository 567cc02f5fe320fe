import TestSupport
import Store
import EventLogFile
import Events
import Foundation
import Simulation
import Testing

/// Convergence (docs/sync.md): three devices each write their own stream and hold random
/// prefixes of the others'; random syncs between them, in random order, partial and
/// repeated, then a last round; every device then prints the same `show --json` bytes, and
/// so does a log set holding every stream whole.
@Suite("Log sets: random syncs converge to the same view")
struct LogSetConvergenceTests {
    static let names = ["ipad-1", "phone-1", "watch-1"]

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomSyncSchedulesEndWithTheSameView(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        // Each device's own stream: a simulated history, ids made distinct per stream, and a
        // few events every device ingested (the same id and content in every stream).
        let shared = try SimulatedLog(SimulationConfiguration(nights: 3, seed: 99)).events.prefix(20).map(\.event)
        var streams: [String: [UInt8]] = [:]
        for (offset, name) in Self.names.enumerated() {
            let log = try SimulatedLog(SimulationConfiguration(nights: 6, seed: seed &* 31 &+ UInt64(offset)))
            var events = log.events.map { recorded -> Event in
                var event = recorded.event
                event.id = name + "-" + event.id
                return event
            }
            events.insert(contentsOf: shared, at: min(events.count, 5 + offset))
            streams[name] = LogSetFoldTests.stream(events)
        }
        let folder = try TemporaryFolder()
        let root = folder.url.path
        // Device d holds its own stream whole and a random whole-line prefix of the others'.
        for device in Self.names {
            try FileManager.default.createDirectory(atPath: root + "/" + device, withIntermediateDirectories: false)
            for name in Self.names {
                let bytes = streams[name]!
                let lineEnds = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
                let lines = random.next(below: lineEnds.count + 1)
                let keep = name == device ? bytes.count : (lines == 0 ? 0 : lineEnds[lines - 1] + 1)
                _ = try folder.write(device + "/" + name + ".jsonl", Array(bytes[..<keep]))
            }
        }
        // Random syncs (a pair, either way, sometimes the same pair twice), then a last round.
        var schedule: [(String, String)] = []
        for _ in 0..<8 {
            let from = Self.names[random.next(below: 3)]
            let to = Self.names[random.next(below: 3)]
            if from != to { schedule.append((from, to)) }
        }
        for from in Self.names { for to in Self.names where from != to { schedule.append((from, to)) } }
        for (from, to) in schedule {
            let reports = try StreamSync.sync(from: LogSetDirectory(path: root + "/" + from), to: LogSetDirectory(path: root + "/" + to), ownStream: StreamName(to))
            // A prefix cut inside a batch is not sent on until it is whole: never a refusal.
            #expect(reports.allSatisfy { !($0.outcome?.isRefused ?? false) && $0.failure == nil }, "\(from) → \(to): \(reports)")
        }
        // Every device holds every stream whole, and prints the same bytes.
        let whole = root + "/whole"
        try FileManager.default.createDirectory(atPath: whole, withIntermediateDirectories: false)
        for name in Self.names { _ = try folder.write("whole/" + name + ".jsonl", streams[name]!) }
        let expected = ToolRun.run(["show", whole, "--json"])
        #expect(expected.code == .success, "\(expected.error)")
        for device in Self.names {
            for name in Self.names {
                #expect(try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(device)/\(name).jsonl")) == Data(streams[name]!))
            }
            let view = ToolRun.run(["show", root + "/" + device, "--json"])
            #expect(view.output == expected.output, "device \(device)")
        }
        // The shared events counted once: no warning names them.
        #expect(!expected.output.contains("other content"))
    }

    /// Devices holding the same prefixes print the same bytes, whatever the order the lines
    /// arrived in: syncing A then C into B equals C then A.
    @Test func theOrderOfArrivalDoesNotMatter() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.path
        var streams: [String: [UInt8]] = [:]
        for (offset, name) in Self.names.enumerated() {
            let log = try SimulatedLog(SimulationConfiguration(nights: 4, seed: 40 + UInt64(offset)))
            streams[name] = LogSetFoldTests.stream(log.events.map { recorded -> Event in
                var event = recorded.event
                event.id = name + "-" + event.id
                return event
            })
        }
        var views: [String] = []
        for order in [["ipad-1", "watch-1"], ["watch-1", "ipad-1"]] {
            let base = root + "/" + order.joined(separator: "+")
            for device in ["b"] + order { try FileManager.default.createDirectory(atPath: base + "/" + device, withIntermediateDirectories: true) }
            for name in order { _ = try folder.write(order.joined(separator: "+") + "/" + name + "/" + name + ".jsonl", streams[name]!) }
            for name in order { _ = try StreamSync.sync(from: LogSetDirectory(path: base + "/" + name), to: LogSetDirectory(path: base + "/b"), ownStream: nil) }
            views.append(ToolRun.run(["show", base + "/b", "--json"]).output)
        }
        #expect(views[0] == views[1])
        #expect(views[0].contains("\"plans\""))
    }
}
