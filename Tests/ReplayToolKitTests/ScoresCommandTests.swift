import Foundation
import ReplayToolKit
import Testing
import TestSupport

/// `replay-tool scores`: a table per night and the summary statistics.
struct ScoresCommandTests {
    static let loggedNights = Golden.fixture("AppleScores/logged-nights.jsonl").path
    static let fortnight = Golden.fixture("Fortnight/fortnight.jsonl").path

    @Test(arguments: [
        (["scores", loggedNights], "scores-logged-nights.txt"),
        (["scores", loggedNights, "--preset", "deepFirst", "--from", "2027-01-14", "--to", "2027-01-16"], "scores-logged-nights-deep-first.txt"),
        (["scores", fortnight], "scores-fortnight.txt"),
    ])
    func scoresMatchTheirGolden(arguments: [String], golden: String) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: "replay-tool/\(golden)")
    }

    @Test func thePublishedNightShowsItsLoggedScoreAndError() {
        let run = ToolRun.run(["scores", Self.loggedNights, "--from", "2027-01-14", "--to", "2027-01-14"])
        let row = run.output.split(separator: "\n").first { $0.hasPrefix("2027-01-14") }
        let cells = row?.split(separator: " ").map(String.init) ?? []
        #expect(cells.suffix(3) == ["84", "84", "0"], "estimate 84, logged 84, error 0: \(row ?? "no row")")
    }

    @Test(arguments: [["scores", "x.jsonl", "--preset", "nightOwl"], ["scores", "x.jsonl", "--from", "2026-02-30"]])
    func badOptionsAreUsageErrors(arguments: [String]) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage)
        #expect(run.error.contains("Usage: replay-tool scores"))
    }

    @Test func helpIsInTheUsualLayout() {
        let run = ToolRun.run(["scores", "--help"])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "replay-tool/help-scores.txt")
    }
}
