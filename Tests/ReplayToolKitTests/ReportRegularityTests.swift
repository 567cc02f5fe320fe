import Events
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Localization
@testable import Projections
import Testing
import TestSupport
@testable import ReplayToolKit

/// The report's regularity (docs/rules.md §12): the sleep raster's rows, its drawing in both
/// directions, the index and habits sentences in every language, and their words.
struct ReportRegularityTests {
    static let hour: Int64 = 3_600_000

    static func row(_ report: PeriodReport, _ night: String) throws -> PeriodReport.RasterRow {
        let date = try LocalDate(iso: night)
        return try #require(report.raster.first { $0.night == date })
    }

    // MARK: The rows

    @Test func theFortnightsRowsRunFromEachNightsNoonWithItsAsleepTime() throws {
        let report = try ReportPageTests.report(.fortnight)
        #expect(report.raster.map(\.night) == report.nights.map(\.night), "one row a night, oldest first")
        #expect(report.raster.map(\.hasRecord) == report.nights.map { $0.record != nil })
        // The manual night: 23:10 to 06:40 Berlin, 11 h 10 min to 18 h 40 min after its noon.
        #expect(try Self.row(report, "2026-11-23").asleep == [(11 * Self.hour + 600_000)..<(18 * Self.hour + 2_400_000)])
        // 2026-11-22: the nap 15:05 to 15:45 first, then the main sleep from 23:35.
        let napNight = try Self.row(report, "2026-11-22")
        #expect(napNight.asleep.first == (3 * Self.hour + 300_000)..<(3 * Self.hour + 2_700_000))
        #expect(napNight.asleep.count >= 2 && napNight.asleep[1].lowerBound >= 11 * Self.hour + 35 * 60_000)
        // The night without data: a row saying so, nothing drawn.
        let missing = try Self.row(report, "2026-11-25")
        #expect(!missing.hasRecord && missing.asleep.isEmpty)
        // Every row's stretches sorted, disjoint, within its 24 hours.
        for row in report.raster {
            #expect(row.asleep.allSatisfy { 0 <= $0.lowerBound && $0.upperBound <= PeriodReport.RasterRow.span })
            #expect(zip(row.asleep, row.asleep.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "\(row.night.iso)")
        }
    }

    /// A log of `events` (`type`, `at`, `data` JSON) in Europe/Berlin, folded to its end.
    static func state(_ events: [(type: String, at: String, data: String)]) throws -> LogState {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("raster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = events.enumerated().map { index, event in
            let id = String(format: "00000000-0000-4000-8000-%012d", index + 1)
            return "{\"seq\":\(index + 1),\"id\":\"\(id)\",\"type\":\"\(event.type)\",\"v\":1,\"at\":\"\(event.at)\",\"tz\":\"Europe/Berlin\",\"source\":\"phone\",\"data\":\(event.data)}"
        }
        let path = directory.appendingPathComponent("log.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let fold = try LogStateFold.fold(path: path, at: nil, untilSeq: nil)
        #expect(fold.runner.warnings.all.isEmpty, "\(fold.runner.warnings.all)")
        return fold.runner.state
    }

    @Test func aStretchPastNoonShowsInBothRowsAsItFalls() throws {
        // Night 11-01 sleeps 23:00 to 13:00 the next day (past 11-02's noon); 11-02 23:00 to 07:00.
        let state = try Self.state([
            ("sleepSampleIngested", "2026-11-02T13:10:00+01:00",
             #"{"sampleId":"long","stage":"asleep","start":"2026-11-01T23:00:00+01:00","end":"2026-11-02T13:00:00+01:00","tz":"Europe/Berlin","sourceName":"Watch"}"#),
            ("sleepSampleIngested", "2026-11-03T07:10:00+01:00",
             #"{"sampleId":"short","stage":"asleep","start":"2026-11-02T23:00:00+01:00","end":"2026-11-03T07:00:00+01:00","tz":"Europe/Berlin","sourceName":"Watch"}"#),
        ])
        let first = PeriodReport.rasterRow(for: try LocalDate(iso: "2026-11-01"), in: state)
        let second = PeriodReport.rasterRow(for: try LocalDate(iso: "2026-11-02"), in: state)
        // 11-01's row ends at the next noon; the hour past it opens 11-02's row.
        #expect(first.asleep == [(11 * Self.hour)..<(24 * Self.hour)])
        #expect(second.asleep == [0..<Self.hour, (11 * Self.hour)..<(19 * Self.hour)])
        let third = PeriodReport.rasterRow(for: try LocalDate(iso: "2026-11-03"), in: state)
        #expect(!third.hasRecord && third.asleep.isEmpty, "a night without a record")
    }

    // MARK: The chart

    /// The raster's `<svg>` of `report`'s page.
    static func raster(_ report: PeriodReport) throws -> PageOutline {
        let root = try PageOutline.parse(ReportPageRenderer.render(report))
        return try #require(root.all("svg").first { $0.attributes["id"] == "sleep-raster" })
    }

    static func rects(_ svg: PageOutline, _ className: String) -> [[Double]] {
        svg.all("rect").filter { $0.classes.contains(className) }.map { rect in
            ["x", "y", "width", "height"].map { Double(rect.attributes[$0] ?? "") ?? .nan }
        }
    }

    @Test func theRasterDrawsARowANightWithItsAsleepTimeDarkAndTheNightWithoutDataEmpty() throws {
        let report = try ReportPageTests.report(.fortnight)
        let svg = try Self.raster(report)
        #expect(svg.all("title").first?.text == "Asleep time from noon to noon, one row a night")
        let description = try #require(svg.all("desc").first?.text)
        #expect(description.hasPrefix("14 nights from 2026-11-16 to 2026-11-29, the oldest at the top;"), "\(description)")
        #expect(description.contains("1 night without sleep data is shown as an empty row."))
        #expect(description.contains("Sleep Regularity Index"))
        #expect(Self.rects(svg, "raster-asleep").count == report.raster.reduce(0) { $0 + $1.asleep.count })
        let empty = Self.rects(svg, "raster-none")
        #expect(empty.count == 1)
        // The empty row is 2026-11-25's, the tenth (index 9), and says so.
        #expect(empty.first?[1] == SVGSleepRaster.top + 9 * SVGSleepRaster.labelledRowHeight + 2)
        let texts = svg.all("text").map(\.text)
        #expect(texts.contains("no sleep data"))
        #expect(texts.contains("Wed 25") && texts.contains("Mon 16") && texts.contains("Sun 29"))
        #expect(["12:00", "18:00", "00:00", "06:00"].allSatisfy(texts.contains))
        // The manual night's bar: 11 h 10 min to 18 h 40 min of the plot's 24 hours.
        let plot = SVGSleepRaster.width - SVGSleepRaster.right - SVGSleepRaster.left
        let manualY = SVGSleepRaster.top + 7 * SVGSleepRaster.labelledRowHeight + 2
        let manual = try #require(Self.rects(svg, "raster-asleep").first { $0[1] == manualY })
        #expect(abs(manual[0] - (SVGSleepRaster.left + plot * (11 + 10.0 / 60) / 24)) < 0.01)
        #expect(abs(manual[2] - plot * 7.5 / 24) < 0.01)
    }

    @Test func theRasterMirrorsInARightToLeftLanguage() throws {
        var report = try ReportPageTests.report(.fortnight)
        let leftToRight = Self.rects(try Self.raster(report), "raster-asleep")
        report.renderer = MessageRenderer(locale: MessageLocale("ar"))
        let svg = try Self.raster(report)
        #expect(svg.attributes["direction"] == "rtl")
        let rightToLeft = Self.rects(svg, "raster-asleep")
        #expect(rightToLeft.count == leftToRight.count && !leftToRight.isEmpty)
        for (ltr, rtl) in zip(leftToRight, rightToLeft) {
            #expect(abs(rtl[0] - (SVGSleepRaster.width - ltr[0] - ltr[2])) < 0.02 && rtl[1] == ltr[1] && rtl[2] == ltr[2])
        }
        // The nights are named on the right: each label's x beyond the plot's right edge.
        let labels = svg.all("text").filter { Double($0.attributes["y"] ?? "") ?? 0 < SVGSleepRaster.height(nights: report.raster.count) - SVGSleepRaster.bottom }
        #expect(!labels.isEmpty)
        #expect(labels.filter { $0.attributes["text-anchor"] == "end" }.allSatisfy { (Double($0.attributes["x"] ?? "") ?? 0) > SVGSleepRaster.width - SVGSleepRaster.left })
    }

    @Test func theAsleepTimeStandsOutFromTheCardInBothSchemes() throws {
        let css = ReportPageStyle.css
        let light = try #require(css.range(of: "@media (prefers-color-scheme: light)"))
        for part in [String(css[..<light.lowerBound]), String(css[light.lowerBound...])] {
            let colours = ReportPageTests.customProperties(part)
            for ground in ["surface", "bg"] {
                let ratio = try ReportPageTests.contrast(try #require(colours["raster"]), try #require(colours[ground]))
                #expect(ratio >= 3, "--raster on --\(ground): \(ratio):1")
            }
        }
        #expect(css.contains(".raster-asleep { fill: var(--raster); }"))
    }

    @Test func aLongPeriodThinsItsLabelsSoThatTextNeverOverlaps() throws {
        let report = try ReportPageTests.folded(ReportPageTests.fortnightLog, from: "2026-10-20", to: "2026-11-29")
        #expect(report.raster.count == 41)
        let svg = try Self.raster(report)
        let labelYs = svg.all("text").filter { $0.attributes["text-anchor"] == "end" }.compactMap { Double($0.attributes["y"] ?? "") }
        #expect(labelYs.count >= 14 && labelYs.count < 41)
        #expect(zip(labelYs, labelYs.dropFirst()).allSatisfy { $1 - $0 >= 14 }, "12-unit labels 14 units apart or more")
        #expect(Self.rects(svg, "raster-none").count == report.raster.filter { !$0.hasRecord }.count)
    }

    // MARK: The words

    static let locales = ["en-GB", "de", "ar"]

    /// Habits with groups of `late`, `earlier`, `any` and `none` nights, compared where both
    /// have 5 or more.
    static func habits(caffeine: (Int, Int), workouts: (Int, Int, Int), latency: Int? = 14) throws -> Habits {
        let start = try LocalDate(iso: "2026-10-05")
        func group(_ count: Int, _ other: Int, latency: Int?, asleep: Int) -> Habits.Group {
            let compared = count >= 5 && other >= 5
            return Habits.Group(
                nights: (0..<count).map { start.adding(days: $0) }, latencyMinutes: compared ? latency : nil, asleepMinutes: compared ? asleep : nil)
        }
        let (late, earlier, none) = workouts
        return Habits(
            from: start, to: start.adding(days: 55), nights: max(caffeine.0 + caffeine.1, late + earlier + none),
            caffeineLate: group(caffeine.0, caffeine.1, latency: latency.map { $0 + 12 }, asleep: 400),
            caffeineEarlier: group(caffeine.1, caffeine.0, latency: latency, asleep: 431),
            workoutsLate: group(late, earlier, latency: latency, asleep: 420),
            workoutsEarlier: group(earlier, late, latency: latency, asleep: 421),
            workoutsAny: group(late + earlier, none, latency: latency.map { $0 - 1 }, asleep: 420),
            workoutsNone: group(none, late + earlier, latency: latency, asleep: 420))
    }

    static func regularity(sri: Int?, previous: Int?, pairs: Int = 13) throws -> SleepRegularity {
        SleepRegularity(from: try LocalDate(iso: "2026-11-16"), to: try LocalDate(iso: "2026-11-29"), pairs: pairs,
                        sriTenths: sri, previousSriTenths: previous, matches: [])
    }

    @Test func theIndexSentenceSaysWhichNightsItCovers() throws {
        let english = MessageRenderer(locale: MessageLocale("en-GB"))
        #expect(ReportFormat.regularitySentences(try Self.regularity(sri: 784, previous: 712), renderer: english) == [
            "Sleep Regularity Index 78.4 over the 14 nights 2026-11-16 to 2026-11-29 (the two weeks before: 71.2).",
            "Your sleep was more regular than in the two weeks before.",
            "100 is asleep and awake at the same minutes every day; 0 is no more alike than chance.",
        ])
        #expect(ReportFormat.regularitySentences(try Self.regularity(sri: 700, previous: 712), renderer: english)[1]
            == "Your sleep was about as regular as in the two weeks before.")
        #expect(ReportFormat.regularitySentences(try Self.regularity(sri: -122, previous: nil), renderer: english)
            .first == "Sleep Regularity Index -12.2 over the 14 nights 2026-11-16 to 2026-11-29.")
        #expect(ReportFormat.regularitySentences(try Self.regularity(sri: nil, previous: 700, pairs: 4), renderer: english) == [
            "No Sleep Regularity Index for the 14 nights 2026-11-16 to 2026-11-29: 4 pairs of consecutive nights with sleep data, at least 5 needed.",
        ])
        let german = MessageRenderer(locale: MessageLocale("de"))
        #expect(ReportFormat.regularitySentences(try Self.regularity(sri: 784, previous: 712), renderer: german).first
            == "Schlafregelmäßigkeitsindex 78,4 über die 14 Nächte vom 2026-11-16 bis 2026-11-29 (die zwei Wochen davor: 71,2).")
    }

    @Test func theHabitsCompareOnlyGroupsWithEnoughNights() throws {
        let english = MessageRenderer(locale: MessageLocale("en-GB"))
        let sentences = ReportFormat.habitSentences(try Self.habits(caffeine: (9, 19), workouts: (2, 6, 20)), renderer: english)
        #expect(sentences == [
            "The 28 nights with sleep data from 2026-10-05 to 2026-11-29, grouped by the caffeine and workouts logged before sleep. The figures show what went together, not why.",
            "On the 9 nights with caffeine in the 6 hours before sleep you took 12 minutes longer to fall asleep than on the 19 nights with caffeine only earlier.",
            "On the 9 nights with caffeine in the 6 hours before sleep you slept 31 minutes less than on the 19 nights with caffeine only earlier.",
            "2 nights with a workout ending in the 3 hours before sleep and 6 nights with workouts only earlier: too few to compare (at least 5 of each needed).",
            "On the 8 nights with a workout before sleep you took 1 minute less to fall asleep than on the 20 nights without a workout before sleep.",
            "On the 8 nights with a workout before sleep you slept as long as on the 20 nights without a workout before sleep.",
        ], "\(sentences)")
        // No caffeine at all: nothing said of it; a latency nobody has: only the asleep time.
        let quiet = ReportFormat.habitSentences(try Self.habits(caffeine: (0, 0), workouts: (0, 0, 7), latency: nil), renderer: english)
        #expect(quiet.count == 2 && quiet[1].hasPrefix("0 nights with a workout before sleep and 7 nights without"))
        var empty = try Self.habits(caffeine: (0, 0), workouts: (0, 0, 0))
        empty.nights = 0
        #expect(ReportFormat.habitSentences(empty, renderer: english) == ["No night with sleep data from 2026-10-05 to 2026-11-29."])
    }

    /// Every sentence the section can say, in `locale`, over counts that reach every plural form.
    static func everySentence(_ locale: String) throws -> [String] {
        let renderer = MessageRenderer(locale: MessageLocale(locale))
        var sentences: [String] = []
        for sri in [(784, 712), (700, 712), (600, 712), (784, nil)] as [(Int, Int?)] {
            sentences += ReportFormat.regularitySentences(try Self.regularity(sri: sri.0, previous: sri.1), renderer: renderer)
        }
        for pairs in [0, 1, 2, 3, 4] {
            sentences += ReportFormat.regularitySentences(try Self.regularity(sri: nil, previous: nil, pairs: pairs), renderer: renderer)
        }
        for counts in [(0, 1), (1, 2), (2, 3), (3, 11), (5, 100), (11, 12), (101, 5), (5, 5)] {
            for latency in [14, 13, nil] as [Int?] {
                sentences += ReportFormat.habitSentences(
                    try Self.habits(caffeine: counts, workouts: (counts.0, counts.1, counts.1), latency: latency), renderer: renderer)
            }
        }
        for missing in [1, 2, 3, 11, 100] {
            sentences.append(renderer.text(.reportChartRasterMissing, ["count": .integer(missing)]))
            sentences.append(renderer.text(.reportChartRasterSummary, ["nights": .integer(missing), "from": .text("2026-11-16"), "to": .text("2026-11-29")]))
        }
        return sentences
    }

    @Test(arguments: locales)
    func everySentenceRendersInEachLanguage(_ locale: String) throws {
        let sentences = try Self.everySentence(locale)
        #expect(sentences.count > 40)
        for sentence in sentences {
            // A template that cannot render shows its id; none is left with a placeholder.
            #expect(!sentence.hasPrefix("report.") && !sentence.contains("{") && !sentence.contains("#"), "\(locale): \(sentence)")
        }
        // Each of the minutes', nights' and pairs' forms differs from the others where the
        // language has them: Arabic's six.
        if locale == "ar" {
            let renderer = MessageRenderer(locale: MessageLocale("ar"))
            let forms = [0, 1, 2, 3, 11, 100].map { renderer.text(.reportChartRasterMissing, ["count": .integer($0)]) }
            #expect(Set(forms.map { $0.filter { !$0.isNumber } }).count >= 5, "\(forms)")
        }
    }

    @Test func theWordsDescribeAndNeverGradeOrGiveACause() throws {
        var texts: [(label: String, text: String)] = []
        for locale in Self.locales {
            texts += try Self.everySentence(locale).map { ("\(locale)", $0) }
        }
        let findings = try MedicalWordChecker.findings(in: texts)
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
        let forbidden = ["because", "cause", "causes", "caused", "healthy", "unhealthy", "good for", "bad for", "weil", "verursacht", "gesund", "ungesund", "لأن", "بسبب", "صحي"]
        for (label, text) in texts {
            let lower = text.lowercased()
            #expect(!forbidden.contains { lower.contains($0) }, "\(label): \(text)")
        }
    }

    @Test func theTextReportSaysTheIndexAndTheHabits() throws {
        let report = try ReportPageTests.report(.fortnight)
        let text = ReportTextRenderer.render(report, colour: false)
        let regularity = ReportFormat.regularitySentences(report.regularity, renderer: report.renderer)
        let habits = ReportFormat.habitSentences(report.habits, renderer: report.renderer)
        #expect(text.contains("\nRegularity\n" + regularity.map { $0 + "\n" }.joined()))
        #expect(text.contains("\nHabits\n" + habits.map { $0 + "\n" }.joined()))
    }
}
