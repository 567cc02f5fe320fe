import Events
import Projections
import Simulation

// "The cost of ingesting one new night after two years of history against a full
// rebuild": a simulated person's two years (730 nights: plans, trips, checklists, exits,
// HealthKit deliveries), folded into a LogState; then (a) the next night's events applied
// to it as the store folds new events, and the morning's figures asked, against (b)
// folding every event again from empty. In memory (no file, no decoding), so both figures
// are the projections' own cost.

/// What the new-night measurement found.
struct NewNightResult {
    var historyNights: Int
    var historyEvents: Int
    var newNight: LocalDate?
    var newNightEvents: Int
    /// (a): the new night's events applied to the folded history; per run.
    var incremental: [Duration]
    /// (b): every event folded from empty; per run.
    var rebuilds: [Duration]
    /// Then tonight, the debt and the streaks asked of the state as of the new night's last
    /// event (the same after (a) and (b)); per run.
    var queries: [Duration]
    /// `sleep.rebuildCount` after (a) minus before.
    var rebuildCountDelta: Int
    /// Whether the state after (a) equals the state after (b).
    var sameState: Bool
    var newNightAsleepMinutes: Int?

    var incrementalBest: Duration { incremental.min() ?? .zero }
    var queriesBest: Duration { queries.min() ?? .zero }
    var rebuildBest: Duration { rebuilds.min() ?? .zero }
    var ratio: Double { rebuildBest.seconds / max(incrementalBest.seconds, 1e-12) }
}

enum NewNightBenchmark {
    static let historyNights = 730
    static let runCount = 5

    static func run() throws -> NewNightResult {
        Progress.say("one new night: simulating \(historyNights) nights of history and one more…")
        // Two years, then the first night after them with sleep data (a night lost to a
        // flight has no event): its events are the new night's. A few spare nights are
        // simulated in case the first ones after two years have none.
        let simulation = try LogSimulator(configuration: SimulationConfiguration(nights: historyNights + 10, seed: SimulatedLogWriter.seed)).makeRun()
        var appends: [(night: Int, events: [RecordedEvent])] = []
        while let append = try simulation.nextAppend() {
            appends.append((simulation.summary.nights, append))
        }
        let chosen = appends.first { item in
            item.night > historyNights && item.events.contains { if case .sleepSampleIngested = $0.payload { return true } else { return false } }
        }?.night
        guard let chosen else { throw BenchError.failed("no simulated night after two years has sleep data") }
        let history = appends.filter { $0.night < chosen }.flatMap(\.events)
        let newNight = appends.filter { $0.night == chosen }.flatMap(\.events)
        let all = history + newNight
        guard let last = newNight.last else { throw BenchError.failed("the simulated new night has no event") }
        let now = last.at
        var result = NewNightResult(
            historyNights: chosen - 1, historyEvents: history.count, newNight: nil, newNightEvents: newNight.count,
            incremental: [], rebuilds: [], queries: [], rebuildCountDelta: 0, sameState: false, newNightAsleepMinutes: nil)
        let clock = ContinuousClock()
        var checksum = 0
        for run in 1...runCount {
            Progress.say("  new night run \(run)/\(runCount)…")
            var runner = ProjectionRunner<LogState>()
            runner.apply(contentsOf: history)
            let before = runner.state.sleep.rebuildCount

            // (a) One more night, event by event, as the store folds new events.
            var started = clock.now
            for event in newNight { runner.apply(event) }
            result.incremental.append(clock.now - started)
            result.rebuildCountDelta = runner.state.sleep.rebuildCount - before

            // The morning's questions.
            started = clock.now
            checksum &+= questions(runner.state, at: now)
            result.queries.append(clock.now - started)

            // (b) Everything again from empty.
            started = clock.now
            var rebuilt = ProjectionRunner<LogState>()
            rebuilt.apply(contentsOf: all)
            result.rebuilds.append(clock.now - started)
            result.sameState = rebuilt.state == runner.state && rebuilt.appliedCount == all.count
            let night = runner.state.sleep.nightsWithData.last
            result.newNight = night
            result.newNightAsleepMinutes = night.flatMap { runner.state.sleep.record(for: $0) }.map { SleepRecord.wholeMinutes($0.asleepMilliseconds) }
        }
        if checksum == Int.min { Progress.say("(checksum \(checksum))") }
        return result
    }

    /// What a front end asks in the morning: tonight, the debt, the streaks.
    static func questions(_ state: LogState, at now: Instant) -> Int {
        let tonight = state.tonight(at: now)
        let debt = state.sleepDebt(at: now)
        let streaks = state.streaks(at: now)
        return (tonight == nil ? 0 : 1) &+ Int(debt.last7Minutes) &+ streaks.best
    }
}
