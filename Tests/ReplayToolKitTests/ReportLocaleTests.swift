import Events
import Foundation
import Localization
import Projections
import Testing
import TestSupport
@testable import ReplayToolKit

/// `replay-tool report --locale`: every word of the text report and of the page in the
/// person's language, the page's `lang` and `dir`, a layout and charts that mirror in a
/// right-to-left language (the earliest night on the right), and the English report as it
/// was (its goldens, `ReportCommandTests`).
struct ReportLocaleTests {
    static let sampleWeek = ReportPageTests.sampleWeekLog
    static let fortnight = ReportPageTests.fortnightLog
    static let exits = Golden.fixture("Exits/three-exits.jsonl").path

    /// Today's English words of the report (text and page), each of which must not appear,
    /// as a whole word and in this case, in the German or Arabic report. Words the languages
    /// share (REM, the brand Apple, the tool's name) are not in it.
    static let englishLabels = [
        "MoreSleep report", "Nights", "Stages", "Sleep debt", "Streaks", "Latest score", "Exits", "Insights",
        "night", "nights", "planned", "actual", "late", "asleep", "deep", "core", "awake", "int.", "score", "apple", "exits",
        "with sleep data", "on average", "one bar", "no stage", "sleep onset", "short over", "with data", "weighted",
        "recent nights", "recovering", "recovered", "on target", "best", "current", "settings", "estimated",
        "duration", "bedtime", "interruptions", "interruption", "requested", "used", "cancelled", "waiting",
        "the last 4 weeks", "mid-sleep", "a row a night", "on the left", "on the right", "work night", "free night",
        "work nights", "free nights", "mean", "needed", "Slept", "hour", "hours", "minute", "minutes",
        "No sleep data", "No plan", "event", "events", "skipped", "warning", "lists them",
        "Sleep report", "as of", "Nights with data", "Average asleep", "7-night debt", "Streak", "no scored night",
        "Points per part", "Part", "Share", "Points", "Scored with", "Bedtime", "Planned", "Actual", "Difference",
        "Night without sleep data", "Confirmed", "Cancelled", "Work night", "Free night", "Counted nights", "Kind",
        "Onset", "Final wake", "Mid-sleep", "Night by night", "Without sleep data", "All figures", "Each night",
        "Night", "Late (min)", "Asleep", "Deep", "Core", "Awake", "Interruptions", "Score", "Apple est.",
        "Exits confirmed", "Exits cancelled", "Made by", "Scores use", "Sleep stages", "Stages shown", "time",
        "No stages recorded", "No exits", "No bedtime", "From", "to", "The two are", "apart", "out of", "points", "no data",
        "Duration", "Deep sleep", "REM sleep", "low", "fair", "good", "custom", "work", "free", "logged by hand",
        "no stages", "stages from", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun",
        "Mar", "May", "Jun", "Jul", "Sep", "Oct", "Dec",
    ]

    /// Month abbreviations German shares with English ("Nov."): English only in Arabic.
    static let sharedMonths = ["Jan", "Feb", "Apr", "Aug", "Nov"]

    /// The English labels found in `text`.
    static func englishLabels(in text: String, language: String) throws -> [String] {
        let labels = englishLabels + (language == "ar" ? sharedMonths : [])
        return try labels.filter { label in
            let pattern = "(?<![\\p{L}\\p{N}])" + NSRegularExpression.escapedPattern(for: label) + "(?![\\p{L}\\p{N}])"
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    /// The page's report in `locale`.
    static func report(_ page: ReportPageTests.Page, locale: String) throws -> PeriodReport {
        var report = try ReportPageTests.report(page)
        report.renderer = MessageRenderer(locale: MessageLocale(locale))
        return report
    }

    /// What a person reads on a page: every text node but the style sheet's, and the
    /// labels in attributes.
    static func readableText(_ root: PageOutline) -> String {
        var parts: [String] = []
        func walk(_ element: PageOutline) {
            if element.name == "style" { return }
            for name in ["aria-label", "title", "alt"] { if let value = element.attributes[name] { parts.append(value) } }
            if element.children.isEmpty { parts.append(element.text) }
            element.children.forEach(walk)
        }
        walk(root)
        return parts.joined(separator: "\n")
    }

    /// The x of each element of `chart` matching `filter`, in document order.
    static func xs(_ chart: PageOutline, _ name: String, attribute: String = "x", _ filter: (PageOutline) -> Bool = { _ in true }) -> [Double] {
        chart.all(name).filter(filter).compactMap { ReportPageTests.numbers(in: $0.attributes[attribute] ?? "").first }
    }

    // MARK: Every word in the language

    @Test(arguments: ["de", "ar"], [sampleWeek, fortnight, exits])
    func theTextReportHasNoEnglishLabel(_ locale: String, _ log: String) throws {
        let run = ToolRun.run(["report", log, "--locale", locale])
        #expect(run.code == .success, "\(run.error)")
        let found = try Self.englishLabels(in: run.output, language: locale)
        #expect(found.isEmpty, "\(found)\n\(run.output)")
        #expect(!run.output.contains("report."), "every message rendered, none shown by its id")
    }

    /// The edge cases too: no night, no sleep data, zero figures, text from the log.
    @Test(arguments: ["de", "ar"], ReportPageTests.Page.allCases)
    func noTextReportOrPageHasAnEnglishLabel(_ locale: String, _ page: ReportPageTests.Page) throws {
        var report = try Self.report(page, locale: locale)
        report.warningCount = 2
        let text = ReportTextRenderer.render(report, colour: false)
        let inText = try Self.englishLabels(in: text, language: locale)
        #expect(inText.isEmpty, "text: \(inText)")
        let root = try PageOutline.parse(ReportPageRenderer.render(report))
        let readable = Self.readableText(root)
        let onPage = try Self.englishLabels(in: readable, language: locale)
        #expect(onPage.isEmpty, "page: \(onPage)")
        #expect(!text.contains("report.") && !readable.contains("report."), "every message rendered, none shown by its id")
    }

    @Test func theCheckFindsTheEnglishReportsLabels() throws {
        let text = ToolRun.run(["report", Self.sampleWeek]).output
        let found = try Self.englishLabels(in: text, language: "de")
        for label in ["Nights", "Stages", "planned", "Slept", "Mon", "on target", "mid-sleep", "exits"] {
            #expect(found.contains(label), "\(label)")
        }
        let page = Self.readableText(try PageOutline.parse(ReportPageRenderer.render(try ReportPageTests.report(.sampleWeek))))
        #expect(try Self.englishLabels(in: page, language: "ar").count > 40)
    }

    /// Each isolate (U+2068 … U+2069) around an argument takes its direction from the first
    /// letter in it that is not inside a nested isolate. An argument whose letters are all in
    /// nested isolates (text rendered with isolates, then placed into another message as
    /// text) would run left to right in Arabic and read backwards ("6 Dec – 30 Nov").
    static func isolatesHidingTheirDirection(in text: String) -> [String] {
        var stack: [(start: String.UnicodeScalarView.Index, ownLetter: Bool, nestedLetter: Bool)] = []
        var found: [String] = []
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            let scalar = scalars[index]
            if scalar == "\u{2068}" {
                stack.append((index, false, false))
            } else if scalar == "\u{2069}", let closed = stack.popLast() {
                if !closed.ownLetter && closed.nestedLetter { found.append(String(scalars[closed.start...index])) }
                if !stack.isEmpty, closed.ownLetter || closed.nestedLetter { stack[stack.count - 1].nestedLetter = true }
            } else if scalar.properties.isAlphabetic, !stack.isEmpty {
                stack[stack.count - 1].ownLetter = true
            }
        }
        return found
    }

    @Test(arguments: ReportPageTests.Page.allCases)
    func noArabicIsolateHidesItsDirection(_ page: ReportPageTests.Page) throws {
        var report = try Self.report(page, locale: "ar")
        report.warningCount = 1
        for output in [ReportTextRenderer.render(report, colour: true), ReportPageRenderer.render(report)] {
            #expect(Self.isolatesHidingTheirDirection(in: output).isEmpty, "\(Self.isolatesHidingTheirDirection(in: output))")
        }
        #expect(Self.isolatesHidingTheirDirection(in: "\u{2068}\u{2068}الاثنين\u{2069} – \u{2068}الأحد\u{2069}\u{2069}").count == 1, "the check finds one")
    }

    @Test func numbersInArabicSentencesUseTheLocalesDigits() throws {
        let arabic = ToolRun.run(["report", Self.sampleWeek, "--locale", "ar"]).output
        let summary = try #require(arabic.split(separator: "\n").dropFirst().first)
        #expect(summary.contains("٧") && !summary.contains("7"), "\(summary)")
        #expect(arabic.contains("\u{2068}٥ س ٥٣ د\u{2069}"), "a duration in a sentence, in words and Arabic digits")
        // The tables' figures are data: Latin digits, as in every language.
        #expect(arabic.contains("2026-11-30 الاثنين   23:45   23:50"))
        let latin = ToolRun.run(["report", Self.sampleWeek, "--locale", "ar-u-nu-latn"]).output
        let latinSummary = try #require(latin.split(separator: "\n").dropFirst().first)
        #expect(latinSummary.contains("7") && !latinSummary.contains("٧"), "\(latinSummary)")
    }

    @Test(arguments: ["de", "ar"])
    func theSampleWeeksTextReportMatchesItsGolden(_ locale: String) {
        let run = ToolRun.run(["report", Self.sampleWeek, "--locale", locale])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "replay-tool/report-sample-week-\(locale).txt")
    }

    @Test func theGermanNightsAreNamedAsGermanAbbreviatesThem() throws {
        let words = MessageRenderer(locale: MessageLocale("de"))
        let night = try LocalDate(iso: "2026-11-30")
        #expect(ReportFormat.nightLabel(night, words) == "Mo. 30. Nov.")
        #expect(ReportPageSummary.dateLabel(night, words) == "Mo. 30. Nov. 2026")
        #expect(words.text(ReportPageSummary.periodLabel(from: night, to: try LocalDate(iso: "2026-12-06"), words)) == "Mo. 30. Nov. – So. 6. Dez. 2026")
        let english = MessageRenderer(locale: MessageLocale("en-GB"))
        #expect(english.text(ReportPageSummary.periodLabel(from: try LocalDate(iso: "2026-12-28"), to: try LocalDate(iso: "2027-01-03"), english)) == "Mon 28 Dec 2026 – Sun 3 Jan 2027")
        #expect(ReportPageSummary.axisLabel(night, english) == "Mon 30")
        let arabic = MessageRenderer(locale: MessageLocale("ar"))
        let label = ReportPageSummary.dateLabel(night, arabic).replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
        #expect(label == "الاثنين ٣٠ نوفمبر ٢٠٢٦")
    }

    // MARK: The Arabic page

    @Test(arguments: ReportPageTests.Page.allCases)
    func theArabicPageIsRightToLeftAndWellFormed(_ page: ReportPageTests.Page) throws {
        let html = ReportPageRenderer.render(try Self.report(page, locale: "ar"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"ar\" dir=\"rtl\">"))
        let root = try PageOutline.parse(html)
        #expect(root.attributes["lang"] == "ar" && root.attributes["dir"] == "rtl")
        #expect(root.all("h1").count == 1)
        for chart in root.all("svg") {
            #expect(chart.attributes["direction"] == "rtl", "\(chart.attributes["id"] ?? "?") says its direction")
            // Text is never mirrored: no transform on it or around it.
            for text in chart.all("text") { #expect(text.attributes["transform"] == nil) }
            #expect(chart.attributes["transform"] == nil && chart.all("g").isEmpty)
        }
        let english = ReportPageRenderer.render(try ReportPageTests.report(page))
        #expect(!english.contains("direction=\"rtl\""))
    }

    @Test func theStyleSheetSaysEverySideLogically() {
        let css = ReportPageStyle.css
        #expect(!css.contains("left") && !css.contains("right"), "no physical side: the layout mirrors under dir=\"rtl\"")
        #expect(css.contains("text-align: start") && css.contains("text-align: end"))
        #expect(css.contains("padding-inline: 0 8px") && css.contains("margin-inline-end: auto"))
    }

    // MARK: Charts mirror in a right-to-left language

    /// The charts of the sample week in `locale`, by id.
    static func charts(_ locale: String, page: ReportPageTests.Page = .sampleWeek) throws -> [String: PageOutline] {
        let root = try PageOutline.parse(ReportPageRenderer.render(try report(page, locale: locale)))
        return Dictionary(root.all("svg").map { ($0.attributes["id"] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: ["en-GB", "de", "ar"])
    func theEarliestNightIsOnTheLeftOrInArabicOnTheRight(_ locale: String) throws {
        let charts = try Self.charts(locale)
        let rightToLeft = locale == "ar"
        func earliestIsRightOfLatest(_ values: [Double], _ what: String) throws {
            let first = try #require(values.first, "\(what)")
            let last = try #require(values.last, "\(what)")
            #expect(values.count >= 2, "\(what)")
            #expect((first > last) == rightToLeft, "\(locale) \(what): earliest at \(first), latest at \(last)")
            #expect(values == (rightToLeft ? values.sorted(by: >) : values.sorted()), "\(locale) \(what): nights in order")
        }
        let debt = try #require(charts["debt-chart"])
        try earliestIsRightOfLatest(Self.xs(debt, "rect") { $0.classes.contains("debt-bar") }, "debt bars")
        try earliestIsRightOfLatest(Self.xs(debt, "text") { $0.attributes["text-anchor"] == "middle" && $0.classes.contains("axis") }, "night labels")
        let bedtime = try #require(charts["bedtime-chart"])
        try earliestIsRightOfLatest(Self.xs(bedtime, "circle", attribute: "cx") { $0.classes.contains("actual-point") }, "actual bedtimes")
        let path = try #require(bedtime.all("path").first { $0.classes.contains("actual-line") }?.attributes["d"])
        try earliestIsRightOfLatest(ReportPageTests.numbers(in: path).enumerated().filter { $0.offset % 2 == 0 }.map(\.element), "the bedtime line")
        let exits = try #require(charts["exit-chart"])
        try earliestIsRightOfLatest(Self.xs(exits, "rect") { $0.classes.contains("exit-confirmed") }, "exit bars")
        let midSleep = try #require(charts["midsleep-chart"])
        try earliestIsRightOfLatest(Self.xs(midSleep, "circle", attribute: "cx"), "mid-sleeps")
        // A night's stages: onset on the left, or in Arabic on the right.
        let hypnogram = try #require(charts["hypnogram-2026-11-30"])
        try earliestIsRightOfLatest(Self.xs(hypnogram, "rect") { $0.classes.contains("seg") }, "stages")
        // The value axis stands beside the plot's start: on the right in Arabic.
        let axisLabels = Self.xs(debt, "text") { $0.attributes["text-anchor"] == "end" }
        #expect(!axisLabels.isEmpty && axisLabels.allSatisfy { ($0 > SVGDebtChart.width / 2) == rightToLeft })
        // The score ring fills anticlockwise in Arabic.
        let arc = try #require(charts["score-ring"]?.all("circle").first { $0.classes.contains("ring-arc") })
        #expect((arc.attributes["transform"]?.contains("scale(-1 1)") == true) == rightToLeft)
    }

    /// Longer labels are spaced further apart: on the mid-sleep chart's 28 nights Arabic
    /// weekday names ("الأربعاء ١٨") keep clear of each other; English keeps its spacing.
    @Test func nightLabelsAreThinnedByTheirWidth() throws {
        for (locale, spacing) in [("en-GB", 52.0), ("ar", 68.5)] {
            let chart = try #require(try Self.charts(locale)["midsleep-chart"])
            let labels = chart.all("text").filter { $0.classes.contains("axis") && $0.attributes["text-anchor"] == "middle" }
            let xs = labels.compactMap { ReportPageTests.numbers(in: $0.attributes["x"] ?? "").first }
            #expect(xs.count >= 3, "\(locale)")
            for (a, b) in zip(xs, xs.dropFirst()) {
                #expect(abs(a - b) >= spacing - 0.01, "\(locale): labels \(abs(a - b)) apart")
            }
        }
    }

    /// Mirrored, not redrawn: every shape of the Arabic charts is the English one reflected
    /// about the middle of the view box.
    @Test(arguments: [ReportPageTests.Page.sampleWeek, .fortnight])
    func theArabicChartsAreTheEnglishOnesMirrored(_ page: ReportPageTests.Page) throws {
        let english = try Self.charts("en-GB", page: page)
        let arabic = try Self.charts("ar", page: page)
        #expect(Set(english.keys) == Set(arabic.keys))
        for (id, left) in english where id != "score-ring" {
            let right = try #require(arabic[id])
            let width = try #require(ReportPageTests.numbers(in: left.attributes["viewBox"] ?? "").dropFirst(2).first)
            func mirrored(_ a: Double, _ b: Double, _ what: String) {
                #expect(abs(a + b - width) < 0.02, "\(id) \(what): \(a) and \(b) are not mirrored about \(width / 2)")
            }
            let shapes = zip(left.all("rect"), right.all("rect"))
            #expect(left.all("rect").count == right.all("rect").count, "\(id)")
            for (l, r) in shapes {
                let lx = ReportPageTests.numbers(in: l.attributes["x"] ?? "").first ?? .nan
                let rx = ReportPageTests.numbers(in: r.attributes["x"] ?? "").first ?? .nan
                let w = ReportPageTests.numbers(in: l.attributes["width"] ?? "").first ?? .nan
                mirrored(lx, rx + w, "rect")
                #expect(l.attributes["y"] == r.attributes["y"] && l.attributes["height"] == r.attributes["height"])
            }
            for (l, r) in zip(left.all("circle"), right.all("circle")) {
                mirrored(ReportPageTests.numbers(in: l.attributes["cx"] ?? "").first ?? .nan, ReportPageTests.numbers(in: r.attributes["cx"] ?? "").first ?? .nan, "circle")
            }
            for (l, r) in zip(left.all("line"), right.all("line")) {
                mirrored(ReportPageTests.numbers(in: l.attributes["x1"] ?? "").first ?? .nan, ReportPageTests.numbers(in: r.attributes["x1"] ?? "").first ?? .nan, "line")
            }
            // The nights' labels are thinned by their width (Arabic weekday names are longer):
            // the latest night, always labelled, mirrors; the others are compared below.
            func isNightLabel(_ text: PageOutline) -> Bool {
                !id.hasPrefix("hypnogram") && text.classes.contains("axis") && text.attributes["text-anchor"] == "middle"
            }
            let leftNights = left.all("text").filter(isNightLabel)
            let rightNights = right.all("text").filter(isNightLabel)
            #expect(rightNights.count <= leftNights.count, "\(id)")
            if let l = leftNights.last, let r = rightNights.last {
                mirrored(ReportPageTests.numbers(in: l.attributes["x"] ?? "").first ?? .nan, ReportPageTests.numbers(in: r.attributes["x"] ?? "").first ?? .nan, "latest night's label")
            }
            let leftTexts = left.all("text").filter { !isNightLabel($0) }
            let rightTexts = right.all("text").filter { !isNightLabel($0) }
            #expect(leftTexts.count == rightTexts.count, "\(id)")
            for (l, r) in zip(leftTexts, rightTexts) {
                mirrored(ReportPageTests.numbers(in: l.attributes["x"] ?? "").first ?? .nan, ReportPageTests.numbers(in: r.attributes["x"] ?? "").first ?? .nan, "text")
                // The anchor keeps its logical meaning under direction="rtl".
                #expect(l.attributes["text-anchor"] == r.attributes["text-anchor"])
            }
        }
    }
}
