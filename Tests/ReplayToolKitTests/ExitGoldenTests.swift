import Events
import Foundation
import ReplayToolKit
import Testing
import TestSupport
import StrictJSON

/// `replay-tool show` through a night with mindful exits (docs/rules.md §3) and on a
/// demo night, on the fixtures in Tests/Fixtures/Exits
/// (written by `make-exits-fixtures.sh`), compared with goldens in
/// Tests/Fixtures/Exits/goldens (re-record with RECORD_GOLDENS=1 and read the diff).
struct ExitGoldenTests {
    /// One `show` golden: a fixture as of an instant (`nil`: the log's default).
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var label: String
        var at: String?
        var untilSeq: Int?
        var json = true

        var arguments: [String] {
            var arguments = ["show", ExitGoldenTests.log(fixture)]
            if json { arguments.append("--json") }
            if let at { arguments += ["--at", at] }
            if let untilSeq { arguments += ["--until-seq", String(untilSeq)] }
            return arguments
        }

        var golden: String { "Exits/goldens/\(fixture)-\(label).\(json ? "json" : "txt")" }
        var testDescription: String { "\(fixture) \(label)\(json ? "" : " (text)")" }
    }

    static func log(_ fixture: String) -> String {
        Golden.fixture("Exits/\(fixture).jsonl").path
    }

    static let cases: [Case] = [
        // Night 2026-11-30: wind-down 19:45, bedtime 23:45, wake 07:45 (+01:00).
        Case(fixture: "three-exits", label: "wind-down", at: "2026-11-30T19:50:00+01:00"),
        // Exit 1: attempt 1, requested 20:00:00, wait 60 s, confirmed 20:01:00, window 600 s.
        Case(fixture: "three-exits", label: "exit-1-waiting", at: "2026-11-30T20:00:30+01:00"),
        Case(fixture: "three-exits", label: "exit-1-confirmed", at: "2026-11-30T20:01:00+01:00"),
        Case(fixture: "three-exits", label: "exit-1-after-reminder", at: "2026-11-30T20:09:30+01:00"),
        Case(fixture: "three-exits", label: "exit-1-window-over", at: "2026-11-30T20:11:00+01:00"),
        // Exit 2: attempt 2 (one confirmed before), wait 180 s, cancelled 21:01:30.
        Case(fixture: "three-exits", label: "exit-2-waiting", at: "2026-11-30T21:00:30+01:00"),
        // Exit 3: attempt 2, confirmed 21:33:00 (queued offline), back early at 21:38:20.
        Case(fixture: "three-exits", label: "exit-3-free-window", at: "2026-11-30T21:35:00+01:00"),
        Case(fixture: "three-exits", label: "exit-3-returned-early", at: "2026-11-30T21:40:00+01:00"),
        // Exit 4: attempt 3, wait 300 s, confirmed 22:35:00, window 300 s until 22:40:00.
        Case(fixture: "three-exits", label: "exit-4-free-window", at: "2026-11-30T22:37:00+01:00"),
        Case(fixture: "three-exits", label: "night", at: "2026-11-30T23:50:00+01:00"),
        // Night 2026-12-01 counts afresh: attempt 1, requested 19:59:30.
        Case(fixture: "three-exits", label: "next-night", at: "2026-12-01T20:00:00+01:00"),
        Case(fixture: "three-exits", label: "latest", at: nil),
        // What the log knew before exit 3's confirm arrived (seq 9): exit 3 still waits.
        Case(fixture: "three-exits", label: "until-seq-8", at: nil, untilSeq: 8),
        // Text form: waiting with its prompt, and the whole night's rows.
        Case(fixture: "three-exits", label: "exit-2-waiting", at: "2026-11-30T21:00:30+01:00", json: false),
        Case(fixture: "three-exits", label: "night", at: "2026-11-30T23:50:00+01:00", json: false),
        // Demo night from 15:00:00, compression 60: wait 5 s, window 50 s, reminder 10 s before.
        Case(fixture: "demo-exit", label: "waiting", at: "2026-11-30T15:01:02+01:00"),
        Case(fixture: "demo-exit", label: "free-window", at: "2026-11-30T15:01:30+01:00"),
    ]

    @Test(arguments: cases)
    func showMatchesItsGolden(_ testCase: Case) throws {
        let run = ToolRun.run(testCase.arguments)
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: testCase.golden)
        if testCase.json {
            let parsed = try JSONParser.parse(run.output)
            #expect(parsed.objectValue?.keys == ["asOf", "plans", "tonight", "sleep", "debt", "streaks", "exits", "scores", "insights", "regularity", "habits", "together", "copy", "warnings"])
        }
        #expect(ToolRun.run(testCase.arguments).output == run.output)
    }

    // MARK: The offline-queued confirm

    @Test(arguments: ["three-exits", "demo-exit"])
    func theFixturesAreSound(fixture: String) {
        let run = ToolRun.run(["verify", Self.log(fixture)])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        #expect(run.output.hasSuffix(": sound: \(fixture == "three-exits" ? 13 : 4) events, last seq \(fixture == "three-exits" ? 13 : 4)\n"))
    }

    @Test func exit3sConfirmReachedTheLogAfterExit4sRequestButCountsByItsAt() throws {
        let lines = try String(contentsOfFile: Self.log("three-exits"), encoding: .utf8).split(separator: "\n").map(String.init)
        let request4 = try #require(lines.first { $0.hasPrefix(#"{"seq":8,"#) })
        let confirm3 = try #require(lines.first { $0.hasPrefix(#"{"seq":9,"#) })
        #expect(request4.contains(#""type":"exitRequested","v":1,"at":"2026-11-30T22:30:00+01:00""#))
        #expect(confirm3.contains(#""type":"exitConfirmed","v":1,"at":"2026-11-30T21:33:00+01:00""#))
        // Folded by `at`, every exit event is accepted: no warnings.
        let all = try JSONParser.parse(ToolRun.run(["show", Self.log("three-exits"), "--json"]).output).objectValue
        #expect(all?["warnings"] == .array([]))
        // Without seq 9 the log did not know exit 3 was confirmed: its wait stayed pending,
        // so the early return and exit 4's request were skipped with warnings.
        let known = try JSONParser.parse(ToolRun.run(["show", Self.log("three-exits"), "--json", "--until-seq", "8"]).output).objectValue
        #expect(known?["warnings"]?.arrayValue?.count == 2)
    }
}
