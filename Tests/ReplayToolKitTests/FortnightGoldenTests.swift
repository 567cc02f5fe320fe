import Events
import Foundation
import ReplayToolKit
import Testing
import TestSupport
import StrictJSON

/// Sleep, debt and streaks over a recorded fortnight (Tests/Fixtures/Fortnight, written by
/// `make-fortnight-fixtures.sh`): `show --json` at three instants, `show` text at the end,
/// and `trace` of each figure, compared with goldens in Tests/Fixtures/Fortnight/goldens
/// (re-record with RECORD_GOLDENS=1 and read the diff; `check-fortnight.py` recomputes the
/// JSON goldens' sleep, debt and streaks independently from docs/rules.md).
struct FortnightGoldenTests {
    static let log = Golden.fixture("Fortnight/fortnight.jsonl").path

    /// One golden: replay-tool's arguments after the log, and the golden's name.
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]

        var golden: String { "Fortnight/goldens/fortnight-\(label)" }
        var testDescription: String { label }
        var isJSON: Bool { arguments.contains("--json") }
    }

    static let cases: [Case] = [
        // After night 2026-11-22's samples: 7 nights, 2026-11-16 to 2026-11-22, all with data.
        Case(label: "mid.json", arguments: ["show", "--json", "--at", "2026-11-23T09:00:00+01:00"]),
        // The morning after 2026-11-25, the night without data (the flight back).
        Case(label: "after-no-data-night.json", arguments: ["show", "--json", "--at", "2026-11-26T10:00:00+01:00"]),
        // The last event: night 2026-11-29's vitals, 2026-11-30T08:01:01+01:00.
        Case(label: "end.json", arguments: ["show", "--json"]),
        Case(label: "end.txt", arguments: ["show"]),
        Case(label: "trace-debt.txt", arguments: ["trace", "--figure", "debt"]),
        Case(label: "trace-streak.txt", arguments: ["trace", "--figure", "streak"]),
        // The night whose last core sample is re-delivered with a later end.
        Case(label: "trace-sleep-2026-11-18.txt", arguments: ["trace", "--figure", "sleep", "--night", "2026-11-18"]),
    ]

    @Test(arguments: cases)
    func matchesItsGolden(_ testCase: Case) throws {
        var arguments = testCase.arguments
        arguments.insert(Self.log, at: 1)
        let run = ToolRun.run(arguments)
        #expect(run.code == .success)
        // Only a trace of one night without --at says which instant it answers as of.
        #expect(run.error.isEmpty || (arguments.contains("--night") && run.error.hasPrefix("--night 2026-11-18 without --at: as of the end of that night")), "\(run.error)")
        Golden.assertMatches(run.output, golden: testCase.golden)
        if testCase.isJSON {
            let parsed = try JSONParser.parse(run.output)
            #expect(parsed.objectValue?["warnings"] == .array([]))
        }
        #expect(ToolRun.run(arguments).output == run.output, "the same log gives the same bytes")
    }

    // MARK: The fixture

    @Test func theFixtureIsSound() {
        let run = ToolRun.run(["verify", Self.log])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        #expect(run.output.hasSuffix(": sound: 255 events, last seq 255\n"))
    }

    @Test func theFixtureHoldsWhatItsScriptPromises() throws {
        let lines = try String(contentsOfFile: Self.log, encoding: .utf8).split(separator: "\n").map(String.init)
        let events = try lines.map { try JSONParser.parse($0).objectValue ?? JSONObject() }
        func data(_ event: JSONObject) -> JSONObject { event["data"]?.objectValue ?? JSONObject() }
        let samples = events.filter { $0["type"] == .string("sleepSampleIngested") }
        // A re-delivered sample: one sampleId twice, with another end.
        var byId: [String: [JSONObject]] = [:]
        for sample in samples {
            if case .string(let id)? = data(sample)["sampleId"] { byId[id, default: []].append(data(sample)) }
        }
        let redelivered = byId.values.filter { $0.count > 1 }
        #expect(redelivered.count == 1)
        #expect(redelivered.first.map { $0[0]["end"] != $0[1]["end"] } == true)
        // One deletion, of a sample that was ingested.
        let deletions = events.filter { $0["type"] == .string("sleepSampleDeleted") }
        #expect(deletions.count == 1)
        if case .string(let id)? = deletions.first.map(data)?["sampleId"] { #expect(byId[id] != nil) }
        // Sources: the watch, AutoSleep, Oura, and a phone writing only `asleep`, without a tz.
        let sources = Set(samples.compactMap { data($0)["sourceName"]?.stringValue })
        #expect(sources == ["Apple Watch", "AutoSleep", "Oura", "iPhone"])
        #expect(samples.filter { data($0)["sourceName"] == .string("iPhone") }.allSatisfy { data($0)["stage"] == .string("asleep") && data($0)["tz"] == nil })
        // The trip: events and samples in New York.
        #expect(events.contains { $0["tz"] == .string("America/New_York") })
        #expect(samples.contains { data($0)["tz"] == .string("America/New_York") })
        // The manual night, logged twice; wentToBed, wokeUp and vitals.
        #expect(events.filter { $0["type"] == .string("manualSleepLogged") }.count == 2)
        for type in ["wentToBed", "wokeUp", "vitalSampleIngested", "goalSet"] {
            #expect(events.contains { $0["type"] == .string(type) }, "\(type)")
        }
        // Night 2026-11-25 has nothing: no sample starts in it, no event names it.
        #expect(!lines.contains { $0.contains(#""night":"2026-11-25""#) })
        let startsOn25 = samples.compactMap { data($0)["start"]?.stringValue }.filter { start in
            let hour = Int(start.dropFirst(11).prefix(2)) ?? 0
            return (start.hasPrefix("2026-11-25T") && hour >= 12) || (start.hasPrefix("2026-11-26T") && hour < 12)
        }
        #expect(startsOn25.isEmpty)
    }

    // MARK: What the goldens show, pinned

    static func number(_ value: JSONValue?) -> String {
        value?.numberValue?.description ?? "?"
    }

    @Test func theEndFiguresAreTheOnesCheckedByHand() throws {
        let root = try JSONParser.parse(ToolRun.run(["show", Self.log, "--json"]).output).objectValue
        let debt = root?["debt"]?.objectValue
        #expect(debt?["last7Minutes"] == .number(JSONNumber(Int64(80))))
        #expect(debt?["last14Minutes"] == .number(JSONNumber(Int64(358))))
        #expect(debt?["weighted14Minutes"] == .number(JSONNumber(Int64(220))))
        #expect(debt?["nightsWithData7"] == .number(JSONNumber(Int64(6))))
        #expect(debt?["nightsWithData14"] == .number(JSONNumber(Int64(13))))
        #expect(debt?["recoveryNights"] == .number(JSONNumber(Int64(5))))
        #expect(root?["streaks"] == .object(JSONObject([.init(key: "current", value: .number(JSONNumber(Int64(6)))), .init(key: "best", value: .number(JSONNumber(Int64(6))))])))
        let nights = root?["sleep"]?.arrayValue?.compactMap { $0.objectValue?["night"]?.stringValue }
        #expect(nights?.count == 13)
        #expect(nights?.contains("2026-11-25") == false, "the night without data has no record")
    }

    @Test func eachTraceEndsWithTheFigureShowGivesAtEveryGoldenInstant() throws {
        for at in ["2026-11-23T09:00:00+01:00", "2026-11-26T10:00:00+01:00", "2026-11-30T08:01:01+01:00"] {
            let root = try JSONParser.parse(ToolRun.run(["show", Self.log, "--json", "--at", at]).output).objectValue
            let debt = try #require(root?["debt"]?.objectValue)
            let streaks = try #require(root?["streaks"]?.objectValue)
            let debtTrace = ToolRun.run(["trace", Self.log, "--figure", "debt", "--at", at]).output
            #expect(debtTrace.contains("  last 7 nights:  max(0, Σ balance = ") && debtTrace.contains(") = \(Self.number(debt["last7Minutes"])) min over \(Self.number(debt["nightsWithData7"])) nights with data\n"))
            #expect(debtTrace.contains(") = \(Self.number(debt["last14Minutes"])) min over \(Self.number(debt["nightsWithData14"])) nights with data\n"))
            // The last change line's new values are the figure.
            let lastChange = try #require(debtTrace.split(separator: "\n").last { $0.hasPrefix("seq ") || $0.hasPrefix("the window moved") })
            #expect(lastChange.contains("\(Self.number(debt["last7Minutes"])) min ("))
            let streakTrace = ToolRun.run(["trace", Self.log, "--figure", "streak", "--at", at]).output
            #expect(streakTrace.contains("  current \(Self.number(streaks["current"]))"))
            #expect(streakTrace.contains(", best \(Self.number(streaks["best"]))"))
        }
    }
}
