import Events

/// Writes realistic synthetic logs: a person following, or not, a bedtime plan, night after
/// night (`replay-tool simulate`, the benchmark, tests).
///
/// ```swift
/// let simulator = try LogSimulator(configuration: SimulationConfiguration(nights: 5_000, profile: .struggling))
/// try simulator.forEachLine { line in file.write(line) }        // each line ends with "\n"
///
/// let run = simulator.makeRun()                                 // or pull appends until enough events
/// var count = 0
/// while count < 100_000, let append = try run.nextAppend() { count += append.count; … }
/// ```
///
/// The log (docs/log-format.md): a `goalSet` the evening before the first night (and a later
/// goal every few months), app tier assignments, then per night the checklist and its
/// reminders, early starts, "I'm going to bed", exits (request, wait, confirm or cancel,
/// free window ended early or run out), the watch's sleep stages in the morning, sometimes
/// the phone's overlapping samples and the night's vitals; nights without data, trips to
/// another zone, daylight-saving nights. Every event is decided by the product's own
/// commands against the state folded so far and folded without a warning; seqs run from 1
/// without a gap; ids are UUID-shaped and never repeat; `at` never goes back, so a replay
/// folds in the order the events were made. The same configuration always gives the same
/// bytes (see `SimulationRandom`, `IdentifierMint`): nothing reads the clock or a system
/// random source. A run of N nights is a prefix of a longer run with the same seed,
/// profile, start and zone.
///
/// About 38 events a night with the default profile (about 40 with `steady`, 36 with
/// `struggling`, which does less of the checklist), about 65 % of them sleep samples and
/// vitals. A run's memory stays flat however many nights it has (`SimulationRun.state`).
public struct LogSimulator: Sendable {
    /// What is simulated.
    public let configuration: SimulationConfiguration

    /// A simulator for `configuration`.
    ///
    /// - Throws: `SimulationConfigurationError` naming the value that cannot be simulated
    ///   (see `SimulationConfiguration.validate()`).
    public init(configuration: SimulationConfiguration) throws(SimulationConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// A new run from the start, handing out appends one at a time.
    public func makeRun() -> SimulationRun {
        SimulationRun(configuration: configuration)
    }

    /// Calls `body` with each append in seq order: one event, or a batch of two or more.
    ///
    /// - Returns: what was made.
    /// - Throws: `SimulationError` (a bug of the simulator) after handing out every append
    ///   made before it.
    @discardableResult
    public func forEachAppend(_ body: ([RecordedEvent]) -> Void) throws(SimulationError) -> SimulationSummary {
        let run = makeRun()
        while let append = try run.nextAppend() { body(append) }
        return run.summary
    }

    /// Calls `body` with each event in seq order.
    @discardableResult
    public func forEachEvent(_ body: (RecordedEvent) -> Void) throws(SimulationError) -> SimulationSummary {
        try forEachAppend { append in
            for event in append { body(event) }
        }
    }

    /// Calls `body` with each log line, encoded by `EventLineEncoder` and ended by `\n`.
    @discardableResult
    public func forEachLine(_ body: ([UInt8]) -> Void) throws(SimulationError) -> SimulationSummary {
        try forEachEvent { event in
            var line = EventLineEncoder.encode(event)
            line.append(UInt8(ascii: "\n"))
            body(line)
        }
    }

    /// Hands the log to `sink` in chunks of whole lines, each at least `chunkBytes` long but
    /// the last: few large writes instead of one per line, and never the whole log in
    /// memory.
    ///
    /// - Throws: `SimulationError`, after handing `sink` every line made before it (the
    ///   log written is then sound but incomplete).
    @discardableResult
    public func write(chunkBytes: Int = 1 << 16, to sink: ([UInt8]) -> Void) throws(SimulationError) -> SimulationSummary {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkBytes + 4096)
        do {
            let summary = try forEachEvent { event in
                EventLineEncoder.write(event.event, seq: event.seq, batch: event.batch, into: &buffer)
                buffer.append(UInt8(ascii: "\n"))
                if buffer.count >= chunkBytes {
                    sink(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            if !buffer.isEmpty { sink(buffer) }
            return summary
        } catch {
            if !buffer.isEmpty { sink(buffer) }
            throw error
        }
    }
}
