import EventLogFile
import Events
import Foundation

// Append latency through FileEventLog: the durable path the app takes, one write and one
// fsync per append, on a fresh small log.

struct AppendLatency {
    /// One duration per single-event append.
    var singles: [Duration]
    /// One duration per batch.
    var batches: [Duration]
    var batchSize: Int
    /// The log's length in events afterwards (a check that every append landed).
    var finalLastSeq: Int
}

enum AppendBenchmark {
    static let singleCount = 200
    static let batchCount = 20
    static let batchSize = 100

    static func run(path: String) throws -> AppendLatency {
        // Fresh events with ids unlike the replayed log's (another seed); batch markers of
        // the synthetic stream are dropped: the log assigns its own.
        var generator = SyntheticLogGenerator(seed: 0xA99E_17D5)
        var events: [Event] = []
        let needed = singleCount + batchCount * batchSize
        while events.count < needed {
            events.append(contentsOf: generator.nextDelivery(limit: needed - events.count).map(\.event))
        }
        let log = try FileEventLog(path: path)
        let clock = ContinuousClock()
        var singles: [Duration] = []
        Progress.say("appends: \(singleCount) single-event appends (each fsynced)…")
        for event in events[0..<singleCount] {
            let started = clock.now
            _ = try log.append([event])
            singles.append(clock.now - started)
        }
        Progress.say("appends: \(batchCount) batches of \(batchSize) events…")
        var batches: [Duration] = []
        for index in 0..<batchCount {
            let start = singleCount + index * batchSize
            let batch = Array(events[start..<start + batchSize])
            let started = clock.now
            _ = try log.append(batch)
            batches.append(clock.now - started)
        }
        let lastSeq = try log.lastSeq()
        guard lastSeq == needed else {
            throw BenchError.failed("after \(needed) appended events the log's last seq is \(lastSeq)")
        }
        return AppendLatency(singles: singles, batches: batches, batchSize: batchSize, finalLastSeq: lastSeq)
    }
}

enum Statistics {
    /// The nearest-rank percentile `p` (0 < p ≤ 100) of `values`.
    static func percentile(_ values: [Duration], _ p: Double) -> Duration {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .zero }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The median (the mean of the middle two for an even count).
    static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .zero }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }
}
