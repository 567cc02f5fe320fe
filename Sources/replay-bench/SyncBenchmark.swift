import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Simulation

// Sync of one night's watch lines into a 10-year log set, and the store's fold of them
// (issue 17), measured in the store latency child on its scratch folder. The log set is the
// simulated run of the 10-year log split between a phone and a watch (`DeviceSplitter`, as
// `replay-tool simulate --devices phone,watch` splits it). The phone's copy of the set holds
// its own stream whole and the watch's up to its last night, with the set's checkpoints
// (`CheckpointedFold.writeCheckpoints`, not timed). Each run restores that copy, opens
// a `MoreSleepStore` on it as the phone (timed apart), then times the watch's
// `StreamSync.lines(of:in:after:)` (it reads its stream's end) and the phone store's
// `receive` (the replica's end read, one write and fsync, and the fold of the lines, which
// are dated before the phone's latest: a rewind to the checkpoint before them).

/// What the sync benchmark measured.
struct SyncLatency: Equatable {
    /// The lines sent (the watch's last night, cut at a whole batch).
    var lineCount: Int
    /// The sender's `lines(of:in:after:)`, per run.
    var send: [Duration]
    /// The phone store's `receive` (append, fsync and fold), per run.
    var receive: [Duration]
    /// Opening the phone's store on its copy of the set, from its checkpoints, per run.
    var open: [Duration] = []
    /// The runs whose receive folded by rewinding to a checkpoint, and those that folded the
    /// set again.
    var rewound = 0
    var refolded = 0
    /// Whether every run appended the lines and, in the first, the store's state then equals
    /// a fold of the set from every stream's first line.
    var matches: Bool
    /// The streams' lines: the phone's, and the watch's.
    var phoneLines = 0
    var watchLines = 0

    static let runCount = 5

    /// The time of one sync: the watch's send and the phone's receive, per run.
    var total: [Duration] { zip(send, receive).map { $0 + $1 } }

    /// Measures in the folder `scratch` (which exists; its own subfolders are made and
    /// removed), on a log set made from the simulated run of about `eventCount` events.
    static func measure(eventCount: Int, scratch: String) throws -> SyncLatency {
        let manager = FileManager.default
        let root = scratch + "/sync"
        try manager.createDirectory(atPath: root + "/watch", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.createDirectory(atPath: root + "/phone", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? manager.removeItem(atPath: root) }
        guard let watch = StreamName("watch"), let phone = StreamName("phone") else { throw BenchError.failed("no stream name") }
        let sender = LogSetDirectory(path: root + "/watch")
        let receiver = LogSetDirectory(path: root + "/phone")
        Progress.say("  writing the 10-year log set (phone and watch) for the sync benchmark…")
        let counts = try writeLogSet(eventLimit: eventCount, into: sender)
        try manager.copyItem(atPath: sender.path(of: phone), toPath: receiver.path(of: phone))
        try manager.removeItem(atPath: sender.path(of: phone))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sender.path(of: watch)))
        let cut = try nightCut(bytes)
        let replica = receiver.path(of: watch)
        func restoreReplica() throws {
            try? manager.removeItem(atPath: replica)
            try bytes.prefix(cut.offset).write(to: URL(fileURLWithPath: replica))
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: replica)
            try StoreLatencyBenchmark.synchronize(replica)
        }
        try restoreReplica()
        Progress.say("  writing the log set's checkpoints…")
        let checkpoints = CheckpointFolder(path: CheckpointFolder.defaultPath(forLogSetAt: receiver.path))
        _ = try CheckpointedFold.writeCheckpoints(.logSet(receiver), into: checkpoints)
        let clock = ContinuousClock()
        var result = SyncLatency(lineCount: 0, send: [], receive: [], matches: true, phoneLines: counts.phone, watchLines: counts.watch)
        let environment = StoreEnvironment(
            now: { Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0) }, timeZone: { "UTC" }, makeIdentifier: { "bench" }, source: .phone)
        for run in 1...runCount {
            Progress.say("  sync of one night into the 10-year log set, run \(run)/\(runCount)…")
            try restoreReplica()
            var started = clock.now
            let store = try MoreSleepStore(path: receiver.path, ownStream: phone, environment: environment)
            result.open.append(clock.now - started)
            started = clock.now
            let (lines, _) = try StreamSync.lines(of: watch, in: sender, after: cut.lines)
            result.send.append(clock.now - started)
            result.lineCount = lines.lines.count
            let (elapsed, outcome, rewinds, refolds, state) = try StoreReader.wait { () async throws -> (Duration, StreamSync.Outcome, Int, Int, LogState) in
                let started = clock.now
                let outcome = try await store.receive(lines)
                let elapsed = clock.now - started
                return (elapsed, outcome, await store.rewindCount, await store.refoldCount, await store.state)
            }
            result.receive.append(elapsed)
            if rewinds == 1 && refolds == 0 { result.rewound += 1 }
            if refolds > 0 { result.refolded += 1 }
            guard case .appended = outcome else {
                result.matches = false
                continue
            }
            if run == 1 {
                result.matches = try Data(contentsOf: URL(fileURLWithPath: replica)) == bytes
                    && state == (try LogSetFold.fold(receiver, tornTail: nil).runner.state) && result.matches
            }
        }
        return result
    }

    /// Writes the simulated run cut at the last whole append that keeps it at or under
    /// `eventLimit` events (as `SimulatedLogWriter` cuts the 10-year log), split between a
    /// phone and a watch, into `directory`; answers each stream's lines.
    static func writeLogSet(eventLimit: Int, into directory: LogSetDirectory) throws -> (phone: Int, watch: Int) {
        let seed = SimulatedLogWriter.seed
        let run = try LogSimulator(configuration: SimulationConfiguration(nights: SimulatedLogWriter.nights(for: eventLimit), seed: seed)).makeRun()
        guard var splitter = DeviceSplitter(devices: ["phone", "watch"], seed: seed) else { throw BenchError.failed("no device splitter") }
        var buffers: [String: [UInt8]] = ["phone": [], "watch": []]
        var lines: [String: Int] = ["phone": 0, "watch": 0]
        func add(_ appends: [(device: String, append: [RecordedEvent])]) {
            for (device, append) in appends {
                for event in append {
                    EventLineEncoder.write(event.event, seq: event.seq, batch: event.batch, into: &buffers[device, default: []])
                    buffers[device, default: []].append(UInt8(ascii: "\n"))
                }
                lines[device, default: 0] += append.count
            }
        }
        var written = 0
        var last: Event?
        while let append = try run.nextAppend(), written + append.count <= eventLimit {
            written += append.count
            last = append.last?.event ?? last
            add(splitter.split(append))
        }
        if let last { add(splitter.finish(after: last)) }
        for (device, bytes) in buffers {
            guard let stream = StreamName(device) else { continue }
            let path = directory.path(of: stream)
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                throw BenchError.io("cannot create \(path)")
            }
            try StoreLatencyBenchmark.synchronize(path)
        }
        return (lines["phone"] ?? 0, lines["watch"] ?? 0)
    }

    /// Where the log's last night starts: the byte offset and line count of the last whole
    /// batch boundary at least 24 hours before the last line's `at` (or the start).
    static func nightCut(_ bytes: Data) throws -> (offset: Int, lines: Int) {
        var starts: [Int] = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && index + 1 < bytes.count { starts.append(index + 1) }
        var decoder = FastEventLineDecoder()
        func event(_ line: Int) -> RecordedEvent? {
            let end = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count - 1
            return bytes[starts[line]..<end].withUnsafeBytes { raw in
                try? decoder.decode(line: raw.bindMemory(to: UInt8.self))
            }
        }
        guard let last = event(starts.count - 1) else { throw BenchError.failed("the log's last line does not decode") }
        let limit = last.at.millisecondsSince1970 - 24 * 3_600_000
        var line = starts.count - 1
        while line > 0 {
            guard let previous = event(line - 1) else { break }
            let boundary = previous.batch.map { $0.index == $0.count } ?? true
            if boundary, previous.at.millisecondsSince1970 <= limit { return (starts[line], line) }
            line -= 1
        }
        return (0, 0)
    }
}
