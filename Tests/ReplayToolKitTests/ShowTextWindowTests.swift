import Events
import Foundation
import Projections
import Testing
import TestSupport
@testable import ReplayToolKit
import StrictJSON

/// The text form of `replay-tool show` stays short however long the log or however far the
/// instant: tonight comes right after the instant line, and without a range each per-night
/// list (plans, sleep, exits by night, scores) shows a bounded window with a line naming how
/// many nights it leaves out and a `--from D --to D` that lists the closest of them. The
/// JSON view is not touched (its goldens stay byte-identical); it is used here as the truth
/// the text is checked against.
struct ShowTextWindowTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path
    static let fortnight = Golden.fixture("Fortnight/fortnight.jsonl").path
    /// Far in the future on the sample week: the plan list runs from the first planned
    /// night to asOf's night + 6, some 4,800 nights (26,392 lines of text before).
    static let farFuture = "2040-01-01T00:00:00+01:00"
    /// The most lines the far-future text may have.
    static let farFutureLineLimit = 100

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: Tonight first

    @Test(arguments: [
        [sampleWeek], [sampleWeek, "--at", farFuture], [sampleWeek, "--at", "2026-12-03T23:00:00+01:00"],
        [fortnight], [fortnight, "--from", "2026-11-20", "--to", "2026-11-22"],
    ])
    func tonightComesRightAfterTheInstantLine(_ arguments: [String]) {
        let run = ToolRun.run(["show"] + arguments)
        #expect(run.code == .success)
        let lines = Self.lines(run.output)
        #expect(lines[0].hasPrefix("as of "))
        // Then the range line when there is a range, a blank line, and tonight.
        let ranged = arguments.contains("--from")
        #expect(lines[1].isEmpty != ranged)
        #expect(lines[ranged ? 3 : 2].hasPrefix("tonight: "), "\(lines.prefix(4))")
    }

    @Test func aLogWithoutEventsStillPutsTonightFirst() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("empty.jsonl", "")
        let lines = Self.lines(ToolRun.run(["show", path, "--at", "2026-12-01T00:00:00Z"]).output)
        #expect(lines[2].hasPrefix("tonight: "))
    }

    // MARK: Far in the future

    @Test func farInTheFutureTheTextIsShortAndSaysWhatItLeavesOut() throws {
        let run = ToolRun.run(["show", Self.sampleWeek, "--at", Self.farFuture])
        #expect(run.code == .success)
        let lines = Self.lines(run.output)
        #expect(lines.count <= Self.farFutureLineLimit, "\(lines.count) lines")

        // The JSON view still lists every plan: the text's count is that.
        let json = try #require(try JSONParser.parse(ToolRun.run(["show", Self.sampleWeek, "--at", Self.farFuture, "--json"]).output).objectValue)
        let plans = try #require(json["plans"]?.arrayValue).compactMap { $0.objectValue?["night"]?.stringValue }
        #expect(plans.count > 4_000)
        #expect(lines.contains("plans: \(ShowListWindow.grouped(plans.count)) nights, 20 shown"))

        // The rows shown: the 14 nights ending with asOf's night (2039-12-31) and the 6
        // after it the plan list holds.
        let shown = Self.rows(of: "plans:", in: run.output)
        #expect(shown.first == "2039-12-18" && shown.last == "2040-01-06" && shown.count == 20)
        #expect(Array(plans.suffix(20)) == shown)

        let summary = try #require(Self.summary(of: "plans:", in: run.output, side: "earlier"))
        #expect(summary.count == plans.count - 20)
        #expect(summary.first == plans.first && summary.last == "2039-12-17")
        #expect(summary.from == "2039-12-04" && summary.to == "2039-12-17")
        // The lists without hidden nights say nothing more.
        #expect(run.output.contains("sleep: 7 nights\n"))
        #expect(!run.output.contains("later nights not shown"))
    }

    @Test func theSuggestedRangeListsTheNightsJustBeforeTheShownOnes() throws {
        let run = ToolRun.run(["show", Self.sampleWeek, "--at", Self.farFuture])
        let summary = try #require(Self.summary(of: "plans:", in: run.output, side: "earlier"))
        let ranged = ToolRun.run(["show", Self.sampleWeek, "--at", Self.farFuture, "--from", summary.from, "--to", summary.to])
        #expect(ranged.code == .success)
        let rows = Self.rows(of: "plans:", in: ranged.output)
        let from = try LocalDate(iso: summary.from)
        #expect(rows == (0..<14).map { from.adding(days: $0).iso })
        #expect(!ranged.output.contains(" not shown"), "with a range, everything in it is shown")
    }

    @Test func withARangeEverythingInItIsShown() throws {
        let run = ToolRun.run(["show", Self.sampleWeek, "--at", Self.farFuture, "--from", "2026-11-01", "--to", "2027-12-31"])
        #expect(run.code == .success)
        #expect(!run.output.contains(" not shown"))
        // 2026-11-30 to 2027-12-31: 397 nights.
        #expect(Self.rows(of: "plans:", in: run.output).count == 397)
        #expect(run.output.contains("plans: 397\n"))
    }

    // MARK: A long log

    /// A simulated log of 150 nights: every list is longer than its window.
    static func longLog(_ folder: TemporaryFolder) throws -> String {
        let simulated = ToolRun.run(["simulate", "--nights", "150", "--seed", "7", "--profile", "struggling"])
        #expect(simulated.code == .success)
        return try folder.write("long.jsonl", simulated.output)
    }

    @Test func onALongLogEachListShowsItsWindowAndSaysHowToAskForTheRest() throws {
        let folder = try TemporaryFolder()
        let path = try Self.longLog(folder)
        let text = ToolRun.run(["show", path]).output
        let json = try #require(try JSONParser.parse(ToolRun.run(["show", path, "--json"]).output).objectValue)
        let lines = Self.lines(text)
        #expect(lines.count < 200, "\(lines.count) lines")
        #expect(lines[2].hasPrefix("tonight: "))

        // Each list: its nights in the JSON view (the truth), the rows the text shows, and
        // what the summary line says of the nights before them.
        let lists: [(title: String, nights: [String])] = [
            ("plans:", try Self.nights(json["plans"])),
            ("sleep:", try Self.nights(json["sleep"])),
            ("exits:", Self.distinct(try Self.nights(json["exits"]?.objectValue?["byNight"]))),
            ("scores:", try Self.nights(json["scores"])),
        ]
        for (title, nights) in lists {
            let shown = Self.distinct(Self.rows(of: title, in: text))
            #expect(shown.count <= ShowListWindow.nightsUpToAsOf + ShowListWindow.nightsAfterAsOf, "\(title)")
            let firstShown = try #require(shown.first, "\(title)")
            let hidden = nights.filter { $0 < firstShown }
            #expect(hidden.count > ShowListWindow.suggestedNights, "\(title) the log is long enough to hide nights")
            let summary = try #require(Self.summary(of: title, in: text, side: "earlier"), "\(title)")
            #expect(summary.count == hidden.count, "\(title) names how many nights are hidden")
            #expect(summary.first == hidden.first && summary.last == hidden.last, "\(title)")
            // The range it suggests lists exactly the 14 hidden nights closest to the shown ones.
            let ranged = ToolRun.run(["show", path, "--from", summary.from, "--to", summary.to])
            #expect(ranged.code == .success)
            #expect(Self.distinct(Self.rows(of: title, in: ranged.output)) == Array(hidden.suffix(ShowListWindow.suggestedNights)), "\(title)")
        }
    }

    // MARK: The window and its words

    @Test func theWindowKeepsTheLatestNightsUpToAsOfAndAWeekAhead() throws {
        let start = try LocalDate(iso: "2026-01-01")
        let nights = (0..<40).map { start.adding(days: $0) }
        let window = ShowListWindow(nights: nights, asOfNight: start.adding(days: 29))
        #expect(window.shown == Array(nights[16...36]))
        #expect(window.earlier == Array(nights[..<16]))
        #expect(window.later == Array(nights[37...]))
        #expect(window.earlierLine == "  … 16 earlier nights not shown (2026-01-01 to 2026-01-16); --from 2026-01-03 --to 2026-01-16 shows the 14 before these\n")
        #expect(window.laterLine == "  … 3 later nights not shown (2026-02-07 to 2026-02-09); --from 2026-02-07 --to 2026-02-09 shows them\n")
        let short = ShowListWindow(nights: Array(nights.prefix(10)), asOfNight: start.adding(days: 29))
        #expect(short.showsEverything && short.earlierLine.isEmpty && short.laterLine.isEmpty)
        let all = ShowListWindow(showingAll: nights)
        #expect(all.showsEverything && all.shown == nights)
    }

    @Test(arguments: [(0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (1_986, "1,986"), (26_392, "26,392"), (1_234_567, "1,234,567")])
    func countsAreGroupedInThousands(value: Int, text: String) {
        #expect(ShowListWindow.grouped(value) == text)
    }

    @Test(arguments: [sampleWeek, fortnight, Golden.fixture("Plans/trip.jsonl").path, Golden.fixture("Plans/replaced-goal.jsonl").path])
    func plannedNightsAreThePlansNights(_ path: String) throws {
        for at in [nil, "2026-12-03T21:00:00+01:00", "2031-06-01T12:00:00Z"] {
            let fold = try LogStateFold.fold(path: path, at: try at.map { try Instant(rfc3339: $0) }, untilSeq: nil)
            let asOf = try #require(fold.asOf)
            let plans = fold.runner.state.nightPlans
            #expect(plans.plannedNights(asOf: asOf, nights: .all) == plans.plans(asOf: asOf).map(\.night))
        }
    }

    @Test func theDebtLineSaysWhatWeightedMeans() {
        let text = ToolRun.run(["show", Self.sampleWeek]).output
        #expect(text.contains("weighted 701 min (recent nights count more, scaled to 14 nights);"))
    }

    // MARK: Helpers

    /// The nights of the rows of the list titled `title` (rows start with two spaces and a
    /// date), in order.
    static func rows(of title: String, in text: String) -> [String] {
        guard let section = ShowNightRangeTests.section(title, of: text) else { return [] }
        return lines(section).dropFirst().compactMap { line in
            guard line.hasPrefix("  "), line.count >= 12 else { return nil }
            let date = String(line.dropFirst(2).prefix(10))
            return (try? LocalDate(iso: date)) != nil ? date : nil
        }
    }

    /// Each night once, in order.
    static func distinct(_ nights: [String]) -> [String] {
        var result: [String] = []
        for night in nights where result.last != night { result.append(night) }
        return result
    }

    /// The `night` of each row of a JSON list.
    static func nights(_ list: JSONValue?) throws -> [String] {
        try #require(list?.arrayValue).map { try #require($0.objectValue?["night"]?.stringValue) }
    }

    /// What a summary line of the list titled `title` says: `  … 1,986 earlier nights not
    /// shown (FIRST to LAST); --from FROM --to TO shows …`.
    struct Summary {
        var count: Int
        var first: String
        var last: String
        var from: String
        var to: String
    }

    static func summary(of title: String, in text: String, side: String) -> Summary? {
        guard let section = ShowNightRangeTests.section(title, of: text),
              let line = lines(section).first(where: { $0.hasPrefix("  … ") && $0.contains(" \(side) night") }) else { return nil }
        guard let pattern = try? Regex("… ([0-9,]+) \(side) nights? not shown \\(([0-9-]{10})(?: to ([0-9-]{10}))?\\); --from ([0-9-]{10}) --to ([0-9-]{10}) shows "),
              let match = line.firstMatch(of: pattern) else { return nil }
        func group(_ index: Int) -> String? { match.output[index].substring.map(String.init) }
        guard let count = group(1).flatMap({ Int($0.replacingOccurrences(of: ",", with: "")) }), let first = group(2),
              let from = group(4), let to = group(5) else { return nil }
        return Summary(count: count, first: first, last: group(3) ?? first, from: from, to: to)
    }
}
