import EventLogFile
import Events
import Projections
import Store

// Where the time of opening from a checkpoint goes: the steps `CheckpointedFold.fold` takes,
// each timed alone (best of 3), in the launch child after its measured runs.

/// The parts of an open from the newest checkpoint.
struct CheckpointOpenParts: Equatable {
    /// Listing the folder and reading every header (`CheckpointFolder.entries`).
    var list: Duration
    /// Checking every checkpoint against the log as an open does (`validate`, `.tail`).
    var validate: Duration
    /// The digest of the newest checkpoint's whole prefix (`PrefixDigest.digests`): what the
    /// store's check after opening, and `replay-tool`, read.
    var digest: Duration
    /// Mapping the newest checkpoint's payload and checking its digest
    /// (`CheckpointFolder.withPayload`).
    var payload: Duration
    /// Decoding it into a runner (`ProjectionRunner<LogState>(checkpointPayload:position:)`),
    /// mapping and checking included.
    var decode: Duration
    /// Reading the lines after it (`EventLogReader.forEachEvent(path:from:)`).
    var tail: Duration
    /// Asking the decoded state tonight, the debt and the streaks as of its latest instant.
    var queries: Duration
    /// The prefix digested and the payload read, in bytes.
    var prefixBytes: Int64
    var payloadBytes: Int

    static let runCount = 3

    /// Times each step on the log at `path` and its newest checkpoint in `folderPath`.
    static func measure(logAt path: String, checkpoints folderPath: String) throws -> CheckpointOpenParts {
        let folder = CheckpointFolder(path: folderPath)
        let clock = ContinuousClock()
        func best<Value>(_ work: () throws -> Value) throws -> (Duration, Value) {
            var durations: [Duration] = []
            var last: Value?
            for _ in 1...runCount {
                let started = clock.now
                last = try work()
                durations.append(clock.now - started)
            }
            guard let last else { throw BenchError.failed("no run") }
            return (durations.min() ?? .zero, last)
        }
        let (list, listed) = try best { folder.entries() }
        let (validate, checked) = try best { folder.validate(listed.entries, log: .file(path: path), streams: [nil], foldVersion: FoldVersion.current, check: .tail) }
        guard let newest = checked.valid.max(by: { $0.header.byteOffset < $1.header.byteOffset }) else {
            throw BenchError.failed("no valid checkpoint in \(folderPath)")
        }
        let prefix = newest.header.byteOffset
        let (digest, _) = try best { try PrefixDigest.digests(ofFileAt: path, prefixLengths: [prefix]) }
        // The payload as an open takes it: mapped, its digest checked (then decoded).
        let (payload, payloadBytes) = try best { try folder.withPayload(of: newest) { bytes in bytes.count } }
        let (decode, decoded) = try best { () throws -> ProjectionRunner<LogState> in
            // As an open decodes it.
            try CheckpointedFold.decode(newest, in: folder, position: .end).get().runner
        }
        let (queries, _) = try best { () -> Int in
            let state = decoded.state
            let moment = state.statistics.lastInstant ?? Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0)
            let tonight = state.tonight(at: moment)
            let debt = state.sleepDebt(at: moment)
            let streaks = state.streaks(at: moment)
            return (tonight == nil ? 0 : 1) &+ Int(debt.last7Minutes) &+ streaks.best
        }
        let (tail, _) = try best { () throws -> Int in
            var count = 0
            try EventLogReader.forEachEvent(path: path, from: newest.position.end(of: StreamName?.none)) { _ in count += 1 }
            return count
        }
        return CheckpointOpenParts(
            list: list, validate: validate, digest: digest, payload: payload, decode: decode, tail: tail,
            queries: queries, prefixBytes: prefix, payloadBytes: payloadBytes)
    }

    /// The `parts=` field of a RESULT line.
    var field: String {
        [list, validate, digest, payload, decode, tail, queries].map { String($0.nanoseconds) }.joined(separator: ",") + ",\(prefixBytes),\(payloadBytes)"
    }

    init(
        list: Duration, validate: Duration, digest: Duration, payload: Duration, decode: Duration, tail: Duration,
        queries: Duration, prefixBytes: Int64, payloadBytes: Int
    ) {
        self.list = list
        self.validate = validate
        self.digest = digest
        self.payload = payload
        self.decode = decode
        self.tail = tail
        self.queries = queries
        self.prefixBytes = prefixBytes
        self.payloadBytes = payloadBytes
    }

    /// Reads a `parts=` field back.
    init?(field: String) {
        let values = field.split(separator: ",").compactMap { Int64($0) }
        guard values.count == 9 else { return nil }
        self.init(
            list: .nanoseconds(values[0]), validate: .nanoseconds(values[1]), digest: .nanoseconds(values[2]),
            payload: .nanoseconds(values[3]), decode: .nanoseconds(values[4]), tail: .nanoseconds(values[5]),
            queries: .nanoseconds(values[6]), prefixBytes: values[7], payloadBytes: Int(values[8]))
    }
}
