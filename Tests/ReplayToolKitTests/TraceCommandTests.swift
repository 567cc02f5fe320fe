import Events
import Foundation
import ReplayToolKit
import Testing
import TestSupport
import StrictJSON

/// `replay-tool trace`: how debt, streaks and sleep records changed step by step, on the
/// fortnight fixture (Tests/Fixtures/Fortnight; its goldens are in FortnightGoldenTests)
/// and on small logs written here.
struct TraceCommandTests {
    static let fortnight = FortnightGoldenTests.log

    @Test func helpIsInTheUsualLayout() {
        let run = ToolRun.run(["trace", "--help"])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        for section in ["OVERVIEW: ", "USAGE: replay-tool trace <log> --figure <figure>", "ARGUMENTS:", "OPTIONS:"] {
            #expect(run.output.contains(section))
        }
        Golden.assertMatches(run.output, golden: "replay-tool/help-trace.txt")
        #expect(ToolRun.run(["help", "trace"]).output == run.output)
    }

    // MARK: Against show

    /// The start of a step's line up to its last instant (captured): `seq 138: wentToBed
    /// (night 2026-11-23) at T`, or `seq 27–45 (21 events delivered together: …) at T1 to T`.
    static let stepLineStart = #"^seq \d+(?:: \S+|–\d+ \([^)]*\))(?: \(night \S+\))? at (?:\S+ to )?(\S+) "#

    /// The figure after the last change line at an instant (a step's last) is the figure
    /// `show --json` gives as of that instant: events after it at the same instant did not
    /// change it.
    @Test func everyInstantsLastChangeIsWhatShowGivesAsOfIt() throws {
        let debtLine = try Regex(Self.stepLineStart + #".* — (?:touched [^:]*: )?last 7 nights (?:\d+ → )?(\d+) min \((?:\d+ → )?(\d+) with data\), last 14 nights (?:\d+ → )?(\d+) min \((?:\d+ → )?(\d+) with data\)$"#)
        var latestByInstant: [String: [String]] = [:]
        var instants: [String] = []
        for line in ToolRun.run(["trace", Self.fortnight, "--figure", "debt"]).output.split(separator: "\n") {
            guard let match = line.firstMatch(of: debtLine) else { continue }
            let values = (1...5).compactMap { match.output[$0].substring.map(String.init) }
            if latestByInstant[values[0]] == nil { instants.append(values[0]) }
            latestByInstant[values[0]] = Array(values.dropFirst())
        }
        // A window moving is a step of its own, with no instant of an event: not counted here.
        #expect(instants.count == 17, "one instant per delivery (its last) and evening that changed it")
        for instant in instants {
            let debt = try #require(try JSONParser.parse(ToolRun.run(["show", Self.fortnight, "--json", "--at", instant]).output).objectValue?["debt"]?.objectValue)
            let shown = ["last7Minutes", "nightsWithData7", "last14Minutes", "nightsWithData14"].map { debt[$0]?.numberValue?.description ?? "?" }
            #expect(latestByInstant[instant] == shown, "debt as of \(instant)")
        }
    }

    @Test func streakChangesAgreeWithShowAtTheirInstants() throws {
        let streakLine = try Regex(Self.stepLineStart + #".* — (?:touched [^:]*: )?current (?:\d+ → )?(\d+), best (?:\d+ → )?(\d+)$"#)
        var latestByInstant: [String: [String]] = [:]
        for line in ToolRun.run(["trace", Self.fortnight, "--figure", "streak"]).output.split(separator: "\n") {
            guard let match = line.firstMatch(of: streakLine) else { continue }
            let values = (1...3).compactMap { match.output[$0].substring.map(String.init) }
            latestByInstant[values[0]] = Array(values.dropFirst())
        }
        #expect(latestByInstant.count == 15)
        for (instant, values) in latestByInstant {
            let streaks = try #require(try JSONParser.parse(ToolRun.run(["show", Self.fortnight, "--json", "--at", instant]).output).objectValue?["streaks"]?.objectValue)
            #expect(values == ["current", "best"].map { streaks[$0]?.numberValue?.description ?? "?" }, "streaks as of \(instant)")
        }
    }

    // MARK: Order, instants and nights

    @Test func eventsAreTracedInAtSeqOrderSoAQueuedEventCountsWhenItHappened() throws {
        // Seq 231, the watch's wentToBed of 2026-11-28 at 23:08, reached the log after that
        // night's samples (seq 216 to 230, delivered together at 06:10 the next morning).
        let lines = ToolRun.run(["trace", Self.fortnight, "--figure", "streak"]).output.split(separator: "\n").filter { $0.hasPrefix("seq ") }
        let seqs = lines.compactMap { Int($0.dropFirst(4).prefix { $0.isNumber }) }
        let queued = try #require(seqs.firstIndex(of: 231))
        let next = try #require(seqs.firstIndex(of: 232))
        #expect(queued < next)
        #expect(lines.contains { $0.hasPrefix("seq 231: wentToBed (night 2026-11-28) at 2026-11-28T23:08:00+01:00 from watch — touched 2026-11-28: current 4 → 5") })
        // The debt's window moved to night 2026-11-28 that evening, by time alone, before the
        // samples came: a step of its own, not blamed on the wentToBed.
        let debt = ToolRun.run(["trace", Self.fortnight, "--figure", "debt"]).output
        #expect(!debt.contains("seq 231: "))
        let moved = try #require(debt.range(of: "the window moved to night 2026-11-28 (time passed; no event) — "))
        let at216 = try #require(debt.range(of: "seq 216–230 (15 events delivered together: "))
        #expect(moved.lowerBound < at216.lowerBound)
    }

    @Test func atFoldsOnlyTheEventsUpToTheInstant() {
        let run = ToolRun.run(["trace", Self.fortnight, "--figure", "debt", "--at", "2026-11-19T12:00:00+01:00"])
        #expect(run.code == .success)
        #expect(!run.output.contains("at 2026-11-19T2") && !run.output.contains("at 2026-11-20"))
        #expect(run.output.contains("where it comes from, as of 2026-11-19T12:00:00+01:00: asOf's night 2026-11-19 in Europe/Berlin"))
        #expect(run.output.contains("4 of 11 steps (68 events folded) changed it.\n"))
    }

    @Test func fromAndToLimitTheNightsAndTheEventsThatTouchedThem() throws {
        let run = ToolRun.run(["trace", Self.fortnight, "--figure", "debt", "--from", "2026-11-19", "--to", "2026-11-20"])
        #expect(run.code == .success)
        #expect(run.output.hasPrefix("debt (the last 7 and 14 nights' sleep debt and nights with data), as of each step's last instant, for nights 2026-11-19 to 2026-11-20;"))
        let touched = try Regex(#"touched ([^:]*):"#)
        let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("seq ") }
        #expect(!lines.isEmpty)
        for line in lines {
            let nights = try #require(line.firstMatch(of: touched)?.output[1].substring).split(separator: ", ").map(String.init)
            #expect(nights.contains { $0 == "2026-11-19" || $0 == "2026-11-20" }, "\(line)")
        }
        // The deletion of AutoSleep's sample of 2026-11-19 is there, with what it deleted.
        #expect(run.output.contains("seq 92: sleepSampleDeleted at 2026-11-20T08:15:00+01:00 from health — touched 2026-11-19: last 7 nights 95 → 153 min (4 with data), last 14 nights 95 → 153 min (4 with data)\n"))
        #expect(run.output.contains("    2026-11-19: -28 min (need 450 − asleep 478) → +30 min (need 450 − asleep 420)\n"))
        // The table of where the figure comes from shows only those nights; the sums do not change.
        let rows = run.output.split(separator: "\n").filter { $0.hasPrefix("  2026-") }
        #expect(rows.map { String($0.prefix(12)) } == ["  2026-11-19", "  2026-11-20"])
        #expect(run.output.contains("  last 14 nights: max(0, Σ balance = +358) = 358 min over 13 nights with data\n"))
    }

    @Test func sleepOfOneNightShowsOnlyTheEventsThatChangedItsRecord() {
        let run = ToolRun.run(["trace", Self.fortnight, "--figure", "sleep", "--night", "2026-11-19"])
        #expect(run.code == .success)
        // The night's delivery (the watch's samples, then AutoSleep's reading in bed five
        // minutes later: one step) made the onset 22:10; deleting AutoSleep's sample gives
        // back the watch's.
        #expect(run.output.contains("seq 71–89 (21 events delivered together: 19 sleepSampleIngested, 2 vitalSampleIngested) at 2026-11-20T06:42:00+01:00 to 2026-11-20T06:47:00+01:00 from health — touched 2026-11-19: no record → asleep 478,"))
        #expect(run.output.contains("onset 2026-11-19T22:10:00+01:00"))
        #expect(run.output.contains("onset 2026-11-19T22:10:00+01:00 → 2026-11-19T23:08:00+01:00"))
        #expect(run.output.contains("seq 92: sleepSampleDeleted at 2026-11-20T08:15:00+01:00 from health — touched 2026-11-19: asleep 478 → 420,"))
        #expect(run.output.contains("latency 5 → 63"))
        #expect(run.output.contains("    deleted sample "))
        #expect(!run.output.contains("touched 2026-11-18"))
    }

    // MARK: Small logs

    static func write(_ events: [String], in folder: TemporaryFolder) throws -> String {
        let path = folder.path("log.jsonl")
        for event in events {
            let run = ToolRun.run(["append", path], input: event + "\n")
            try #require(run.code == .success, "\(run.error)")
        }
        return path
    }

    static func event(_ number: Int, _ type: String, _ at: String, _ data: String, source: String = "health") -> String {
        #"{"id":"trace-\#(number)","type":"\#(type)","v":1,"at":"\#(at)","tz":"Europe/Berlin","source":"\#(source)","data":\#(data)}"#
    }

    static func sample(_ id: String, _ stage: String, _ start: String, _ end: String, source: String = "Apple Watch") -> String {
        #"{"sampleId":"\#(id)","stage":"\#(stage)","start":"\#(start)","end":"\#(end)","tz":"Europe/Berlin","sourceName":"\#(source)"}"#
    }

    @Test func aSampleReDeliveredIntoAnotherNightTouchesBoth() throws {
        let folder = try TemporaryFolder()
        let path = try Self.write([
            Self.event(1, "sleepSampleIngested", "2026-11-17T13:00:00+01:00", Self.sample("A", "asleep", "2026-11-17T11:00:00+01:00", "2026-11-17T11:40:00+01:00")),
            Self.event(2, "sleepSampleIngested", "2026-11-17T14:00:00+01:00", Self.sample("A", "asleep", "2026-11-17T12:10:00+01:00", "2026-11-17T12:40:00+01:00")),
        ], in: folder)
        let run = ToolRun.run(["trace", path, "--figure", "sleep"])
        #expect(run.code == .success)
        #expect(run.output.contains("seq 1: sleepSampleIngested at 2026-11-17T13:00:00+01:00 from health — touched 2026-11-16: no record → asleep 40, core -, deep -, REM -,"))
        #expect(run.output.contains("seq 2: sleepSampleIngested at 2026-11-17T14:00:00+01:00 from health — touched 2026-11-16: record removed (it had asleep 40)\n"))
        #expect(run.output.contains("seq 2: sleepSampleIngested at 2026-11-17T14:00:00+01:00 from health — touched 2026-11-17: no record → asleep 30,"))
        #expect(run.output.contains("    re-delivered sample A: asleep 2026-11-17T11:00:00+01:00 to 2026-11-17T11:40:00+01:00 from Apple Watch → asleep 2026-11-17T12:10:00+01:00 to 2026-11-17T12:40:00+01:00 from Apple Watch\n"))
        #expect(run.output.contains("2 of 2 steps (2 events folded) changed it.\n"))
        // Debt as of 14:00: night 2026-11-16 lost its data, 2026-11-17 has some (need 480, no goal).
        let debt = ToolRun.run(["trace", path, "--figure", "debt"])
        #expect(debt.output.contains("seq 2: sleepSampleIngested at 2026-11-17T14:00:00+01:00 from health — touched 2026-11-16, 2026-11-17: last 7 nights 440 → 450 min (1 with data), last 14 nights 440 → 450 min (1 with data)\n"))
        #expect(debt.output.contains("    2026-11-16: +440 min (need 480 − asleep 40) → no data\n"))
        #expect(debt.output.contains("    2026-11-17: no data → +450 min (need 480 − asleep 30)\n"))
    }

    /// Time alone moves the windows: the change is a step of its own, named by the night
    /// that left, never blamed on the event that happens to come next.
    @Test func theWindowMovingOnIsAStepOfItsOwnNamedByTheNightThatLeftIt() throws {
        let folder = try TemporaryFolder()
        let path = try Self.write([
            Self.event(1, "sleepSampleIngested", "2026-11-17T07:00:00+01:00", Self.sample("A", "asleep", "2026-11-16T23:00:00+01:00", "2026-11-17T06:00:00+01:00")),
            // A week later, in the evening: night 2026-11-16 leaves the 7-night window.
            Self.event(2, "appTierAssigned", "2026-11-23T20:00:00+01:00", #"{"app":"TikTok","tier":"blockFirst"}"#, source: "phone"),
            // Another week: it leaves the 14-night window.
            Self.event(3, "appTierAssigned", "2026-11-30T20:00:00+01:00", #"{"app":"Reddit","tier":"blockFirst"}"#, source: "phone"),
        ], in: folder)
        let run = ToolRun.run(["trace", path, "--figure", "debt"])
        #expect(run.output.contains("the window moved to night 2026-11-23 (time passed; no event) — last 7 nights 60 → 0 min (1 → 0 with data), last 14 nights 60 min (1 with data)\n"))
        #expect(run.output.contains("    2026-11-16: left the 7-night window (+60 min (need 480 − asleep 420) still counts in the 14)\n"))
        #expect(run.output.contains("the window moved to night 2026-11-30 (time passed; no event) — last 7 nights 0 min (0 with data), last 14 nights 60 → 0 min (1 → 0 with data)\n"))
        #expect(run.output.contains("    2026-11-16: left the 14-night window (it had +60 min (need 480 − asleep 420))\n"))
        #expect(!run.output.contains("appTierAssigned"), "assigning an app a tier changes no debt")
        #expect(run.output.contains("1 of 3 steps (3 events folded) changed it, and time alone 2 times (the window moving to a new night).\n"))
        #expect(run.output.contains("  recovery:       0 (no 7-night debt)\n"))
    }

    @Test func aStreakNightWithoutAPlanIsSkipped() throws {
        let folder = try TemporaryFolder()
        let path = try Self.write([
            Self.event(1, "wentToBed", "2026-11-16T23:00:00+01:00", #"{"night":"2026-11-16"}"#, source: "watch"),
        ], in: folder)
        let run = ToolRun.run(["trace", path, "--figure", "streak"])
        #expect(run.code == .success)
        #expect(run.output.contains("0 of 1 step (1 event folded) changed it.\n"))
        #expect(run.output.contains("  2026-11-16  2026-11-16T23:00:00+01:00  wentToBed  -        -                 no plan  -\n"))
    }

    @Test func anEmptyLogHasNothingToTrace() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("empty.jsonl", "")
        let run = ToolRun.run(["trace", path, "--figure", "sleep"])
        #expect(run.code == .success)
        #expect(run.output.hasSuffix("0 of 0 steps (0 events folded) changed it.\n\nwhere it comes from: nothing (the log holds no events; give --at)\n"))
        let at = ToolRun.run(["trace", path, "--figure", "debt", "--at", "2026-11-30T09:00:00+01:00"])
        #expect(at.output.contains("  last 7 nights:  max(0, Σ balance = 0) = 0 min over 0 nights with data\n"))
    }

    // MARK: Errors

    @Test(arguments: [
        ["trace"],
        ["trace", "x.jsonl"],
        ["trace", "x.jsonl", "--figure", "weight"],
        ["trace", "x.jsonl", "--figure", "debt", "--night", "2026-02-30"],
        ["trace", "x.jsonl", "--figure", "debt", "--night", "2026-11-18", "--from", "2026-11-17"],
        ["trace", "x.jsonl", "--figure", "debt", "--from", "2026-11-20", "--to", "2026-11-19"],
        ["trace", "x.jsonl", "--figure", "debt", "--to", "yesterday"],
        ["trace", "x.jsonl", "--figure", "debt", "--at", "2026-11-30T21:00:00+1"],
        ["trace", "x.jsonl", "--figure", "debt", "--json"],
    ])
    func wrongUsageExits64NamingTheProblem(arguments: [String]) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("Error: "))
        #expect(run.error.contains("Usage: replay-tool trace <log> --figure <figure>"))
    }

    @Test func theMessagesNameTheOptionAndWhatIsExpected() {
        #expect(ToolRun.run(["trace", "x.jsonl", "--figure", "weight"]).error.hasPrefix("Error: The value 'weight' is invalid for '--figure': expected one of 'debt', 'streak', 'sleep', 'sri'\n"))
        #expect(ToolRun.run(["trace", "x.jsonl", "--figure", "debt", "--night", "2026-11-18", "--to", "2026-11-19"]).error.hasPrefix("Error: '--night' cannot be combined with '--from' or '--to'\n"))
        #expect(ToolRun.run(["trace", "x.jsonl", "--figure", "debt", "--from", "2026-11-20", "--to", "2026-11-19"]).error.hasPrefix("Error: '--to 2026-11-19' is before '--from 2026-11-20'\n"))
    }

    @Test func aMissingLogExits66AndACorruptOne65() throws {
        let folder = try TemporaryFolder()
        #expect(ToolRun.run(["trace", folder.path("missing.jsonl"), "--figure", "debt"]).code == .noInput)
        // A folder is a log set: one that is missing is missing input too.
        #expect(ToolRun.run(["trace", folder.path("missing-set") + "/", "--figure", "debt"]).code == .noInput)
        let lines = try String(contentsOfFile: Self.fortnight, encoding: .utf8).split(separator: "\n").prefix(3).map(String.init)
        let path = try folder.write("log.jsonl", [lines[0], "{not json", lines[2]].joined(separator: "\n") + "\n")
        let run = ToolRun.run(["trace", path, "--figure", "streak"])
        #expect(run.code == .dataError)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("\(path):2"))
    }

    @Test func aTornTailIsAWarningAtTheEnd() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: Self.fortnight, encoding: .utf8)
        let path = try folder.write("log.jsonl", text + "{\"id\":\"torn")
        let run = ToolRun.run(["trace", path, "--figure", "streak"])
        #expect(run.code == .success)
        #expect(run.output.contains("\nwarnings: 1\n  torn tail: "))
    }
}

/// Time alone moves the debt's windows: a change no event made is its own step, and
/// `trace --night D` answers as of the end of night D.
struct TraceTimeStepTests {
    static func simulatedLog(in folder: TemporaryFolder) throws -> String {
        let run = ToolRun.run(["simulate", "--nights", "40", "--seed", "5"])
        try #require(run.code == .success, "\(run.error)")
        let path = folder.path("month.jsonl")
        try run.output.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Before, each night the windows moved was blamed on the next event, often a tap on a
    /// notification of a later night (17 such lines on this log).
    @Test func aWindowMovingIsItsOwnStepNotTheNextEvents() throws {
        let folder = try TemporaryFolder()
        let log = try Self.simulatedLog(in: folder)
        let run = ToolRun.run(["trace", log, "--figure", "debt"])
        #expect(run.code == .success, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        let moves = lines.filter { $0.hasPrefix("the window moved to night ") && $0.contains(" (time passed; no event) — last 7 nights ") }
        #expect(moves.count > 10, "\(run.output.prefix(2000))")
        #expect(!lines.contains { $0.contains(": notificationInteracted") && $0.contains(" — ") }, "a tap changes no debt")
        #expect(run.output.contains("changed it, and time alone \(moves.count) times (the window moving to a new night).\n"))
        // Each step's line and the next agree: a move's new figure is where the next step starts.
        for (index, line) in lines.enumerated() where line.hasPrefix("the window moved") {
            guard let next = lines[(index + 1)...].first(where: { !$0.hasPrefix(" ") && $0.contains(" — ") }) else { continue }
            let after7 = line.split(separator: "last 7 nights ")[1].split(separator: " min")[0].split(separator: " → ").last
            let before7 = next.split(separator: "last 7 nights ")[1].split(separator: " min")[0].split(separator: " → ").first
            #expect(after7 == before7, "\(line)\n\(next)")
        }
    }

    @Test func aNightWithoutAtIsTracedAsOfItsEnd() throws {
        let folder = try TemporaryFolder()
        let log = try Self.simulatedLog(in: folder)
        let run = ToolRun.run(["trace", log, "--figure", "debt", "--night", "2026-10-22"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.error.contains("--night 2026-10-22 without --at: as of the end of that night, 2026-10-23T11:59:59.999+02:00 on the clock of Europe/Berlin"), "\(run.error)")
        #expect(run.output.contains("where it comes from, as of 2026-10-23T11:59:59.999+02:00: asOf's night 2026-10-22"), "\(run.output)")
        #expect(run.output.contains("\n  2026-10-22  480  "), "the night's own row, with its data: \(run.output)")
        let sleep = ToolRun.run(["trace", log, "--figure", "sleep", "--night", "2026-10-22"])
        #expect(sleep.output.contains("2026-10-22"), "\(sleep.output)")
    }
}
