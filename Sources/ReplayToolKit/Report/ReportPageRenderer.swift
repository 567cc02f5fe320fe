import Events
import Localization
import Projections

/// The page of `replay-tool report --html`: one self-contained HTML document (inline CSS
/// and SVG, no script, no font, nothing fetched) with a summary header, the latest score
/// ring, planned against actual bedtime, the sleep debt and the exits night by night, a
/// hypnogram per night with sleep data, and a table of every figure.
///
/// Each chart is an `<svg role="img">` labelled by its `<title>` and described by its
/// `<desc>`, which says in words what it shows (a hypnogram's is the night's sentence);
/// the table holds every value the charts draw. Every piece of text from the log is
/// escaped, the markup is also well-formed XML, and the output depends on the report only:
/// the same report gives the same bytes.
///
/// Every word is in the report's language (`PeriodReport.renderer`), and `<html>` carries
/// its `lang` and `dir`: in a right-to-left language the layout mirrors (the style sheet
/// uses logical properties only) and so do the charts (`SVGDirection`), time and nights
/// running from right to left.
enum ReportPageRenderer {
    /// The page of `report`.
    static func render(_ report: PeriodReport) -> String {
        let words = report.renderer
        let summary = ReportPageSummary(report)
        let period = ReportPageSummary.periodLabel(from: report.from, to: report.to, words)
        var html = "<!DOCTYPE html>\n"
        html += "<html lang=\"\(ReportPageMarkup.escape(words.locale.identifier))\" dir=\"\(words.locale.direction.rawValue)\">\n<head>\n<meta charset=\"utf-8\" />\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
        html += "<meta name=\"color-scheme\" content=\"dark light\" />\n"
        html += "<title>\(ReportPageMarkup.escape(words.text(.reportPageTitle, ["period": .message(period)])))</title>\n"
        html += "<style>\n\(ReportPageStyle.css)</style>\n</head>\n<body>\n<div class=\"page\">\n"
        html += header(report, summary: summary, period: period)
        html += "<main>\n"
        html += "<div class=\"layout layout-a\">\n" + scoreSection(report) + bedtimeSection(report) + "</div>\n"
        html += "<div class=\"layout layout-b\">\n" + debtSection(report) + exitSection(report) + "</div>\n"
        html += insightsSection(report)
        html += regularitySection(report)
        html += nightsSection(report)
        html += figuresSection(report)
        html += "</main>\n"
        html += footer(report)
        html += "</div>\n</body>\n</html>\n"
        return textInLocalDigits(html, words.locale)
    }

    /// `html` with every figure of its text in `locale`'s digits: the ASCII digits of each
    /// text node (table cells, chart labels, the ring, the cards) are written in the
    /// locale's digits, so an Arabic page never mixes "٣٠ نوفمبر" with "5h53". Markup, the
    /// style sheet, attribute values (coordinates, ids) and character references (`&#39;`)
    /// are left as they are. The one place the page's digits are chosen: the parts are
    /// built with figures as data.
    static func textInLocalDigits(_ html: String, _ locale: MessageLocale) -> String {
        guard locale.nativeDigits("0") != "0" else { return html }
        func text(_ part: Substring) -> String {
            var converted = ""
            var rest = part
            while let ampersand = rest.firstIndex(of: "&") {
                converted += locale.nativeDigits(String(rest[..<ampersand]))
                let end = rest[ampersand...].firstIndex(of: ";").map { rest.index(after: $0) } ?? rest.endIndex
                converted += rest[ampersand..<end]
                rest = rest[end...]
            }
            return converted + locale.nativeDigits(String(rest))
        }
        var result = ""
        result.reserveCapacity(html.utf8.count * 2)
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            result += text(rest[..<open])
            rest = rest[open...]
            // A style sheet is copied whole; any other tag up to its ">".
            let end = rest.hasPrefix("<style") ? rest.range(of: "</style>")?.upperBound : rest.firstIndex(of: ">").map { rest.index(after: $0) }
            guard let end else { break }
            result += rest[..<end]
            rest = rest[end...]
        }
        result += text(rest)
        return result
    }

    /// What a missing figure shows.
    static let none = "—"

    // MARK: - Header

    /// The title, the period and the summary figures.
    static func header(_ report: PeriodReport, summary: ReportPageSummary, period: Message) -> String {
        let words = report.renderer
        var html = "<header class=\"hero\">\n<p class=\"eyebrow\">MoreSleep</p>\n"
        html += "<h1>\(ReportPageMarkup.escape(words.text(.reportPageHeading, ["period": .message(period)])))</h1>\n"
        let asOf = report.asOf.localDateTime
        html += "<p class=\"subtitle\">" + ReportPageMarkup.escape(words.text(.reportPageSubtitle, [
            "nights": .integer(summary.nightCount), "night": .message(ReportFormat.dateLabel(asOf.date, words)),
            "clock": ReportFormat.timeOfDay(report.asOf), "offset": .text(ReportPageSummary.offsetLabel(report.asOf)),
        ])) + "</p>\n"
        html += "<dl class=\"stats\">\n"
        html += stat(words.text(.reportPageStatNightsWithData),
                     words.text(.reportPageStatNightsWithDataValue, ["withData": .integer(summary.nightsWithData), "nights": .integer(summary.nightCount)]))
        html += stat(words.text(.reportPageStatAverageAsleep), summary.averageAsleepMilliseconds.map(ReportFormat.shortDuration) ?? none,
                     note: summary.nightsWithData == 0 ? words.text(.reportPageStatNoSleepData) : words.text(.reportPageStatOver, ["nights": .integer(summary.nightsWithData)]))
        html += stat(words.text(.reportPageStatDebt), ReportFormat.shortDuration(minutes: summary.debtMinutes),
                     note: words.text(.reportPageStatDebtNote, ["night": .message(ReportFormat.nightLabel(report.to))]))
        html += stat(words.text(.reportPageStatStreak), ReportFormat.nights(summary.currentStreak, words),
                     note: words.text(.reportPageStatStreakNote, ["bestStreak": .integer(summary.bestStreak)]))
        if let latest = summary.latestScored, let score = latest.score {
            html += stat(words.text(.reportHeadingScore), "\(score.total)",
                         note: words.text(.reportPageStatScoreNote, [
                             "band": .message(Message(MessageID.reportBand(score.band))), "night": .message(ReportFormat.nightLabel(latest.night)),
                         ]),
                         valueClass: "band-\(score.band.rawValue)")
        } else {
            html += stat(words.text(.reportHeadingScore), none, note: words.text(.reportPageStatScoreNone))
        }
        html += "</dl>\n</header>\n"
        return html
    }

    /// One figure of the summary.
    static func stat(_ term: String, _ value: String, note: String? = nil, valueClass: String? = nil) -> String {
        var html = "<div class=\"stat\"><dt>\(ReportPageMarkup.escape(term))</dt><dd"
        if let valueClass { html += " class=\"\(valueClass)\"" }
        html += ">\(ReportPageMarkup.escape(value))"
        if let note { html += "<small>\(ReportPageMarkup.escape(note))</small>" }
        return html + "</dd></div>\n"
    }

    // MARK: - Charts

    /// The latest scored night's ring and its points per part.
    static func scoreSection(_ report: PeriodReport) -> String {
        let words = report.renderer
        var html = "<section class=\"card\" aria-labelledby=\"score-heading\">\n<h2 id=\"score-heading\">\(ReportPageMarkup.escape(words.text(.reportHeadingScore)))</h2>\n"
        guard let row = report.latestScored, let score = row.score, let ring = SVGScoreRing.render(row, preset: report.scorePreset, words) else {
            return html + "<p class=\"note\">\(ReportPageMarkup.escape(words.text(.reportPageScoreNone)))</p>\n</section>\n"
        }
        html += "<div class=\"score-body\">\n\(ring)\n"
        let caption = row.appleEstimate.map { apple in
            words.text(.reportPageScoreCaptionApple, ["night": .message(ReportFormat.dateLabel(row.night, words)), "apple": .integer(apple)])
        } ?? ReportPageSummary.dateLabel(row.night, words)
        html += "<p class=\"score-caption\">\(ReportPageMarkup.escape(caption))</p>\n"
        html += "<table class=\"parts\"><caption class=\"sr-only\">\(ReportPageMarkup.escape(words.text(.reportPageScoreTable)))</caption>"
        html += "<thead class=\"sr-only\"><tr>" + [MessageID.reportPageScoreColumnPart, .reportPageScoreColumnShare, .reportPageScoreColumnPoints]
            .map { "<th scope=\"col\">\(ReportPageMarkup.escape(words.text($0)))</th>" }.joined() + "</tr></thead><tbody>"
        for part in ScorePart.allCases {
            guard let weight = score.weights[part] else { continue }
            let points = score.points(part)
            let share = weight > 0 ? SVGNumber.clamp((points ?? 0) / weight * 100, 0, 100) : 0
            html += "<tr><th scope=\"row\">\(ReportPageMarkup.escape(ReportPageSummary.partName(part, words)))</th>"
            html += "<td class=\"bar-cell\"><span class=\"meter\"><span style=\"width: \(SVGNumber.format(share, places: 1))%\"></span></span></td>"
            // In the language's decimal separator ("28,7"; the digits follow with the page's).
            let pointsText = points.map { ReportFormat.localNumber(SVGNumber.fixed($0, places: 1), words) } ?? none
            html += "<td>\(pointsText) / \(ReportFormat.localNumber(SVGNumber.format(weight, places: 1), words))</td></tr>"
        }
        html += "</tbody></table>\n"
        if let preset = report.scorePreset {
            html += "<p class=\"note\">\(ReportPageMarkup.escape(words.text(.reportPageScorePreset, ["preset": .text(preset)])))</p>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// Planned against actual bedtime.
    static func bedtimeSection(_ report: PeriodReport) -> String {
        let words = report.renderer
        var html = "<section class=\"card\" aria-labelledby=\"bedtime-heading\">\n<h2 id=\"bedtime-heading\">\(ReportPageMarkup.escape(words.text(.reportPageBedtimeHeading)))</h2>\n"
        html += chartFrame(SVGBedtimeChart.render(report))
        html += legend([
            ("key-planned", words.text(.reportPageBedtimePlanned)), ("key-actual", words.text(.reportPageBedtimeActual)),
            ("key-late", words.text(.reportPageBedtimeDifference)),
        ])
        return html + "</section>\n"
    }

    /// The sleep debt night by night.
    static func debtSection(_ report: PeriodReport) -> String {
        let words = report.renderer
        var html = "<section class=\"card\" aria-labelledby=\"debt-heading\">\n<h2 id=\"debt-heading\">\(ReportPageMarkup.escape(words.text(.reportHeadingDebt)))</h2>\n"
        html += chartFrame(SVGDebtChart.render(report))
        var keys = [(key: "key-debt", label: words.text(.reportPageDebtKey))]
        if report.nights.contains(where: { $0.record == nil }) { keys.append(("key-nodata", words.text(.reportPageDebtNoData))) }
        html += legend(keys)
        return html + "</section>\n"
    }

    /// The exits night by night.
    static func exitSection(_ report: PeriodReport) -> String {
        let words = report.renderer
        var html = "<section class=\"card\" aria-labelledby=\"exit-heading\">\n<h2 id=\"exit-heading\">\(ReportPageMarkup.escape(words.text(.reportHeadingExits)))</h2>\n"
        html += chartFrame(SVGExitChart.render(report))
        html += legend([("key-confirmed", words.text(.reportPageExitsConfirmed)), ("key-cancelled", words.text(.reportPageExitsCancelled))])
        return html + "</section>\n"
    }

    /// The coach: the weekly summary's sentences, the mid-sleep of work and free nights,
    /// and a table of the counted nights.
    static func insightsSection(_ report: PeriodReport) -> String {
        let words = report.renderer
        let insights = report.insights
        var html = "<section class=\"card insights-card\" aria-labelledby=\"insights-heading\">\n<h2 id=\"insights-heading\">\(ReportPageMarkup.escape(words.text(.reportPageInsightsHeading)))</h2>\n"
        for sentence in ReportFormat.insightSentences(insights, renderer: words) {
            html += "<p>\(ReportPageMarkup.escape(sentence))</p>\n"
        }
        html += chartFrame(SVGMidSleepChart.render(insights, words))
        html += legend([("key-work", words.text(.reportPageInsightsWork)), ("key-free", words.text(.reportPageInsightsFree))])
        if !insights.countedNights.isEmpty {
            let title = ReportPageMarkup.escape(words.text(.reportPageInsightsTable))
            let headers: [MessageID] = [
                .reportPageColumnNight, .reportPageInsightsColumnKind, .reportPageInsightsColumnOnset, .reportPageInsightsColumnWake,
                .reportPageInsightsColumnMidSleep, .reportPageColumnAsleep,
            ]
            html += tableCaption(title)
            html += "<div class=\"table-wrap\" role=\"region\" aria-label=\"\(title)\" tabindex=\"0\">\n<table class=\"figures counted\"><caption class=\"sr-only\">\(title)</caption>\n<thead><tr>"
                + headers.map { "<th scope=\"col\">\(ReportPageMarkup.escape(words.text($0)))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
            for night in insights.countedNights {
                let cells = [
                    words.text(night.isFreeNight ? .reportNightKindFree : .reportNightKindWork), Insights.clockText(minutesAfterNoon: night.onset),
                    Insights.clockText(minutesAfterNoon: night.finalWake), Insights.clockText(minutesAfterNoon: night.midSleep),
                    ReportFormat.shortDuration(minutes: Double(night.asleepMinutes)),
                ]
                html += "<tr><th scope=\"row\">\(ReportPageMarkup.escape(night.night.iso))</th>" + cells.map { "<td>\(ReportPageMarkup.escape($0))</td>" }.joined() + "</tr>\n"
            }
            html += "</tbody></table>\n</div>\n"
        }
        return html + "</section>\n"
    }

    /// Regularity: the sleep raster of the period, the index for its 14 nights, and the
    /// habits compared (docs/rules.md §12), in words that say what went together, not why.
    static func regularitySection(_ report: PeriodReport) -> String {
        let words = report.renderer
        var html = "<section class=\"card regularity-card\" aria-labelledby=\"regularity-heading\">\n<h2 id=\"regularity-heading\">\(ReportPageMarkup.escape(words.text(.reportHeadingRegularity)))</h2>\n"
        html += chartFrame(SVGSleepRaster.render(report))
        var keys = [(key: "key-raster", label: words.text(.reportPageRegularityAsleep))]
        if report.raster.contains(where: { !$0.hasRecord }) { keys.append(("key-raster-none", words.text(.reportPageDebtNoData))) }
        html += legend(keys)
        for sentence in ReportFormat.regularitySentences(report.regularity, renderer: words) {
            html += "<p class=\"sentence\">\(ReportPageMarkup.escape(sentence))</p>\n"
        }
        html += "<h3 class=\"habits-heading\" id=\"habits-heading\">\(ReportPageMarkup.escape(words.text(.reportHeadingHabits)))</h3>\n"
        for sentence in ReportFormat.habitSentences(report.habits, renderer: words) {
            html += "<p class=\"sentence\">\(ReportPageMarkup.escape(sentence))</p>\n"
        }
        return html + "</section>\n"
    }

    /// A chart in its frame, which scrolls it sideways on a screen too narrow for it (see
    /// `ReportPageStyle`: a chart is never drawn so narrow that its text falls below 11 px).
    static func chartFrame(_ svg: String) -> String {
        "<div class=\"chart-frame\">\(svg)</div>\n"
    }

    /// A table's caption (escaped), shown above the frame that scrolls the table sideways on
    /// a narrow screen, so it is never cut off with the table; the table keeps it as its own
    /// `<caption>` for screen readers (`sr-only`), and this copy is hidden from them.
    static func tableCaption(_ escaped: String) -> String {
        "<p class=\"table-caption\" aria-hidden=\"true\">\(escaped)</p>\n"
    }

    /// A chart's key.
    static func legend(_ entries: [(key: String, label: String)]) -> String {
        "<ul class=\"legend\">" + entries.map { "<li><span class=\"key \($0.key)\"></span>\(ReportPageMarkup.escape($0.label))</li>" }.joined() + "</ul>\n"
    }

    // MARK: - Nights

    /// A hypnogram per night with sleep data, and the nights without.
    static func nightsSection(_ report: PeriodReport) -> String {
        let words = report.renderer
        var html = "<section aria-labelledby=\"nights-heading\">\n<div class=\"section-head\"><h2 id=\"nights-heading\">\(ReportPageMarkup.escape(words.text(.reportPageNightsHeading)))</h2>"
        let levels: [Hypnogram.Level] = [.awake, .rem, .core, .deep, .asleep]
        html += legend(levels.map { ("key-\($0.rawValue)", $0 == .asleep ? words.text(.reportStageAsleepUnstaged) : SVGHypnogram.label($0, words)) })
        html += "</div>\n<div class=\"nights\">\n"
        let withData = report.nights.filter { $0.hypnogram != nil }
        for row in withData {
            guard let chart = SVGHypnogram.render(row, words) else { continue }
            html += "<article class=\"card night\" aria-labelledby=\"night-\(row.night.iso)\">\n<div class=\"night-head\">"
            html += "<h3 id=\"night-\(row.night.iso)\">\(ReportPageMarkup.escape(ReportPageSummary.dateLabel(row.night, words)))</h3>"
            if let score = row.score {
                html += "<span class=\"badge\">\(badge(score, words))</span>"
            }
            html += "</div>\n" + chartFrame(chart)
            html += "<p class=\"sentence\">\(ReportPageMarkup.escape(row.sentence(words)))</p>\n"
            html += "<p class=\"meta\">\(ReportPageMarkup.escape(meta(row, words)))</p>\n</article>\n"
        }
        html += "</div>\n"
        if withData.isEmpty {
            html += "<p class=\"missing\">\(ReportPageMarkup.escape(words.text(.reportPageNightsNone)))</p>\n"
        } else {
            let without = report.nights.filter { $0.hypnogram == nil }
            if !without.isEmpty {
                let list = without.map { row in
                    row.plannedBedtime.map { planned in
                        Message(.reportPageNightsMissingPlanned, ["night": .message(ReportFormat.nightLabel(row.night)), "clock": ReportFormat.timeOfDay(planned)])
                    } ?? ReportFormat.nightLabel(row.night)
                }
                html += "<p class=\"missing\">\(ReportPageMarkup.escape(words.text(.reportPageNightsMissing, ["list": ReportFormat.list(list)])))</p>\n"
            }
        }
        return html + "</section>\n"
    }

    /// A night's score badge, "score <strong>90</strong>", its number in its band's colour.
    static func badge(_ score: NightScore, _ words: MessageRenderer) -> String {
        // The words are escaped; then the number's markup takes the place of a placeholder.
        let placeholder = "\u{E000}"
        let strong = "<strong class=\"band-\(score.band.rawValue)\">\(ReportPageMarkup.escape(words.format(.integer(score.total))))</strong>"
        return ReportPageMarkup.escape(words.text(.reportPageNightScore, ["value": .text(placeholder)]))
            .replacingOccurrences(of: placeholder, with: strong)
    }

    /// A night's when, where and from what: "00:06 to 07:35, Europe/Berlin time, stages from Apple Watch".
    static func meta(_ row: PeriodReport.NightRow, _ words: MessageRenderer) -> String {
        guard let record = row.record else { return "" }
        var arguments: [String: MessageArgument] = [
            "onset": ReportFormat.timeOfDay(record.onset), "wake": ReportFormat.timeOfDay(record.finalWake), "zone": .text(record.timeZone),
        ]
        switch record.source {
        case .manual:
            return words.text(.reportPageNightMetaManual, arguments)
        case .samples:
            guard let source = record.stagedSource else { return words.text(.reportPageNightMetaUnstaged, arguments) }
            arguments["source"] = .text(source)
            return words.text(.reportPageNightMetaStaged, arguments)
        }
    }

    // MARK: - Table

    /// Every figure of every night: the text equivalent of the charts.
    static func figuresSection(_ report: PeriodReport) -> String {
        let words = report.renderer
        var html = "<section class=\"card figures-card\" aria-labelledby=\"figures-heading\">\n<h2 id=\"figures-heading\">\(ReportPageMarkup.escape(words.text(.reportPageFiguresHeading)))</h2>\n"
        let caption = ReportPageMarkup.escape(words.text(.reportPageFiguresCaption))
        html += tableCaption(caption)
        html += "<div class=\"table-wrap\" role=\"region\" aria-labelledby=\"figures-heading\" tabindex=\"0\">\n<table class=\"figures\">\n"
        html += "<caption class=\"sr-only\">\(caption)</caption>\n<thead><tr>"
        let headers: [MessageID] = [
            .reportPageColumnNight, .reportPageColumnPlanned, .reportPageColumnActual, .reportPageColumnLate, .reportPageColumnAsleep,
            .reportStageDeep, .reportStageREM, .reportStageCore, .reportStageAwake, .reportPageColumnInterruptions, .reportPageColumnScore,
            .reportPageColumnApple, .reportPageColumnExitsConfirmed, .reportPageColumnExitsCancelled, .reportPageColumnDebt,
        ]
        html += headers.map { "<th scope=\"col\">\(ReportPageMarkup.escape(words.text($0)))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in report.nights {
            let record = row.record
            func duration(_ milliseconds: Int64?) -> String { milliseconds.map(ReportFormat.shortDuration) ?? none }
            // A sign beside digits would take a right-to-left page's direction ("5+"): the
            // figure keeps its own, left to right (LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE).
            let late = row.bedtimeLateMinutes.map { minutes in
                let figure = minutes > 0 ? "+\(minutes)" : minutes < 0 ? "−\(-minutes)" : "0"
                return words.isRightToLeft && minutes != 0 ? "\u{2066}" + figure + "\u{2069}" : figure
            } ?? none
            let cells = [
                row.plannedBedtime.map(ReportFormat.clock) ?? none,
                row.actualBedtime.map(ReportFormat.clock) ?? none,
                late,
                duration(record?.asleepMilliseconds),
                duration(record?.deepMilliseconds),
                duration(record?.remMilliseconds),
                duration(record?.coreMilliseconds),
                duration(record?.awakeMilliseconds),
                record.map { "\($0.interruptions)" } ?? none,
                row.score.map { "\($0.total)" } ?? none,
                row.appleEstimate.map { "\($0)" } ?? none,
                "\(row.confirmedExits)",
                "\(row.cancelledExits)",
                ReportFormat.shortDuration(minutes: row.debtMinutes),
            ]
            html += "<tr><th scope=\"row\">\(ReportPageMarkup.escape(ReportPageSummary.dateLabel(row.night, words)))</th>"
            html += cells.map { "<td>\(ReportPageMarkup.escape($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }

    // MARK: - Footer

    /// Where the figures come from, and the fold's warnings.
    static func footer(_ report: PeriodReport) -> String {
        let words = report.renderer
        var sentences = [words.text(.reportPageFooterMade, ["asOf": .text(report.asOf.rfc3339)])]
        if let preset = report.scorePreset { sentences.append(words.text(.reportPageFooterPreset, ["preset": .text(preset)])) }
        sentences.append(words.text(.reportPageFooterDebt))
        if report.warningCount > 0 {
            sentences.append(words.text(.reportWarnings, ["count": .integer(report.warningCount)]))
        }
        return "<footer><p>\(ReportPageMarkup.escape(sentences.joined(separator: " ")))</p></footer>\n"
    }
}
