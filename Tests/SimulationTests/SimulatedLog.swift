import Events
import Foundation
import Projections
@testable import Simulation

/// A simulated log held in memory for tests: its events, its bytes, and views of them
/// computed here, independently of the simulator.
struct SimulatedLog {
    let configuration: SimulationConfiguration
    let events: [RecordedEvent]
    let bytes: [UInt8]
    let summary: SimulationSummary

    /// Simulates `configuration` through `LogSimulator`, keeping every append.
    init(_ configuration: SimulationConfiguration) throws {
        let simulator = try LogSimulator(configuration: configuration)
        var events: [RecordedEvent] = []
        var bytes: [UInt8] = []
        summary = try simulator.forEachAppend { append in
            for event in append {
                events.append(event)
                bytes += EventLineEncoder.encode(event)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        self.configuration = configuration
        self.events = events
        self.bytes = bytes
    }

    /// The bytes of a run pulled append by append, rebuilding the state every
    /// `compactionInterval` nights.
    static func bytes(of configuration: SimulationConfiguration, compactionInterval: Int) throws -> [UInt8] {
        let run = try LogSimulator(configuration: configuration).makeRun()
        run.compactionInterval = compactionInterval
        var bytes: [UInt8] = []
        while let append = try run.nextAppend() {
            for event in append {
                bytes += EventLineEncoder.encode(event)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes
    }

    /// The log folded from scratch in (`at`, `seq`) order, as a replay folds it.
    func replay() -> ProjectionRunner<LogState> {
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(events))
        return runner
    }

    /// The nights simulated.
    var nights: [LocalDate] {
        (0..<configuration.nights).map { configuration.firstNight.adding(days: $0) }
    }

    /// Every sleep sample, with the night it belongs to (docs/rules.md §5.1: its start in its own
    /// zone, noon to noon).
    var sleepSamples: [(night: LocalDate, sample: SleepSampleIngested)] {
        events.compactMap { event in
            guard case .sleepSampleIngested(let sample) = event.payload,
                  let resolver = LocalTimeResolver(identifier: sample.timeZone ?? event.event.timeZone) else { return nil }
            return (resolver.nightDate(of: sample.start), sample)
        }
    }

    /// The samples of each night from `sourceName`, in start order.
    func samples(from sourceName: String) -> [LocalDate: [SleepSampleIngested]] {
        var nights: [LocalDate: [SleepSampleIngested]] = [:]
        for (night, sample) in sleepSamples where sample.sourceName == sourceName {
            nights[night, default: []].append(sample)
        }
        return nights.mapValues { $0.sorted { $0.start < $1.start } }
    }

    /// How many exits were requested on each night that had any.
    var exitsPerNight: [LocalDate: Int] {
        var counts: [LocalDate: Int] = [:]
        for event in events {
            if case .exitRequested(let action) = event.payload, let night = action.night.date {
                counts[night, default: 0] += 1
            }
        }
        return counts
    }

    /// The events of each type.
    var countsByType: [String: Int] {
        var counts: [String: Int] = [:]
        for event in events { counts[event.typeName, default: 0] += 1 }
        return counts
    }

    /// Milliseconds of `stage` from the samples `samples` that fall in [from, to).
    static func milliseconds(of stage: SleepStage, in samples: [SleepSampleIngested], from: Int64, to: Int64) -> Int64 {
        samples.filter { $0.stage == stage }.reduce(0) { total, sample in
            let start = max(sample.start.millisecondsSince1970, from)
            let end = min(sample.end.millisecondsSince1970, to)
            return total + max(0, end - start)
        }
    }

    /// The measure of the union of the intervals, in milliseconds.
    static func unionMilliseconds(_ intervals: [(start: Int64, end: Int64)]) -> Int64 {
        var total: Int64 = 0
        var current: (start: Int64, end: Int64)?
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let open = current, interval.start <= open.end {
                current = (open.start, max(open.end, interval.end))
            } else {
                if let open = current { total += open.end - open.start }
                current = interval
            }
        }
        if let open = current { total += open.end - open.start }
        return total
    }
}
