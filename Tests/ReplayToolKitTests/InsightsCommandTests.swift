import Foundation
import ReplayToolKit
import StrictJSON
import Testing
import TestSupport

/// `replay-tool insights`: the coach's figures, each with the nights behind it, agreeing
/// with `show --json`'s `insights`.
struct InsightsCommandTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    @Test func theFiguresAreShowsAndTheNightsBehindThemAreListed() throws {
        let run = ToolRun.run(["insights", Self.sampleWeek])
        #expect(run.code == .success, "\(run.error)")
        Golden.assertMatches(run.output, golden: "replay-tool/insights-sample-week.txt")
        let show = ToolRun.run(["show", Self.sampleWeek, "--json"])
        let insights = try #require(try JSONParser.parse(show.output).objectValue?["insights"]?.objectValue)
        let body = try #require(insights["bodyClock"]?.objectValue)
        guard case .string(let work)? = body["workMidSleep"], case .string(let free)? = body["freeMidSleep"] else {
            Issue.record("no mid-sleeps in show --json")
            return
        }
        #expect(run.output.contains("work nights, mid-sleep \(work);"))
        #expect(run.output.contains("free nights, mid-sleep \(free) "))
        let window = try #require(insights["window"]?.objectValue)
        #expect(window["nights"] == .number(JSONNumber(7)))
        #expect(run.output.hasPrefix("window: 2026-11-09 … 2026-12-06, 7 of 28 nights with a sleep record\n"))
        // One row per counted night, and each reminder's nights, oldest first.
        #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("2026-1") && ($0.contains(" work ") || $0.contains(" free ")) }.count == 7)
        #expect(run.output.contains("    2026-11-30 after, 2026-12-01 after"))
    }

    @Test func asOfAnInstantItFoldsOnlyTheEventsBefore() {
        let run = ToolRun.run(["insights", Self.sampleWeek, "--at", "2026-12-02T12:00:00+01:00"])
        #expect(run.code == .success)
        #expect(run.output.hasPrefix("window: 2026-11-05 … 2026-12-02, 2 of 28 nights"), "\(run.output.prefix(80))")
        #expect(run.output.contains("body clock: 2 work nights"))
    }

    @Test func helpIsInTheUsualLayout() {
        let run = ToolRun.run(["insights", "--help"])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "replay-tool/help-insights.txt")
    }
}
