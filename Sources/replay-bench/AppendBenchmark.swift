import EventLogFile
import Events
import Foundation
import Simulation

// Append latency through FileEventLog: the durable path the app takes, one write and one
// fsync per append, on a copy of each measured log (so the figures show whether an append
// costs more on a longer log).

struct AppendLatency {
    /// The first append after opening: it reads the log once to learn its last seq and
    /// ids (what the app pays once per launch).
    var first: Duration
    /// One duration per single-event append after it.
    var singles: [Duration]
    /// One duration per night appended as one batch (a night's events, as HealthKit and the
    /// watch deliver them together), and the mean events per batch.
    var nights: [Duration]
    var eventsPerNight: Double
    /// The log's length in events afterwards (a check that every append landed).
    var finalLastSeq: Int
}

enum AppendBenchmark {
    static let singleCount = 200
    static let nightCount = 20

    /// Appends to a copy of `log` at `path` (removed afterwards).
    static func run(copying log: String, to path: String, eventCount: Int) throws -> AppendLatency {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: log, toPath: path)
        // The copy is tens of megabytes of dirty pages: written out now, so that the first
        // append's fsync writes its own line only (a real log has no such backlog).
        try StoreLatencyBenchmark.synchronize(path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Fresh events with ids unlike the logs' (another seed); the log assigns seqs and
        // batch markers.
        let simulation = try LogSimulator(configuration: SimulationConfiguration(nights: 60, seed: SimulatedLogWriter.seed &+ 1)).makeRun()
        var singles: [Event] = []
        var nights: [[Event]] = []
        var night = -1
        while nights.count <= nightCount, let append = try simulation.nextAppend() {
            if singles.count <= singleCount {
                singles += append.map(\.event)
                continue
            }
            if simulation.summary.nights != night {
                night = simulation.summary.nights
                nights.append([])
            }
            nights[nights.count - 1] += append.map(\.event)
        }
        nights = Array(nights.dropFirst().prefix(nightCount))  // the first may have begun among the singles
        let fileLog = try FileEventLog(path: path)
        let clock = ContinuousClock()
        Progress.say("appends to a copy of the \(grouped(eventCount))-event log: the first, \(singleCount) singles, \(nights.count) nights as batches…")
        var started = clock.now
        _ = try fileLog.append([singles[0]])
        let first = clock.now - started
        var singleDurations: [Duration] = []
        for event in singles[1...singleCount] {
            started = clock.now
            _ = try fileLog.append([event])
            singleDurations.append(clock.now - started)
        }
        var nightDurations: [Duration] = []
        for batch in nights {
            started = clock.now
            _ = try fileLog.append(batch)
            nightDurations.append(clock.now - started)
        }
        let lastSeq = try fileLog.lastSeq()
        let expected = eventCount + 1 + singleCount + nights.reduce(0) { $0 + $1.count }
        guard lastSeq == expected else {
            throw BenchError.failed("after the appends the log's last seq is \(lastSeq), not \(expected)")
        }
        let perNight = Double(nights.reduce(0) { $0 + $1.count }) / Double(max(nights.count, 1))
        return AppendLatency(first: first, singles: singleDurations, nights: nightDurations, eventsPerNight: perNight, finalLastSeq: lastSeq)
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
