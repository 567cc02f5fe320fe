import EventLogFile
import Events
import Foundation

// Sync of one night's watch lines into a 10-year log set (issue 17), measured in the store
// latency child on its scratch folder: the sender's `StreamSync.lines(of:in:after:)` (it
// reads its stream's end) and the receiver's `StreamSync.receive`
// (it reads the replica's end, appends the lines with one write and fsyncs), each run on a
// fresh copy of the replica (written to disk first). The store does not open log sets yet,
// so the fold of what sync brings is not measured.

/// What the sync benchmark measured.
struct SyncLatency: Equatable {
    /// The lines sent (the log's last night, cut at a whole batch).
    var lineCount: Int
    /// The sender's `lines(of:in:after:)`, per run.
    var send: [Duration]
    /// The receiver's `receive`, per run.
    var receive: [Duration]
    /// Whether every run appended the lines and left the replica equal to the sender's copy.
    var matches: Bool

    static let runCount = 5

    /// Measures on the log at `path` as a watch's stream, in the folder `scratch` (which
    /// exists; its own subfolders are made and removed).
    static func measure(logAt path: String, scratch: String) throws -> SyncLatency {
        let manager = FileManager.default
        let root = scratch + "/sync"
        try manager.createDirectory(atPath: root + "/watch", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.createDirectory(atPath: root + "/phone", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? manager.removeItem(atPath: root) }
        guard let stream = StreamName("watch") else { throw BenchError.failed("no stream name") }
        let sender = LogSetDirectory(path: root + "/watch")
        let receiver = LogSetDirectory(path: root + "/phone")
        try manager.copyItem(atPath: path, toPath: sender.path(of: stream))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = try nightCut(bytes)
        let clock = ContinuousClock()
        var result = SyncLatency(lineCount: 0, send: [], receive: [], matches: true)
        for run in 1...runCount {
            Progress.say("  sync of one night into the 10-year log set, run \(run)/\(runCount)…")
            let replica = receiver.path(of: stream)
            try? manager.removeItem(atPath: replica)
            try bytes.prefix(cut.offset).write(to: URL(fileURLWithPath: replica))
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: replica)
            try StoreLatencyBenchmark.synchronize(replica)
            var started = clock.now
            let (lines, _) = try StreamSync.lines(of: stream, in: sender, after: cut.lines)
            result.send.append(clock.now - started)
            result.lineCount = lines.lines.count
            started = clock.now
            let outcome = try StreamSync.receive(lines, into: receiver, ownStream: StreamName("phone"))
            result.receive.append(clock.now - started)
            guard case .appended = outcome else {
                result.matches = false
                continue
            }
            if run == 1 { result.matches = try Data(contentsOf: URL(fileURLWithPath: replica)) == bytes && result.matches }
        }
        return result
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
