import Foundation
import ReplayToolKit
import Testing
import TestSupport

/// `replay-tool scores`: a table per night and the summary statistics.
struct ScoresCommandTests {
    static let loggedNights = Golden.fixture("AppleScores/logged-nights.jsonl").path
    static let fortnight = Golden.fixture("Fortnight/fortnight.jsonl").path

    @Test(arguments: [
        // Every night of the log (a range: without one, the latest 14).
        (["scores", loggedNights, "--from", "2027-01-01"], "scores-logged-nights.txt"),
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

/// `scores --locale` translates the whole output (headers, bands, lines), German speaks of a
/// "Schlafwert", `scores` shows the latest 14 nights by default as `show` and `report` do,
/// and `insights` says "no nights" where it said "null".
struct ScoresWordsTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    @Test func germanTranslatesTheTableTheBandsAndTheLines() {
        let run = ToolRun.run(["scores", Self.sampleWeek, "--locale", "de"])
        #expect(run.code == .success, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Einstellungen: balanced (Dauer 35, Tiefschlaf 25, REM 10, Schlafenszeit 20, Unterbrechungen 10)")
        #expect(lines[1].split(separator: " ").map(String.init) == ["Nacht", "Dauer", "Tief", "REM", "Bettzeit", "Unterbr.", "Schlafwert", "Stufe", "Apple", "gesch.", "erfasst", "Abw."])
        #expect(lines.contains { $0.hasPrefix("2026-11-30  30,0 ") && $0.contains(" gut ") }, "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("2026-12-04  ") && $0.contains(" mittel ") })
        #expect(lines.contains("mittlerer Schlafwert: 87,9 über 7 Nächte"))
        #expect(lines.contains("Morgenzusammenfassungen (de):"))
        #expect(lines.contains("2026-11-30  Schlafwert 92. Tiefschlaf 65 von 60 Min. Die Dauer hat am meisten gekostet: 5 Punkte."))
        for english in ["settings", "duration", "interrupt.", "total", "band", "good", "fair", "mean score", "morning summaries", "Wert 92"] {
            #expect(!run.output.contains(" \(english)") && !run.output.hasPrefix(english), "\(english) left in: \(run.output)")
        }
    }

    @Test func arabicHeadersAndBandsAreArabic() {
        let run = ToolRun.run(["scores", Self.sampleWeek, "--locale", "ar"])
        #expect(run.code == .success)
        #expect(run.output.contains("الليلة") && run.output.contains("جيدة") && run.output.contains("متوسط الدرجة"))
        #expect(!run.output.contains("good") && !run.output.contains("band"))
    }

    @Test func englishIsAsItWas() {
        let run = ToolRun.run(["scores", Self.sampleWeek])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines[1] == "night       duration  deep  REM   bedtime  interrupt.  total  band  apple est.  logged  error")
        #expect(lines.contains("mean score: 87.9 over 7 nights"))
    }

    /// One default with `show` and `report`: the latest 14 nights up to the instant.
    @Test func withoutARangeScoresListTheLatest14Nights() throws {
        let folder = try TemporaryFolder()
        let simulated = ToolRun.run(["simulate", "--nights", "30", "--seed", "4"])
        let path = folder.path("month.jsonl")
        try simulated.output.write(toFile: path, atomically: true, encoding: .utf8)
        let run = ToolRun.run(["scores", path])
        let rows = run.output.split(separator: "\n").filter { $0.first?.isNumber == true }
        let summaryRows = rows.filter { $0.contains("  Score ") }
        let tableRows = rows.filter { !$0.contains("  Score ") }
        #expect(tableRows.count == 14, "\(run.output)")
        #expect(summaryRows.count == 14)
        #expect(run.output.contains("the latest 14 nights of "), "\(run.output)")
        #expect(run.output.contains(" with a score; --from and --to show others\n"))
        let latest = try #require(tableRows.last.map { String($0.prefix(10)) })
        let show = ToolRun.run(["show", path])
        #expect(show.output.contains("\n  \(latest)"), "the latest night is show's too")
        let all = ToolRun.run(["scores", path, "--from", "2000-01-01"])
        #expect(all.output.split(separator: "\n").filter { $0.contains("Score ") }.count > 14)
        #expect(!all.output.contains("the latest "))
    }

    @Test func insightsSayNoNightsNeverNull() {
        let run = ToolRun.run(["insights", Self.sampleWeek])
        #expect(run.output.contains("  followed: no nights; not followed: 7 nights, asleep 430 min, score 88\n"), "\(run.output)")
        #expect(!run.output.contains("null"))
        let early = ToolRun.run(["insights", Self.sampleWeek, "--at", "2026-12-01T12:00:00+01:00"])
        #expect(!early.output.contains("null"), "\(early.output)")
        #expect(early.output.contains("not known yet"))
    }

    @Test func checkpointFoldersAreIgnoredByGit() throws {
        let ignore = try String(contentsOf: ReadmeTourTests.repository.appendingPathComponent(".gitignore"), encoding: .utf8)
        let patterns = Set(ignore.split(separator: "\n").map(String.init))
        #expect(patterns.contains("*.checkpoints/"), "LOG.checkpoints beside a log")
        #expect(patterns.contains("*.checkpoint"), "a log set's DIR/checkpoints/seq-….checkpoint")
        let folder = try TemporaryFolder()
        let log = folder.path("tour.jsonl")
        try FileManager.default.copyItem(atPath: Self.sampleWeek, toPath: log)
        #expect(ToolRun.run(["checkpoint", log]).code == .success)
        let written = try FileManager.default.contentsOfDirectory(atPath: log + ".checkpoints")
        #expect(written.filter { $0.hasSuffix(".checkpoint") }.count > 0)
        #expect(written.allSatisfy { $0.hasSuffix(".checkpoint") || patterns.contains($0) }, "\(written)")
    }
}
