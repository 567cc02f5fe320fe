import Events
import Foundation
import Simulation

/// How a log's events divide between kinds.
struct EventMix: Equatable {
    var sleepSamples = 0
    var vitalSamples = 0
    var nightActions = 0
    var goals = 0
    /// Events written inside a batch marker (`[index, count]`).
    var batchedEvents = 0
    var batches = 0

    var total: Int { sleepSamples + vitalSamples + nightActions + goals }

    mutating func count(_ append: [RecordedEvent]) {
        if append.count > 1 {
            batches += 1
            batchedEvents += append.count
        }
        for event in append {
            switch event.payload {
            case .sleepSampleIngested: sleepSamples += 1
            case .vitalSampleIngested: vitalSamples += 1
            case .goalSet: goals += 1
            default: nightActions += 1
            }
        }
    }
}

/// Writes the benchmark's logs with the simulator (`replay-tool simulate`): a person
/// following, or not, a plan for years, every event decided by the product's own commands
/// (mostly sleep samples and vitals in HealthKit deliveries, with plans, trips, daylight
/// saving, checklists and exits). A log of N events is the simulated run cut at the last
/// whole append that keeps it at or under N (no batch is ever cut). Deterministic.
///
/// The benchmark writes its logs in a child process: on Linux a child started with
/// posix_spawn inherits its parent's peak in `ru_maxrss`, so the parent must stay lean for
/// the measuring children's memory figures to be their own.
enum SimulatedLogWriter {
    struct Result: Equatable {
        var eventCount: Int
        var byteCount: Int64
        var nights: Int
        var mix: EventMix
        var duration: Duration
    }

    static let flushThreshold = 1024 * 1024
    /// The simulation's seed, profile and start: the simulator's defaults.
    static let seed = SimulationConfiguration.defaultSeed

    /// Enough nights for `count` events (the mixed profile makes about 40 a night).
    static func nights(for count: Int) -> Int {
        min(SimulationConfiguration.maximumNights, count / 30 + 10)
    }

    /// Writes the log in a child process (`--generate-only N FILE`); in this process where
    /// children cannot run.
    static func writeInChild(count: Int, to path: String) throws -> Result {
        guard ChildProcess.isSupported else { return try write(count: count, to: path) }
        let output = try ChildProcess.run(["--generate-only", String(count), path], what: "the generating child process")
        guard let result = parseResultLine(output) else {
            throw BenchError.failed("the generating child process printed no GENERATED line")
        }
        return result
    }

    /// The one line the generating child prints on stdout.
    static func resultLine(_ result: Result) -> String {
        let mix = result.mix
        return "GENERATED events=\(result.eventCount) bytes=\(result.byteCount) ns=\(result.duration.nanoseconds) nights=\(result.nights) "
            + "sleep=\(mix.sleepSamples) vital=\(mix.vitalSamples) night=\(mix.nightActions) goals=\(mix.goals) batches=\(mix.batches) batched=\(mix.batchedEvents)"
    }

    static func parseResultLine(_ output: String) -> Result? {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("GENERATED ") }) else { return nil }
        var fields: [String: Int64] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int64(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let events = fields["events"], let bytes = fields["bytes"], let nanoseconds = fields["ns"], let nights = fields["nights"],
              let sleep = fields["sleep"], let vital = fields["vital"], let night = fields["night"],
              let goals = fields["goals"], let batches = fields["batches"], let batched = fields["batched"]
        else { return nil }
        let mix = EventMix(
            sleepSamples: Int(sleep), vitalSamples: Int(vital), nightActions: Int(night), goals: Int(goals),
            batchedEvents: Int(batched), batches: Int(batches))
        return Result(eventCount: Int(events), byteCount: bytes, nights: Int(nights), mix: mix, duration: .nanoseconds(nanoseconds))
    }

    static func write(count: Int, to path: String) throws -> Result {
        try write(nights: nights(for: count), limit: count, to: path)
    }

    /// Writes the whole simulated run of `nights` nights (for `--trace`) in a child process
    /// (`--generate-nights-only N FILE`); in this process where children cannot run.
    static func writeInChild(nights: Int, to path: String) throws -> Result {
        guard ChildProcess.isSupported else { return try write(nights: nights, limit: .max, to: path) }
        let output = try ChildProcess.run(["--generate-nights-only", String(nights), path], what: "the generating child process")
        guard let result = parseResultLine(output) else {
            throw BenchError.failed("the generating child process printed no GENERATED line")
        }
        return result
    }

    /// Writes the simulated run of `nights` nights, cut at the last whole append that keeps
    /// it at or under `limit` events.
    static func write(nights: Int, limit count: Int, to path: String) throws -> Result {
        let clock = ContinuousClock()
        let started = clock.now
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw BenchError.io("cannot create \(path)")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let run = try LogSimulator(configuration: SimulationConfiguration(nights: nights, seed: seed)).makeRun()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(flushThreshold + 64 * 1024)
        var written = 0
        var byteCount: Int64 = 0
        var mix = EventMix()
        while let append = try run.nextAppend(), written + append.count <= count {
            for event in append {
                EventLineEncoder.write(event.event, seq: event.seq, batch: event.batch, into: &buffer)
                buffer.append(UInt8(ascii: "\n"))
            }
            written += append.count
            mix.count(append)
            if buffer.count >= flushThreshold {
                try handle.write(contentsOf: buffer)
                byteCount += Int64(buffer.count)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        byteCount += Int64(buffer.count)
        return Result(eventCount: written, byteCount: byteCount, nights: run.summary.nights, mix: mix, duration: clock.now - started)
    }
}

extension Duration {
    /// The whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
