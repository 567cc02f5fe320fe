import Foundation
@testable import ReplayToolKit
import Testing
import TestSupport

/// `replay-tool report`: the text report, its colour rule, its period and its errors.
struct ReportCommandTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path
    static let fortnight = Golden.fixture("Fortnight/fortnight.jsonl").path
    static let exits = Golden.fixture("Exits/three-exits.jsonl").path

    @Test(arguments: [
        (["report", sampleWeek], "report-sample-week.txt"),
        (["report", fortnight], "report-fortnight.txt"),
        (["report", fortnight, "--from", "2026-11-20", "--to", "2026-11-23"], "report-fortnight-period.txt"),
        (["report", exits], "report-three-exits.txt"),
    ])
    func reportsMatchTheirGolden(arguments: [String], golden: String) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: "replay-tool/\(golden)")
    }

    @Test func helpIsInTheUsualLayout() {
        let run = ToolRun.run(["report", "--help"])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "replay-tool/help-report.txt")
    }

    @Test(arguments: [
        (true, [:], true),
        (false, [:], false),
        (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": ""], true),
        (false, ["NO_COLOR": "1"], false),
    ] as [(Bool, [String: String], Bool)])
    func colourOnlyOnATerminalWithoutNoColor(terminal: Bool, environment: [String: String], expected: Bool) {
        #expect(Painter.allowsColour(outputIsTerminal: terminal, environment: environment) == expected)
        let output = ToolRun.Capture()
        let console = ToolConsole(output: { output.append($0) }, error: { _ in }, readInput: { [] }, outputIsTerminal: terminal, environment: environment)
        #expect(ReplayTool.run(["report", Self.sampleWeek], console: console) == .success)
        #expect(output.text.contains("\u{1B}[") == expected)
    }

    @Test func colourChangesNoCharacterOfTheText() {
        let coloured = ToolRun.Capture()
        let console = ToolConsole(output: { coloured.append($0) }, error: { _ in }, readInput: { [] }, outputIsTerminal: true)
        #expect(ReplayTool.run(["report", Self.sampleWeek], console: console) == .success)
        let plain = ToolRun.run(["report", Self.sampleWeek]).output
        let stripped = coloured.text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain)
    }

    @Test func theDefaultPeriodEndsWithTheLatestKnownNightAndHoldsAtMostFourteen() throws {
        let fold = try LogStateFold.fold(path: Self.fortnight, at: nil, untilSeq: nil)
        let state = fold.runner.state
        let asOf = try #require(fold.asOf)
        let report = try #require(try PeriodReport.make(state: state, asOf: asOf, from: nil, to: nil, warningCount: 0))
        let current = state.nightPlans.night(holding: asOf)
        let known = PeriodReport.knownNights(in: state, asOf: asOf).filter { $0 <= current }
        let latest = try #require(known.last)
        let earliest = try #require(known.first)
        #expect(report.to == latest)
        #expect(report.from == max(earliest, latest.adding(days: -(PeriodReport.defaultNightCount - 1))))
        #expect(report.nights.map(\.night) == (0...report.to.days(from: report.from)).map { report.from.adding(days: $0) })
        #expect(earliest.days(from: latest) < -PeriodReport.defaultNightCount || report.from == earliest)
        // Only --from: to the latest known night; only --to: fourteen nights ending there.
        let fromOnly = try #require(try PeriodReport.make(state: state, asOf: asOf, from: latest.adding(days: -3), to: nil, warningCount: 0))
        #expect(fromOnly.nights.count == 4 && fromOnly.to == latest)
        let toOnly = try #require(try PeriodReport.make(state: state, asOf: asOf, from: nil, to: latest.adding(days: -1), warningCount: 0))
        #expect(toOnly.to == latest.adding(days: -1) && toOnly.from == max(earliest, toOnly.to.adding(days: -13)))
    }

    @Test func theStripOfANightCoversOnsetToWakeInQuarterHours() throws {
        let fold = try LogStateFold.fold(path: Self.sampleWeek, at: nil, untilSeq: nil)
        let state = fold.runner.state
        for night in state.sleep.nightsWithData {
            let hypnogram = try #require(state.sleep.hypnogram(for: night))
            let record = try #require(state.sleep.record(for: night))
            let span = record.finalWake.milliseconds(since: record.onset)
            let slots = (span + ReportTextRenderer.stripSlotMilliseconds - 1) / ReportTextRenderer.stripSlotMilliseconds
            let strip = ReportTextRenderer.strip(of: hypnogram)
            #expect(Int64(strip.count) == slots)
            #expect(strip.contains(.deep) && strip.contains(.rem) && strip.contains(.core))
        }
    }

    @Test(arguments: [
        (["report", sampleWeek, "--from", "2026-12-05", "--to", "2026-12-01"], "'--to 2026-12-01' is before '--from 2026-12-05'"),
        (["report", sampleWeek, "--from", "2026-02-30"], "'--from'"),
        (["report", sampleWeek, "--from", "2020-01-01", "--to", "2026-12-01"], "at most 366"),
        (["report", sampleWeek, "--at", "yesterday"], "'--at'"),
        (["report", sampleWeek, "--html", sampleWeek], "it is the log itself"),
        (["report"], "Missing expected argument '<log>'"),
    ])
    func badUsageSaysWhatAndWritesNothing(arguments: [String], message: String) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.error.contains("Usage: replay-tool report"))
        #expect(run.output.isEmpty)
    }

    @Test func aMissingLogIsNoInput() {
        let run = ToolRun.run(["report", "/nonexistent/log.jsonl"])
        #expect(run.code == .noInput)
        #expect(run.error.contains("/nonexistent/log.jsonl"))
    }

    @Test func anEmptyLogHasNothingToReport() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("empty.jsonl", "")
        let run = ToolRun.run(["report", path])
        #expect(run.code == .success)
        #expect(run.output == "The log has no events: nothing to report.\n")
    }

    @Test func theHTMLPageIsWrittenWholeWithMode600() throws {
        let folder = try TemporaryFolder()
        let page = folder.path("report.html")
        let run = ToolRun.run(["report", Self.sampleWeek, "--html", page])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.hasSuffix("HTML report written to \(page)\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: page)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let written = try String(contentsOfFile: page, encoding: .utf8)
        let fold = try LogStateFold.fold(path: Self.sampleWeek, at: nil, untilSeq: nil)
        let asOf = try #require(fold.asOf)
        let report = try #require(try PeriodReport.make(state: fold.runner.state, asOf: asOf, from: nil, to: nil, warningCount: 0))
        #expect(written == ReportPageRenderer.render(report))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func aPageInAMissingFolderIsAnIOErrorAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let page = folder.path("no/such/folder/report.html")
        let run = ToolRun.run(["report", Self.sampleWeek, "--html", page])
        #expect(run.code == .ioError)
        #expect(run.error.contains("cannot write the report to \(page)"))
        #expect(run.error.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: page))
    }

    @Test func anExistingPageIsReplacedWhole() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("report.html", String(repeating: "old ", count: 100_000))
        let run = ToolRun.run(["report", Self.sampleWeek, "--html", page])
        #expect(run.code == .success)
        let written = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!written.contains("old "))
    }
}
