import Events
import Projections

// "The cost of ingesting one new night after two years of history against a full
// rebuild": a LogState folded from a synthetic two-year sleep history, then (a) one more
// night's samples applied to it, against (b) folding every event again from empty. In
// memory (no file, no decoding), so both figures are the projections' own cost.

/// What the sleep-ingest measurement found.
struct SleepIngestResult {
    /// Nights of history and the events that hold them (a goal, then the samples).
    var historyNights: Int
    var historyEvents: Int
    /// The new night and its events.
    var newNight: LocalDate
    var newNightEvents: Int
    /// Folding the history once (the base state of each incremental run).
    var historyFolds: [Duration]
    /// (a): the new night's events applied to the folded history, per run.
    var incremental: [Duration]
    /// (b): history and new night folded from an empty state, per run.
    var rebuilds: [Duration]
    /// `sleep.rebuildCount` after (a) minus before; and the nights (a) rebuilt.
    var rebuildCountDelta: Int
    /// `sleepDebt(at:)` and `streaks(at:)` as of the new night's delivery, after (a).
    var queries: [Duration]
    /// Whether the state after (a) equals the state after (b).
    var sameState: Bool
    /// The new night's figures after (a), as a check that it was folded.
    var newNightAsleepMinutes: Int?
    var sleepRecordCount: Int

    var incrementalBest: Duration { incremental.min() ?? .zero }
    var rebuildBest: Duration { rebuilds.min() ?? .zero }
}

enum SleepIngestBenchmark {
    /// Two years of nights.
    static let historyNights = 730
    /// Samples a night: one inBed and 24 stage segments (core, deep, REM, awake).
    static let samplesPerNight = 25
    static let runCount = 5
    static let zone = "Europe/Berlin"
    static let firstNight = LocalDate(daysSince1970: 19_723)  // 2024-01-01

    enum Failure: Error, CustomStringConvertible {
        case setUp(String)
        var description: String {
            switch self {
            case .setUp(let message): return "sleep-ingest benchmark: \(message)"
            }
        }
    }

    static func run() throws -> SleepIngestResult {
        Progress.say("sleep ingest: building \(historyNights) nights × \(samplesPerNight) samples of history…")
        let (history, newNight) = try events()
        let all = history + newNight
        let clock = ContinuousClock()
        var result = SleepIngestResult(
            historyNights: historyNights, historyEvents: history.count,
            newNight: firstNight.adding(days: historyNights), newNightEvents: newNight.count,
            historyFolds: [], incremental: [], rebuilds: [], rebuildCountDelta: 0, queries: [],
            sameState: false, newNightAsleepMinutes: nil, sleepRecordCount: 0)
        let now = newNight.last?.at ?? Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0)
        var incrementalState = LogState()
        for run in 1...runCount {
            Progress.say("  sleep ingest run \(run)/\(runCount)…")
            // The base: the two years folded (timed, for context), held by this runner alone
            // so that (a) mutates it in place.
            var started = clock.now
            var runner = ProjectionRunner<LogState>()
            runner.apply(contentsOf: history)
            result.historyFolds.append(clock.now - started)
            let before = runner.state.sleep.rebuildCount

            // (a) One more night, event by event, as the store folds new events.
            started = clock.now
            for event in newNight { runner.apply(event) }
            result.incremental.append(clock.now - started)
            result.rebuildCountDelta = runner.state.sleep.rebuildCount - before

            started = clock.now
            let debt = runner.state.sleepDebt(at: now)
            let streaks = runner.state.streaks(at: now)
            result.queries.append(clock.now - started)
            if debt.nightsWithData14 < 0 || streaks.best < 0 { throw Failure.setUp("impossible figures") }
            incrementalState = runner.state

            // (b) Everything again from empty.
            started = clock.now
            var rebuilt = ProjectionRunner<LogState>()
            rebuilt.apply(contentsOf: all)
            result.rebuilds.append(clock.now - started)
            result.sameState = rebuilt.state == incrementalState && rebuilt.appliedCount == all.count
        }
        result.newNightAsleepMinutes = incrementalState.sleep.record(for: result.newNight).map { SleepRecord.wholeMinutes($0.asleepMilliseconds) }
        result.sleepRecordCount = incrementalState.sleep.records.count
        return result
    }

    /// The history (a goal, then each night's samples delivered the next morning) and the
    /// new night's samples, in (`at`, `seq`) order. Deterministic.
    static func events() throws -> (history: [RecordedEvent], newNight: [RecordedEvent]) {
        guard let resolver = LocalTimeResolver(identifier: zone),
              let current = TimeOfDay(hour: 23, minute: 30), let target = TimeOfDay(hour: 23, minute: 0),
              let evening = TimeOfDay(hour: 22, minute: 0) else {
            throw Failure.setUp("no zone data for \(zone)")
        }
        var random = SplitMix64(seed: ReplayBench.seed)
        var seq = 0
        func recorded(_ at: Instant, source: EventSource, _ payload: EventPayload) -> RecordedEvent {
            seq += 1
            return RecordedEvent(seq: seq, event: Event(id: "sleep-bench-\(seq)", at: resolver.display(at), timeZone: zone, source: source, payload: payload))
        }
        let goalAt = resolver.instant(on: firstNight.adding(days: -1), at: evening)
        var history = [recorded(goalAt, source: .phone, .goalSet(GoalSet(currentBedtime: current, targetBedtime: target, days: 5, firstNight: firstNight, sleepNeedMinutes: 480)))]
        var newNight: [RecordedEvent] = []
        let stages: [SleepStage] = [.core, .deep, .core, .rem, .core, .awake]
        for index in 0...historyNights {
            let night = firstNight.adding(days: index)
            // Onset between 22:50 and 23:40, then 24 segments of 5 to 35 minutes (awake 1 to 6).
            let onset = resolver.instant(on: night, at: target).adding(milliseconds: Int64(random.next(in: -10...40)) * 60_000)
            var segments: [(SleepStage, Int64, Int64)] = []
            var clock = onset.millisecondsSince1970
            for segment in 0..<(samplesPerNight - 1) {
                let stage = stages[segment % stages.count]
                let minutes = stage == .awake ? random.next(in: 1...6) : random.next(in: 5...35)
                segments.append((stage, clock, clock + Int64(minutes) * 60_000))
                clock += Int64(minutes) * 60_000
            }
            let inBedStart = onset.millisecondsSince1970 - Int64(random.next(in: 3...25)) * 60_000
            let wake = clock
            let delivery = Instant(millisecondsSince1970: wake + 20 * 60_000, utcOffsetSeconds: 0)
            var events = [recorded(delivery, source: .health, .sleepSampleIngested(sample(night: index, number: 0, stage: .inBed, start: inBedStart, end: wake + 5 * 60_000)))]
            for (number, (stage, start, end)) in segments.enumerated() {
                events.append(recorded(delivery, source: .health, .sleepSampleIngested(sample(night: index, number: number + 1, stage: stage, start: start, end: end))))
            }
            if index < historyNights {
                history += events
            } else {
                newNight = events
            }
        }
        return (history, newNight)
    }

    static func sample(night: Int, number: Int, stage: SleepStage, start: Int64, end: Int64) -> SleepSampleIngested {
        SleepSampleIngested(
            sampleId: "night-\(night)-sample-\(number)", stage: stage,
            start: Instant(millisecondsSince1970: start, utcOffsetSeconds: 0), end: Instant(millisecondsSince1970: end, utcOffsetSeconds: 0),
            timeZone: zone, sourceName: "Apple Watch")
    }
}

/// A small deterministic generator (SplitMix64) for the sleep history.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
