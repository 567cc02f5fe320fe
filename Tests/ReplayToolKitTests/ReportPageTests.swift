import Events
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Projections
import Testing
import TestSupport
@testable import ReplayToolKit

/// The page of `replay-tool report --html` (`ReportPageRenderer`): well-formed, one
/// hypnogram per night with data, every chart an image with a title and a description,
/// nothing fetched, the palette, escaping, the same bytes every time, and no NaN on the
/// fixtures and on the edge cases (no night, one night, no sleep data, a manual night,
/// zero-length stages).
struct ReportPageTests {
    // MARK: The reports

    /// A report the page is rendered from.
    enum Page: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The bundled sample week: 7 staged nights, exits.
        case sampleWeek
        /// The bundled fortnight: a manual night, a phone night, a night without data,
        /// another zone.
        case fortnight
        /// The fortnight's manual night alone.
        case manualNightAlone
        /// The fortnight's last night alone.
        case singleNight
        /// A week before the sample week's plans: nights with nothing.
        case nightsWithNothing
        /// The sample week with every night's sleep data removed, the plans kept.
        case allSleepMissing
        /// No night at all.
        case noNight
        /// Zero everywhere: zero-length stages, an empty hypnogram, a zero score and debt.
        case zeroes
        /// Text from the log with `<&"'` in it: a zone, a source, the score settings.
        case hostileText

        var testDescription: String { rawValue }
    }

    static let sampleWeekLog = Golden.fixture("SampleWeek/sample-week.jsonl").path
    static let fortnightLog = Golden.fixture("Fortnight/fortnight.jsonl").path

    /// The text put into the hostile report.
    static let hostileZone = "Europe/<Berlin> & \"Mitte\" 'x'"
    static let hostileSource = "<script>alert(\"x\")</script> & co"
    static let hostilePreset = "</style><b>\"mine\" & 'yours'"

    /// Folds `path` to its end and gathers the report over `from`…`to` (default period when nil).
    static func folded(_ path: String, from: String? = nil, to: String? = nil) throws -> PeriodReport {
        let fold = try LogStateFold.fold(path: path, at: nil, untilSeq: nil)
        let asOf = try #require(fold.asOf)
        let report = try PeriodReport.make(
            state: fold.runner.state, asOf: asOf,
            from: try from.map { try LocalDate(iso: $0) }, to: try to.map { try LocalDate(iso: $0) },
            warningCount: fold.runner.warnings.all.count
        )
        return try #require(report)
    }

    /// The report of `from`…`to`, nights none of which the log knows. `report` no longer
    /// makes one (it says the period holds none of the log's nights), but the page must
    /// still hold up on nights with nothing, so it is gathered here row by row.
    static func emptyPeriod(_ path: String, from: String, to: String) throws -> PeriodReport {
        let fold = try LogStateFold.fold(path: path, at: nil, untilSeq: nil)
        let state = fold.runner.state
        let asOf = try #require(fold.asOf)
        let first = try LocalDate(iso: from)
        let last = try LocalDate(iso: to)
        #expect(throws: PeriodReport.PeriodProblem.self) {
            try PeriodReport.make(state: state, asOf: asOf, from: first, to: last, warningCount: 0)
        }
        return PeriodReport(
            from: first, to: last, asOf: asOf,
            nights: (0...last.days(from: first)).map { PeriodReport.row(for: first.adding(days: $0), in: state) },
            debt: state.sleepDebt(endingWith: last), streaks: state.streaks(at: asOf),
            scorePreset: state.scoreInputs.settings.preset, warningCount: 0, insights: state.insights(at: asOf),
            regularity: state.regularity(at: asOf), habits: state.habits(at: asOf),
            raster: (0...last.days(from: first)).map { PeriodReport.rasterRow(for: first.adding(days: $0), in: state) }
        )
    }

    static func report(_ page: Page) throws -> PeriodReport {
        switch page {
        case .sampleWeek:
            return try folded(sampleWeekLog)
        case .fortnight:
            return try folded(fortnightLog)
        case .manualNightAlone:
            return try folded(fortnightLog, from: "2026-11-23", to: "2026-11-23")
        case .singleNight:
            return try folded(fortnightLog, from: "2026-11-29", to: "2026-11-29")
        case .nightsWithNothing:
            return try emptyPeriod(sampleWeekLog, from: "2026-11-01", to: "2026-11-07")
        case .allSleepMissing:
            var report = try folded(sampleWeekLog)
            for index in report.nights.indices {
                report.nights[index].record = nil
                report.nights[index].hypnogram = nil
                report.nights[index].score = nil
                report.nights[index].appleEstimate = nil
                report.nights[index].balanceMinutes = nil
                report.nights[index].wentToBed = nil
            }
            return report
        case .noNight:
            var report = try folded(sampleWeekLog)
            report.nights = []
            return report
        case .zeroes:
            var report = try folded(sampleWeekLog)
            for index in report.nights.indices {
                report.nights[index].debtMinutes = 0
                report.nights[index].exits = []
            }
            report.debt.last7Minutes = 0
            // An empty hypnogram on an instant-long record.
            let first = try #require(report.nights[0].record)
            report.nights[0].record?.finalWake = first.onset
            report.nights[0].hypnogram?.segments = []
            // Zero-length segments.
            let onset = try #require(report.nights[1].record?.onset)
            report.nights[1].record?.finalWake = onset
            report.nights[1].hypnogram?.segments = [
                .init(level: .core, start: onset, end: onset), .init(level: .deep, start: onset, end: onset),
            ]
            // A zero score.
            let score = try #require(report.nights[6].score)
            report.nights[6].score = NightScore(
                night: score.night, parts: score.parts.mapValues { _ in 0 }, weights: score.weights.mapValues { _ in 0 },
                unroundedTotal: 0, deepTargetMinutes: 0, bedtimeReference: nil
            )
            return report
        case .hostileText:
            var report = try folded(sampleWeekLog)
            for index in report.nights.indices {
                report.nights[index].record?.timeZone = hostileZone
                report.nights[index].record?.stagedSource = hostileSource
            }
            report.scorePreset = hostilePreset
            return report
        }
    }

    // MARK: Well-formed, one hypnogram per night with data

    @Test(arguments: Page.allCases)
    func thePageIsWellFormedXML(_ page: Page) throws {
        let html = ReportPageRenderer.render(try Self.report(page))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en-GB\" dir=\"ltr\">"))
        let root = try PageOutline.parse(html)
        #expect(root.name == "html")
        #expect(root.attributes["lang"] == "en-GB")
        #expect(root.attributes["dir"] == "ltr")
        #expect(root.all("h1").count == 1)
        #expect(root.all("main").count == 1)
        let title = try #require(root.all("title").first { $0.parent?.name == "head" })
        #expect(title.text.hasPrefix("Sleep report, "))
        #expect(root.all("meta").contains { $0.attributes["charset"] == "utf-8" })
    }

    @Test(arguments: [
        "<p>open", "<p><br></p>", "<p class=x>unquoted</p>", "<p>&nbsp;</p>", "<p>a & b</p>", "<p></div>", "<p>1</p><p>2</p>",
    ])
    func theCheckRejectsWhatIsNotWellFormed(_ markup: String) {
        #expect(throws: PageOutline.ParseFailure.self) { try PageOutline.parse(markup) }
    }

    @Test(arguments: Page.allCases)
    func thereIsOneHypnogramPerNightWithData(_ page: Page) throws {
        let report = try Self.report(page)
        let root = try PageOutline.parse(ReportPageRenderer.render(report))
        let hypnograms = root.all("svg").filter { $0.classes.contains("hypnogram") }
        let nightsWithData = report.nights.filter { $0.hypnogram != nil }
        #expect(hypnograms.map { $0.attributes["id"] ?? "" } == nightsWithData.map { "hypnogram-\($0.night.iso)" })
        for (chart, row) in zip(hypnograms, nightsWithData) {
            let segments = chart.all("rect").filter { $0.classes.contains("seg") }
            #expect(segments.count == row.hypnogram?.segments.count, "\(row.night.iso)")
            if page != .zeroes || row.night != report.nights[0].night {
                #expect(!segments.isEmpty, "\(row.night.iso) has a segment")
            }
            let description = try #require(chart.children.first { $0.name == "desc" })
            #expect(description.text.hasPrefix(row.sentence(report.renderer)), "the night's sentence is the chart's description")
        }
    }

    @Test func theFixturesHaveTheNightsTheTestsExpect() throws {
        let fortnight = try Self.report(.fortnight)
        #expect(fortnight.nights.count == 14)
        #expect(fortnight.nights.filter { $0.hypnogram != nil }.count == 13)
        #expect(fortnight.nights.contains { $0.record?.source == .manual })
        #expect(fortnight.nights.contains { $0.record?.source == .samples && $0.record?.stagedSource == nil })
        let week = try Self.report(.sampleWeek)
        #expect(week.nights.count == 7)
        #expect(week.nights.allSatisfy { $0.hypnogram != nil })
        #expect(week.nights.contains { $0.confirmedExits > 0 } && week.nights.contains { $0.cancelledExits > 0 })
        #expect(try Self.report(.nightsWithNothing).nights.allSatisfy { $0.record == nil && $0.plannedBedtime == nil })
    }

    @Test func aManualNightIsOneUnstagedBarOnItsOwnRow() throws {
        let root = try PageOutline.parse(ReportPageRenderer.render(try Self.report(.manualNightAlone)))
        let chart = try #require(root.all("svg").first { $0.attributes["id"] == "hypnogram-2026-11-23" })
        #expect(chart.all("rect").map(\.classes) == [["seg", "seg-asleep"]])
        #expect(chart.all("text").map(\.text).contains("Asleep"))
    }

    // MARK: Accessible

    @Test(arguments: Page.allCases)
    func everyChartIsAnImageWithATitleAndADescription(_ page: Page) throws {
        let root = try PageOutline.parse(ReportPageRenderer.render(try Self.report(page)))
        let charts = root.all("svg")
        #expect(!charts.isEmpty)
        for chart in charts {
            let id = chart.attributes["id"] ?? "?"
            #expect(chart.attributes["role"] == "img", "\(id)")
            let title = chart.children.first { $0.name == "title" }
            let description = chart.children.first { $0.name == "desc" }
            #expect(title.map { !$0.text.isEmpty } == true, "\(id) has a title")
            #expect(description.map { !$0.text.isEmpty } == true, "\(id) has a description")
            #expect(chart.attributes["aria-labelledby"] == title?.attributes["id"], "\(id)")
            #expect(chart.attributes["aria-describedby"] == description?.attributes["id"], "\(id)")
        }
        let ids = root.all().compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "ids are unique")
        // Every value the bar and line charts draw is also in the table: a row per night.
        let table = try #require(root.all("table").first { $0.classes.contains("figures") && !$0.classes.contains("counted") })
        #expect(table.all("tbody").first?.children.filter { $0.name == "tr" }.count == (try Self.report(page)).nights.count)
        // And every mid-sleep the insights' chart draws: a row per counted night.
        let counted = try Self.report(page).insights.countedNights.count
        let countedTable = root.all("table").first { $0.classes.contains("counted") }
        #expect(countedTable?.all("tbody").first?.children.filter { $0.name == "tr" }.count ?? 0 == counted)
    }

    @Test func theSampleWeekPageSaysItsFiguresInWords() throws {
        let report = try Self.report(.sampleWeek)
        let root = try PageOutline.parse(ReportPageRenderer.render(report))
        let stats = root.all("dd").map(\.text)
        #expect(stats.contains { $0.hasPrefix("7 of 7") })
        #expect(stats.contains { $0.hasPrefix("7h10") }, "average asleep, as the text report says")
        #expect(stats.contains { $0.hasPrefix("5h53") }, "7-night debt")
        #expect(stats.contains { $0.hasPrefix("0 nights") && $0.contains("best 1 night") })
        #expect(stats.contains { $0.hasPrefix("90") && $0.contains("good") })
        let descriptions = Dictionary(root.all("desc").map { ($0.attributes["id"] ?? "", $0.text) }, uniquingKeysWith: { first, _ in first })
        #expect(descriptions["score-ring-desc"]?.hasPrefix("Score 90 out of 100, good, for the night of Sun 6 Dec 2026, with the balanced settings.") == true)
        #expect(descriptions["exit-chart-desc"]?.hasPrefix("3 exits requested over the 7 nights: 2 confirmed") == true)
        #expect(descriptions["bedtime-chart-desc"]?.contains("Planned bedtime on 7 of 7 nights, from 22:30 to 23:45.") == true)
        #expect(descriptions["debt-chart-desc"]?.contains("to 5h53 on Sun 6 Dec") == true)
        #expect(root.all("h2").map(\.text) == ["Latest score", "Bedtime: planned and actual", "Sleep debt", "Exits", "Insights: the last 4 weeks", "Regularity", "Night by night", "All figures"])
        #expect(descriptions["midsleep-chart-desc"]?.hasPrefix("From 2026-11-09 to 2026-12-06: 5 work nights, mid-sleep 03:20 on average. 2 free nights, mid-sleep 02:41 on average. The two are 40 minutes apart.") == true, "\(descriptions["midsleep-chart-desc"] ?? "none")")
        #expect(root.all("p").map(\.text).contains { $0.hasPrefix("On work nights the middle of your sleep falls around 03:20") })
    }

    @Test func everyTextColourHasEnoughContrastInBothSchemes() throws {
        let css = ReportPageStyle.css
        let light = try #require(css.range(of: "@media (prefers-color-scheme: light)"))
        let schemes = [("dark", Self.customProperties(String(css[..<light.lowerBound]))), ("light", Self.customProperties(String(css[light.lowerBound...])))]
        for (scheme, colours) in schemes {
            for text in ["text", "muted", "accent-text", "aqua-text", "rose-text"] {
                for ground in ["bg", "bg-deep", "surface"] {
                    let ratio = try Self.contrast(try #require(colours[text], "\(scheme) --\(text)"), try #require(colours[ground], "\(scheme) --\(ground)"))
                    #expect(ratio >= 4.5, "\(scheme): --\(text) on --\(ground) is \(ratio):1")
                }
            }
        }
        // The issue's palette, as the dark scheme's.
        let dark = schemes[0].1
        #expect(dark["bg"] == "#14152E" && dark["surface"] == "#1E2046" && dark["accent"] == "#6C7BFF" && dark["aqua"] == "#4FD1E6")
        #expect(dark["awake"] == "#FF8FB1" && dark["core"] == "#6C7BFF" && dark["deep"] == "#3D4ABF" && dark["rem"] == "#4FD1E6")
        #expect(dark["low"] == "#FF8FB1" && dark["fair"] == "#6C7BFF" && dark["good"] == "#4FD1E6")
        let stages = ["awake", "rem", "core", "deep", "asleep"]
        #expect(Set(stages.compactMap { dark[$0] }).count == stages.count, "five distinct stage colours")
        #expect(Set(stages.compactMap { schemes[1].1[$0] }).count == stages.count, "five distinct stage colours in the light scheme")
    }

    // MARK: Self-contained

    @Test(arguments: Page.allCases)
    func nothingReachesOutsideThePage(_ page: Page) throws {
        let html = ReportPageRenderer.render(try Self.report(page)).lowercased()
        for forbidden in ["http:", "https:", "src=", "href=", "url(", "@import", "<link", "<script", "<img", "<iframe", "<object", "@font-face"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
    }

    @Test(arguments: Page.allCases)
    func theChartsHoldNoNaNOrInfinity(_ page: Page) throws {
        let html = ReportPageRenderer.render(try Self.report(page))
        #expect(!html.contains("NaN") && !html.lowercased().contains("inf\""))
        let root = try PageOutline.parse(html)
        let numeric: Set<String> = ["x", "y", "width", "height", "rx", "cx", "cy", "r", "x1", "y1", "x2", "y2", "viewBox", "d", "stroke-dasharray", "transform"]
        for chart in root.all("svg") {
            for element in chart.all() {
                for (name, value) in element.attributes where numeric.contains(name) {
                    let numbers = Self.numbers(in: value)
                    #expect(!numbers.isEmpty, "\(element.name) \(name)=\"\(value)\"")
                    #expect(numbers.allSatisfy { $0.isFinite }, "\(element.name) \(name)=\"\(value)\"")
                    if ["width", "height", "r"].contains(name) {
                        #expect(numbers.allSatisfy { $0 >= 0 }, "\(element.name) \(name)=\"\(value)\"")
                    }
                }
            }
        }
        for element in root.all("span") {
            guard let style = element.attributes["style"] else { continue }
            let share = try #require(Self.numbers(in: style).first)
            #expect(share >= 0 && share <= 100, "\(style)")
        }
    }

    // MARK: Colours

    @Test func theStylesHoldThePaletteAndALightScheme() {
        let css = ReportPageStyle.css
        for colour in ["#14152E", "#1E2046", "#6C7BFF", "#4FD1E6", "#FF8FB1", "#3D4ABF", "#8C90C8"] {
            #expect(css.contains(colour), "\(colour)")
        }
        #expect(css.contains("@media (prefers-color-scheme: light)"))
        #expect(!css.contains("<") && !css.contains("&"), "the style sheet stays well-formed XML")
        for level in Hypnogram.Level.allCases {
            #expect(css.contains(".seg-\(level.rawValue) { fill: var(--\(level.rawValue)); }"), "\(level)")
        }
        #expect(css.contains(".ring-low { stroke: var(--low); }"))
        #expect(css.contains(".ring-fair { stroke: var(--fair); }"))
        #expect(css.contains(".ring-good { stroke: var(--good); }"))
    }

    @Test(arguments: [(0, nil), (1, "ring-low"), (49, "ring-low"), (50, "ring-fair"), (74, "ring-fair"), (75, "ring-good"), (100, "ring-good")] as [(Int, String?)])
    func theScoreRingTakesItsBandsColour(total: Int, arcClass: String?) throws {
        let report = try Self.report(.sampleWeek)
        var row = try #require(report.latestScored)
        let score = try #require(row.score)
        row.score = NightScore(
            night: score.night, parts: score.parts, weights: score.weights, unroundedTotal: Double(total),
            deepTargetMinutes: score.deepTargetMinutes, bedtimeReference: score.bedtimeReference
        )
        let ring = try PageOutline.parse(try #require(SVGScoreRing.render(row, preset: "balanced", report.renderer)))
        let arc = ring.all("circle").first { $0.classes.contains("ring-arc") }
        #expect(arc?.classes.last == arcClass)
        #expect(ring.all("text").first?.text == "\(total)")
        if let arc {
            let dash = Self.numbers(in: arc.attributes["stroke-dasharray"] ?? "")
            #expect(dash.count == 2)
            #expect(abs((dash.first ?? 0) / (dash.last ?? 1) - Double(total) / 100) < 0.001)
        }
    }

    // MARK: Escaping, determinism

    @Test func textFromTheLogIsEscaped() throws {
        let html = ReportPageRenderer.render(try Self.report(.hostileText))
        for raw in [Self.hostileZone, Self.hostileSource, Self.hostilePreset, "<script", "<b>", "</style><b>"] {
            #expect(!html.contains(raw), "\(raw) appears unescaped")
        }
        #expect(html.contains("Europe/&lt;Berlin&gt; &amp; &quot;Mitte&quot; &#39;x&#39;"))
        let root = try PageOutline.parse(html)
        #expect(root.all("script").isEmpty && root.all("b").isEmpty)
        let text = root.all("p").map(\.text).joined(separator: "\n")
        #expect(text.contains("\(Self.hostileZone) time"), "the parsed page reads the zone as it was")
        #expect(text.contains("stages from \(Self.hostileSource)"))
        #expect(text.contains("Scored with the \(Self.hostilePreset) settings."))
        #expect(root.all("desc").contains { $0.text.contains("in \(Self.hostileZone) time") })
    }

    @Test(arguments: [
        ("plain", "plain"), ("a<b>&\"c\"'d'", "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;"), ("tab\tline\n", "tab\tline\n"),
        ("nul\u{0}bell\u{7}del\u{7F}", "nul\u{FFFD}bell\u{FFFD}del\u{FFFD}"), ("Zürich – 🌙", "Zürich – 🌙"),
    ])
    func escapingKeepsTextAndNeutralisesMarkup(raw: String, escaped: String) {
        #expect(ReportPageMarkup.escape(raw) == escaped)
    }

    @Test(arguments: Page.allCases)
    func theSameReportGivesTheSameBytes(_ page: Page) throws {
        let first = ReportPageRenderer.render(try Self.report(page))
        let second = ReportPageRenderer.render(try Self.report(page))
        #expect(first == second)
    }

    // MARK: Numbers and clock positions

    @Test(arguments: [
        (12.5, "12.5"), (3, "3"), (-0.25, "-0.25"), (0.004, "0"), (-0.004, "0"), (1.125, "1.13"), (-1.125, "-1.13"),
        (Double.nan, "0"), (Double.infinity, "0"), (-Double.infinity, "0"), (1e300, "0"), (123_456.789, "123456.79"),
    ])
    func numbersAreWrittenWithoutLocaleOrNaN(value: Double, text: String) {
        #expect(SVGNumber.format(value) == text)
    }

    @Test func fixedDecimalsKeepTheirZeros() {
        #expect(SVGNumber.fixed(25, places: 1) == "25.0")
        #expect(SVGNumber.fixed(28.66, places: 1) == "28.7")
        #expect(SVGNumber.fixed(-0.04, places: 1) == "0.0")
        #expect(SVGNumber.fixed(.nan, places: 2) == "0.00")
    }

    @Test(arguments: [
        ("2026-11-30T22:30:00+01:00", "2026-11-30", 630.0, "22:30"),
        ("2026-12-01T00:40:00+01:00", "2026-11-30", 760.0, "00:40"),
        ("2026-11-30T12:00:00+01:00", "2026-11-30", 0.0, "12:00"),
        ("2026-12-01T11:59:00-05:00", "2026-11-30", 1439.0, "11:59"),
        ("2027-03-01T01:00:00+01:00", "2026-11-30", 2160.0, "00:00"),
    ])
    func bedtimesAcrossMidnightFollowOnFromTheEvening(instant: String, night: String, minutes: Double, clock: String) throws {
        let value = SVGBedtimeChart.minutesAfterNoon(try Instant(rfc3339: instant), night: try LocalDate(iso: night))
        #expect(value == minutes)
        #expect(SVGBedtimeChart.clock(minutesAfterNoon: value) == clock)
    }

    @Test func aBedtimeAfterMidnightIsDrawnBelowOneBefore() throws {
        var report = try Self.report(.sampleWeek)
        report.nights = Array(report.nights.prefix(2))
        report.nights[0].plannedBedtime = try Instant(rfc3339: "2026-11-30T22:30:00+01:00")
        report.nights[0].wentToBed = try Instant(rfc3339: "2026-11-30T22:30:00+01:00")
        report.nights[1].plannedBedtime = try Instant(rfc3339: "2026-12-02T00:40:00+01:00")
        report.nights[1].wentToBed = try Instant(rfc3339: "2026-12-02T00:40:00+01:00")
        let chart = try PageOutline.parse(SVGBedtimeChart.render(report))
        let points = chart.all("circle").filter { $0.classes.contains("actual-point") }.map { Self.numbers(in: $0.attributes["cy"] ?? "").first ?? 0 }
        #expect(points.count == 2)
        let gap = (points.last ?? 0) - (points.first ?? 0)
        #expect(gap > 0, "later is lower")
        let labels = chart.all("text").map(\.text)
        #expect(labels.contains("22:00") && labels.contains("01:00"), "\(labels)")
        let plotHeight = SVGBedtimeChart.height - SVGBedtimeChart.top - SVGBedtimeChart.bottom
        #expect(gap < plotHeight, "2 h 10 min apart, not 22 hours")
    }

    @Test func aNightWithoutAPlanLeavesAGapInThePlannedLine() throws {
        var report = try Self.report(.sampleWeek)
        report.nights[3].plannedBedtime = nil
        let chart = try PageOutline.parse(SVGBedtimeChart.render(report))
        let planned = try #require(chart.all("path").first { $0.classes.contains("planned-line") })
        let moves = (planned.attributes["d"] ?? "").filter { $0 == "M" }.count
        #expect(moves == 2)
        #expect(chart.all("circle").filter { $0.classes.contains("planned-point") }.count == 6)
    }

    @Test func hypnogramTimesAreTheNightsLocalHours() throws {
        let report = try Self.report(.fortnight)
        let row = try #require(report.nights.first { $0.record?.timeZone == "America/New_York" })
        let record = try #require(row.record)
        let chart = try PageOutline.parse(try #require(SVGHypnogram.render(row, report.renderer)))
        let labels = chart.all("text").map(\.text)
        #expect(labels.contains(ReportFormat.clock(record.onset)) && labels.contains(ReportFormat.clock(record.finalWake)))
        let hours = labels.filter { $0.count == 5 && $0.hasSuffix(":00") }
        #expect(!hours.isEmpty)
        #expect(chart.children.first { $0.name == "desc" }?.text.contains("in America/New_York time") == true)
    }

    // MARK: Helpers

    /// The numbers in an attribute value ("M12.5 3 L4 -2", "rotate(-90 100 100)", "width: 82%");
    /// a `NaN` or `inf` in it comes back as a number that is not finite.
    static func numbers(in value: String) -> [Double] {
        guard let pattern = try? Regex("(?i)-?(?:nan|inf(?:inity)?|[0-9]+(?:\\.[0-9]+)?(?:e-?[0-9]+)?|\\.[0-9]+)") else { return [.nan] }
        return value.matches(of: pattern).map { Double(String(value[$0.range]).lowercased()) ?? .nan }
    }

    /// `--name: #RRGGBB` custom properties of a style sheet part.
    static func customProperties(_ css: String) -> [String: String] {
        var properties: [String: String] = [:]
        for declaration in css.split(whereSeparator: { $0 == ";" || $0 == "{" || $0 == "\n" }) {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#"), properties[String(parts[0].dropFirst(2))] == nil else { continue }
            properties[String(parts[0].dropFirst(2))] = parts[1]
        }
        return properties
    }

    /// The WCAG contrast ratio of two `#RRGGBB` colours.
    static func contrast(_ first: String, _ second: String) throws -> Double {
        func luminance(_ hex: String) throws -> Double {
            let value = try #require(UInt32(hex.dropFirst(), radix: 16))
            let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel -> Double in
                let c = Double(channel) / 255
                return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (a, b) = (try luminance(first), try luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// A page parsed with Foundation's XMLParser into a small tree, to query its elements.
final class PageOutline {
    let name: String
    let attributes: [String: String]
    private(set) var children: [PageOutline] = []
    private(set) weak var parent: PageOutline?
    private var ownText = ""

    init(name: String, attributes: [String: String], parent: PageOutline?) {
        self.name = name
        self.attributes = attributes
        self.parent = parent
    }

    /// The element's text, its descendants' included.
    var text: String { ownText + children.map(\.text).joined() }

    /// Its classes.
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// Every element below it named `name` (every element when nil), in document order.
    func all(_ name: String? = nil) -> [PageOutline] {
        children.flatMap { child in (name == nil || child.name == name ? [child] : []) + child.all(name) }
    }

    /// Parses `markup` (the `<!DOCTYPE html>` line is removed first: it is not XML's). Throws
    /// when the markup is not well-formed XML.
    static func parse(_ markup: String) throws -> PageOutline {
        var xml = markup
        if xml.hasPrefix("<!DOCTYPE html>") { xml.removeFirst("<!DOCTYPE html>".count) }
        let builder = Builder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = builder
        let parsed = parser.parse()
        // XMLParser on Linux can answer true for a document cut short: the builder checks
        // the nesting itself, and keeps the errors the parser reports.
        let problems = builder.problems + (parser.parserError.map { ["\($0)"] } ?? [])
            + (builder.stack.isEmpty ? [] : ["unclosed <\(builder.stack.map(\.name).joined(separator: "> <"))>"])
        guard parsed, problems.isEmpty, let root = builder.root else {
            throw ParseFailure(message: "line \(parser.lineNumber), column \(parser.columnNumber): " + (problems.isEmpty ? "no root" : problems.joined(separator: "; ")))
        }
        return root
    }

    struct ParseFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { "not well-formed: \(message)" }
    }

    final class Builder: NSObject, XMLParserDelegate {
        var root: PageOutline?
        var stack: [PageOutline] = []
        var problems: [String] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let element = PageOutline(name: elementName, attributes: attributes, parent: stack.last)
            if let parent = stack.last {
                parent.children.append(element)
            } else if root == nil {
                root = element
            } else {
                problems.append("a second root <\(elementName)> at line \(parser.lineNumber)")
            }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard let open = stack.popLast(), open.name == elementName else {
                problems.append("</\(elementName)> closes nothing open at line \(parser.lineNumber)")
                return
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            problems.append("\(parseError) at line \(parser.lineNumber), column \(parser.columnNumber)")
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let current = stack.last else { return }
            // Text after a child element is kept after the child's text.
            if current.children.isEmpty {
                current.ownText += string
            } else {
                let tail = PageOutline(name: "#text", attributes: [:], parent: current)
                tail.ownText = string
                current.children.append(tail)
            }
        }
    }
}
