import Events
import Foundation
import Projections
@testable import ReplayToolKit
import Testing
import TestSupport

/// Issue 14: `trace` is linear (one fold; per step only the nights it can touch), a
/// HealthKit delivery or a batch is one step, and `--night`/`--from/--to` limit the work.
/// The text is held to `TraceReference` (the figures asked whole after every step, as
/// before) on the fixtures and on simulated logs.
struct TraceLinearTests {
    static let fortnight = FortnightGoldenTests.log
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    /// A simulated log of `nights` nights (seed 1 unless given, the mixed profile unless
    /// given).
    static func simulated(nights: Int, seed: Int = 1, profile: String = "mixed", in folder: TemporaryFolder) throws -> String {
        let run = ToolRun.run(["simulate", "--nights", String(nights), "--seed", String(seed), "--profile", profile])
        try #require(run.code == .success, "\(run.error)")
        return try folder.write("simulated-\(nights)-\(seed)-\(profile).jsonl", run.output)
    }

    static func linear(_ figure: TraceCommand.Figure, path: String, nights: NightFilter = .all, at instant: Instant? = nil) throws -> (text: String, work: TraceCommand.Work) {
        switch figure {
        case .debt: return try TraceCommand.traceWithWork(DebtFigure(), path: path, nights: nights, at: instant)
        case .streak: return try TraceCommand.traceWithWork(StreakFigure(), path: path, nights: nights, at: instant)
        case .sleep: return try TraceCommand.traceWithWork(SleepFigure(), path: path, nights: nights, at: instant)
        case .sri: return try TraceCommand.traceWithWork(SRIFigure(), path: path, nights: nights, at: instant)
        }
    }

    static func reference(_ figure: TraceCommand.Figure, path: String, nights: NightFilter = .all, at instant: Instant? = nil) throws -> String {
        switch figure {
        case .debt: return try TraceReference.trace(ReferenceDebt(), path: path, nights: nights, at: instant)
        case .streak: return try TraceReference.trace(ReferenceStreak(), path: path, nights: nights, at: instant)
        case .sleep: return try TraceReference.trace(ReferenceSleep(), path: path, nights: nights, at: instant)
        case .sri: return try TraceReference.trace(ReferenceSRI(), path: path, nights: nights, at: instant)
        }
    }

    /// The first line where two texts differ, for a readable failure.
    static func firstDifference(_ left: String, _ right: String) -> String {
        let (a, b) = (left.split(separator: "\n", omittingEmptySubsequences: false), right.split(separator: "\n", omittingEmptySubsequences: false))
        for index in 0..<max(a.count, b.count) where (index < a.count ? a[index] : "<end>") != (index < b.count ? b[index] : "<end>") {
            return "line \(index + 1):\n  linear:    \(index < a.count ? a[index] : "<end>")\n  reference: \(index < b.count ? b[index] : "<end>")"
        }
        return "same"
    }

    static func date(_ text: String) throws -> LocalDate {
        try LocalDate(iso: text)
    }

    // MARK: The same text as the reference

    @Test(arguments: TraceCommand.Figure.allCases)
    func theFixturesTraceAsTheReference(_ figure: TraceCommand.Figure) throws {
        for path in [Self.fortnight, Self.sampleWeek] {
            for nights in [NightFilter.all, NightFilter(from: try Self.date("2026-11-18"), to: try Self.date("2026-11-18")),
                           NightFilter(from: try Self.date("2026-11-19"), to: try Self.date("2026-11-20")), NightFilter(from: try Self.date("2026-12-02"))] {
                let linear = try Self.linear(figure, path: path, nights: nights).text
                let reference = try Self.reference(figure, path: path, nights: nights)
                #expect(linear == reference, "\(figure) \(nights) on \(path): \(Self.firstDifference(linear, reference))")
            }
            let at = try Instant(rfc3339: "2026-11-26T10:00:00+01:00")
            let linear = try Self.linear(figure, path: path, at: at).text
            #expect(linear == (try Self.reference(figure, path: path, at: at)), "\(figure) --at on \(path)")
        }
    }

    /// Simulated logs hold trips, daylight saving, goals, overrides, manual nights, and
    /// deliveries as batches.
    @Test(arguments: TraceCommand.Figure.allCases)
    func simulatedLogsTraceAsTheReference(_ figure: TraceCommand.Figure) throws {
        let folder = try TemporaryFolder()
        let path = try Self.simulated(nights: 90, in: folder)
        let linear = try Self.linear(figure, path: path).text
        let reference = try Self.reference(figure, path: path)
        #expect(linear == reference, "\(figure): \(Self.firstDifference(linear, reference))")
        // Someone struggling: more missed bedtimes, overrides and exits.
        let struggling = try Self.simulated(nights: 45, seed: 7, profile: "struggling", in: folder)
        let linearStruggling = try Self.linear(figure, path: struggling).text
        let referenceStruggling = try Self.reference(figure, path: struggling)
        #expect(linearStruggling == referenceStruggling, "\(figure), struggling: \(Self.firstDifference(linearStruggling, referenceStruggling))")
        // A month in the middle, and one night.
        for nights in [NightFilter(from: try Self.date("2026-11-20"), to: try Self.date("2026-12-19")), NightFilter(from: try Self.date("2026-12-24"), to: try Self.date("2026-12-24"))] {
            let linear = try Self.linear(figure, path: path, nights: nights).text
            let reference = try Self.reference(figure, path: path, nights: nights)
            #expect(linear == reference, "\(figure) \(nights): \(Self.firstDifference(linear, reference))")
        }
    }

    // MARK: --night is the whole trace, restricted

    /// The blocks (a step's line and its indented lines) of a trace.
    static func blocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("seq ") {
                blocks.append(String(line))
                inBlock = true
            } else if line.hasPrefix("    ") {
                if inBlock { blocks[blocks.count - 1] += "\n" + line }
            } else {
                // Another line (a window moving, by time alone), and its reasons: no event's.
                inBlock = false
            }
        }
        return blocks
    }

    /// The nights a block's line says it touched.
    static func touched(_ block: String) -> [String] {
        guard let line = block.split(separator: "\n").first, let range = line.range(of: " — touched ") else { return [] }
        let rest = line[range.upperBound...]
        return rest.prefix { $0 != ":" }.split(separator: ", ").map(String.init)
    }

    /// (The index moves with time, its nights' samples arriving before their night is over:
    /// `sriStepsThatChangeItAreRestrictedToTheirNights` covers it.)
    @Test(arguments: TraceCommand.Figure.allCases.filter { $0 != .sri })
    func aNightsTraceIsTheWholeTraceRestrictedToIt(_ figure: TraceCommand.Figure) throws {
        let folder = try TemporaryFolder()
        let simulated = try Self.simulated(nights: 60, in: folder)
        // On the simulated log, the night touched by the middle change of the whole trace.
        let simulatedBlocks = Self.blocks(ToolRun.run(["trace", simulated, "--figure", figure.rawValue]).output)
        let middle = try #require(Self.touched(simulatedBlocks[simulatedBlocks.count / 2]).first)
        for (path, night) in [(Self.fortnight, "2026-11-19"), (Self.sampleWeek, "2026-12-02"), (simulated, middle)] {
            // As of one instant: without --at, --night answers as of the end of that night.
            let at = ["--at", "2100-01-01T00:00:00Z"]
            let whole = Self.blocks(ToolRun.run(["trace", path, "--figure", figure.rawValue] + at).output).filter { Self.touched($0).contains(night) }
            let one = Self.blocks(ToolRun.run(["trace", path, "--figure", figure.rawValue, "--night", night] + at).output)
            #expect(!one.isEmpty, "\(figure) night \(night)")
            #expect(one == whole, "\(figure) night \(night) of \(path)")
        }
    }

    // MARK: Linear work

    /// However long the log, a step works out a bounded number of nights: the debt's 14
    /// (twice when asOf's night moves), a few for streaks and records.
    @Test(arguments: TraceCommand.Figure.allCases)
    func eachStepWorksOutABoundedNumberOfNights(_ figure: TraceCommand.Figure) throws {
        let folder = try TemporaryFolder()
        var perStep: [Double] = []
        for nights in [60, 240] {
            let path = try Self.simulated(nights: nights, in: folder)
            let work = try Self.linear(figure, path: path).work
            #expect(work.steps > nights * 10)
            // The index reads both its windows, 28 nights, before and after a step.
            let bound = figure == .debt ? 28 : figure == .sri ? 2 * 2 * SleepRegularity.windowNights : 16
            #expect(work.mostRecomputedInAStep <= bound, "\(figure) on \(nights) nights: \(work)")
            perStep.append(Double(work.recomputedNights) / Double(work.steps))
        }
        // Four times the nights, not more work per step.
        #expect(perStep[1] <= perStep[0] * 1.25 + 0.5, "\(figure): \(perStep)")
    }

    /// With --night, a step that cannot touch the night costs no night worked out: the work
    /// does not grow with the log.
    @Test(arguments: TraceCommand.Figure.allCases)
    func aNightCostsTheNightNotTheLog(_ figure: TraceCommand.Figure) throws {
        let folder = try TemporaryFolder()
        var totals: [Int] = []
        for nights in [60, 240] {
            let path = try Self.simulated(nights: nights, in: folder)
            let work = try Self.linear(figure, path: path, nights: NightFilter(from: try Self.date("2026-11-10"), to: try Self.date("2026-11-10"))).work
            totals.append(work.recomputedNights)
        }
        #expect(totals[0] > 0)
        if figure == .streak {
            // Streaks count every night before: those are worked out once each, when the
            // night comes, not once per step.
            #expect(totals[1] <= totals[0] + 20, "\(totals)")
        } else {
            #expect(totals[1] == totals[0], "\(totals)")
        }
    }

    // MARK: A delivery is one step

    @Test func theSampleWeeksDebtIsOneLineANight() throws {
        let run = ToolRun.run(["trace", Self.sampleWeek, "--figure", "debt"])
        let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("seq ") }
        // Before issue 14: 77 lines, one per sample, the night climbing from "no data" to
        // +445 min and down again within each delivery.
        #expect(lines.count == 7, "\(lines.joined(separator: "\n"))")
        #expect(lines[0].hasPrefix("seq 11–24 (14 events delivered together: 13 sleepSampleIngested, 1 vitalSampleIngested) at 2026-12-01T08:07:00+01:00 to 2026-12-01T08:07:02+01:00 from health — touched 2026-11-30: last 7 nights 0 → "))
        #expect(!run.output.contains("+445 min"), "no half-delivered night")
        #expect(run.output.contains("\n7 of 71 steps (162 events folded) changed it.\n"))
    }

    @Test func aBatchOfSamplesPrintsOneLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("log.jsonl")
        let samples = [
            TraceCommandTests.sample("A", "core", "2026-11-16T23:00:00+01:00", "2026-11-17T01:00:00+01:00"),
            TraceCommandTests.sample("B", "deep", "2026-11-17T01:00:00+01:00", "2026-11-17T02:00:00+01:00"),
            TraceCommandTests.sample("C", "rem", "2026-11-17T02:00:00+01:00", "2026-11-17T03:30:00+01:00"),
        ]
        // One append: a batch of three, with the phone's events around it in other appends.
        let batch = samples.enumerated().map { TraceCommandTests.event(10 + $0.offset, "sleepSampleIngested", "2026-11-17T07:00:00+01:00", $0.element) }
        let runs = [
            ToolRun.run(["append", path], input: TraceCommandTests.event(1, "wentToBed", "2026-11-16T22:50:00+01:00", #"{"night":"2026-11-16"}"#, source: "watch") + "\n"),
            ToolRun.run(["append", path], input: batch.joined(separator: "\n") + "\n"),
        ]
        for run in runs { try #require(run.code == .success, "\(run.error)") }
        for figure in ["debt", "sleep"] {
            let output = ToolRun.run(["trace", path, "--figure", figure]).output
            let lines = output.split(separator: "\n").filter { $0.hasPrefix("seq ") }
            #expect(lines.count == 1, "\(figure): \(output)")
            #expect(lines.first?.hasPrefix("seq 2–4 (a batch of 3 events: 3 sleepSampleIngested) at 2026-11-17T07:00:00+01:00 from health — touched 2026-11-16: ") == true, "\(figure): \(output)")
            #expect(output.contains("1 of 2 steps (4 events folded) changed it.\n"))
        }
        let debt = ToolRun.run(["trace", path, "--figure", "debt"]).output
        #expect(debt.contains("last 7 nights 0 → 210 min (0 → 1 with data)"), "\(debt)")
        let sleep = ToolRun.run(["trace", path, "--figure", "sleep"]).output
        #expect(sleep.contains("    new sample A: core "), "the samples the step brought are listed under it")
        #expect(sleep.contains("    new sample C: rem "))
    }

    @Test func deliveriesSplitByNightSourceAndGap() throws {
        func recorded(_ seq: Int, _ type: String, _ at: String, _ data: String, source: String = "health", batch: BatchPosition? = nil) throws -> RecordedEvent {
            let line = TraceCommandTests.event(seq, type, at, data, source: source)
            var decoder = EventLineDecoder()
            let event = try decoder.decodeUnsequenced(line: Array(line.utf8))
            return RecordedEvent(seq: seq, batch: batch, event: event)
        }
        let first = try recorded(1, "sleepSampleIngested", "2026-11-17T07:00:00+01:00", TraceCommandTests.sample("A", "core", "2026-11-16T23:00:00+01:00", "2026-11-17T01:00:00+01:00"))
        let night = TraceStep.deliveryNight(of: first)
        #expect(night == (try Self.date("2026-11-16")).daysSince1970)
        // The same night, 10 minutes later: together.
        #expect(TraceStep.joins(try recorded(2, "sleepSampleIngested", "2026-11-17T07:10:00+01:00", TraceCommandTests.sample("B", "core", "2026-11-17T01:00:00+01:00", "2026-11-17T02:00:00+01:00")), after: first, deliveryNight: night))
        // A deletion joins the delivery it follows; so does a vital of the night.
        #expect(TraceStep.joins(try recorded(2, "sleepSampleDeleted", "2026-11-17T07:00:00+01:00", #"{"sampleId":"Z"}"#), after: first, deliveryNight: night))
        // 16 minutes later, another night, another source, another kind of event: apart.
        #expect(!TraceStep.joins(try recorded(2, "sleepSampleIngested", "2026-11-17T07:16:00+01:00", TraceCommandTests.sample("B", "core", "2026-11-17T01:00:00+01:00", "2026-11-17T02:00:00+01:00")), after: first, deliveryNight: night))
        #expect(!TraceStep.joins(try recorded(2, "sleepSampleIngested", "2026-11-17T07:00:00+01:00", TraceCommandTests.sample("B", "core", "2026-11-17T13:00:00+01:00", "2026-11-17T14:00:00+01:00")), after: first, deliveryNight: night))
        #expect(!TraceStep.joins(try recorded(2, "sleepSampleIngested", "2026-11-17T07:00:00+01:00", TraceCommandTests.sample("B", "core", "2026-11-17T01:00:00+01:00", "2026-11-17T02:00:00+01:00"), source: "import"), after: first, deliveryNight: night))
        #expect(!TraceStep.joins(try recorded(2, "wentToBed", "2026-11-17T07:00:00+01:00", #"{"night":"2026-11-16"}"#), after: first, deliveryNight: night))
        // A batch is one step whatever it holds, and never joins what is outside it.
        let inBatch = try recorded(5, "wentToBed", "2026-11-17T07:00:00+01:00", #"{"night":"2026-11-16"}"#, batch: BatchPosition(index: 1, count: 2))
        #expect(TraceStep.joins(try recorded(6, "goalCleared", "2026-11-17T07:00:00+01:00", "{}", batch: BatchPosition(index: 2, count: 2)), after: inBatch, deliveryNight: nil))
        #expect(!TraceStep.joins(try recorded(7, "goalCleared", "2026-11-17T07:00:00+01:00", "{}", batch: BatchPosition(index: 1, count: 2)), after: inBatch, deliveryNight: nil))
        #expect(!TraceStep.joins(try recorded(6, "sleepSampleDeleted", "2026-11-17T07:00:00+01:00", #"{"sampleId":"Z"}"#), after: inBatch, deliveryNight: nil))
    }

    // MARK: StreakRuns

    @Test func streakRunsCountAsWalkingEveryNight() {
        var generator = SystemRandomNumberGenerator()
        var runs = StreakRuns()
        var nights: [Int: Bool] = [:]
        for _ in 0..<2_000 {
            let day = Int.random(in: 19_000...19_400, using: &generator)
            let value: Bool? = [true, false, nil].randomElement(using: &generator) ?? nil
            nights[day] = value
            runs.set(day, hit: value)
            let through = Int.random(in: 18_990...19_410, using: &generator)
            var current = 0
            var best = 0
            for night in nights.keys.sorted() where night <= through {
                guard let hit = nights[night] else { continue }
                current = hit ? current + 1 : 0
                best = max(best, current)
            }
            #expect(runs.streaks(through: through) == SleepStreaks(current: current, best: best))
        }
    }
}
