import Events
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
enum ReportPageRenderer {
    /// The page of `report`.
    static func render(_ report: PeriodReport) -> String {
        let summary = ReportPageSummary(report)
        let period = ReportPageSummary.periodLabel(from: report.from, to: report.to)
        var html = "<!DOCTYPE html>\n"
        html += "<html lang=\"\(report.renderer.locale.identifier)\" dir=\"\(report.renderer.locale.direction.rawValue)\">\n<head>\n<meta charset=\"utf-8\" />\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
        html += "<meta name=\"color-scheme\" content=\"dark light\" />\n"
        html += "<title>\(ReportPageMarkup.escape("Sleep report, " + period))</title>\n"
        html += "<style>\n\(ReportPageStyle.css)</style>\n</head>\n<body>\n<div class=\"page\">\n"
        html += header(report, summary: summary, period: period)
        html += "<main>\n"
        html += "<div class=\"layout layout-a\">\n" + scoreSection(report) + bedtimeSection(report) + "</div>\n"
        html += "<div class=\"layout layout-b\">\n" + debtSection(report) + exitSection(report) + "</div>\n"
        html += insightsSection(report)
        html += nightsSection(report)
        html += figuresSection(report)
        html += "</main>\n"
        html += footer(report)
        html += "</div>\n</body>\n</html>\n"
        return html
    }

    /// What a missing figure shows.
    static let none = "—"

    // MARK: - Header

    /// The title, the period and the summary figures.
    static func header(_ report: PeriodReport, summary: ReportPageSummary, period: String) -> String {
        var html = "<header class=\"hero\">\n<p class=\"eyebrow\">MoreSleep</p>\n"
        html += "<h1>Sleep report: \(ReportPageMarkup.escape(period))</h1>\n"
        let asOf = report.asOf.localDateTime
        html += "<p class=\"subtitle\">\(ReportFormat.count(summary.nightCount, "night")), as of "
            + ReportPageMarkup.escape("\(ReportPageSummary.dateLabel(asOf.date)), \(ReportFormat.clock(report.asOf)) (\(ReportPageSummary.offsetLabel(report.asOf)))")
            + "</p>\n"
        html += "<dl class=\"stats\">\n"
        html += stat("Nights with data", "\(summary.nightsWithData) of \(summary.nightCount)")
        html += stat("Average asleep", summary.averageAsleepMilliseconds.map(ReportFormat.shortDuration) ?? none,
                     note: summary.nightsWithData == 0 ? "no sleep data" : "over \(ReportFormat.count(summary.nightsWithData, "night"))")
        html += stat("7-night debt", ReportFormat.shortDuration(minutes: summary.debtMinutes),
                     note: "to \(ReportFormat.nightLabel(report.to))")
        html += stat("Streak", ReportFormat.count(summary.currentStreak, "night"), note: "best \(ReportFormat.count(summary.bestStreak, "night"))")
        if let latest = summary.latestScored, let score = latest.score {
            html += stat("Latest score", "\(score.total)", note: "\(ReportPageSummary.bandName(score.band)), \(ReportFormat.nightLabel(latest.night))",
                         valueClass: "band-\(score.band.rawValue)")
        } else {
            html += stat("Latest score", none, note: "no scored night")
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
        var html = "<section class=\"card\" aria-labelledby=\"score-heading\">\n<h2 id=\"score-heading\">Latest score</h2>\n"
        guard let row = report.latestScored, let score = row.score, let ring = SVGScoreRing.render(row, preset: report.scorePreset) else {
            return html + "<p class=\"note\">No night of this period has a score.</p>\n</section>\n"
        }
        html += "<div class=\"score-body\">\n\(ring)\n"
        var caption = ReportPageSummary.dateLabel(row.night)
        if let apple = row.appleEstimate { caption += " · Apple's estimate \(apple)" }
        html += "<p class=\"score-caption\">\(ReportPageMarkup.escape(caption))</p>\n"
        html += "<table class=\"parts\"><caption class=\"sr-only\">Points per part</caption>"
        html += "<thead class=\"sr-only\"><tr><th scope=\"col\">Part</th><th scope=\"col\">Share</th><th scope=\"col\">Points</th></tr></thead><tbody>"
        for part in ScorePart.allCases {
            guard let weight = score.weights[part] else { continue }
            let points = score.points(part)
            let share = weight > 0 ? SVGNumber.clamp((points ?? 0) / weight * 100, 0, 100) : 0
            html += "<tr><th scope=\"row\">\(ReportPageMarkup.escape(ReportPageSummary.partName(part)))</th>"
            html += "<td class=\"bar-cell\"><span class=\"meter\"><span style=\"width: \(SVGNumber.format(share, places: 1))%\"></span></span></td>"
            let pointsText = points.map { SVGNumber.fixed($0, places: 1) } ?? none
            html += "<td>\(pointsText) / \(SVGNumber.format(weight, places: 1))</td></tr>"
        }
        html += "</tbody></table>\n"
        if let preset = report.scorePreset {
            html += "<p class=\"note\">Scored with the \(ReportPageMarkup.escape(preset)) settings.</p>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// Planned against actual bedtime.
    static func bedtimeSection(_ report: PeriodReport) -> String {
        var html = "<section class=\"card\" aria-labelledby=\"bedtime-heading\">\n<h2 id=\"bedtime-heading\">Bedtime: planned and actual</h2>\n"
        html += chartFrame(SVGBedtimeChart.render(report))
        html += legend([("key-planned", "Planned"), ("key-actual", "Actual (logged, else sleep onset)"), ("key-late", "Difference")])
        return html + "</section>\n"
    }

    /// The sleep debt night by night.
    static func debtSection(_ report: PeriodReport) -> String {
        var html = "<section class=\"card\" aria-labelledby=\"debt-heading\">\n<h2 id=\"debt-heading\">Sleep debt</h2>\n"
        html += chartFrame(SVGDebtChart.render(report))
        var keys = [(key: "key-debt", label: "7-night debt as of the night")]
        if report.nights.contains(where: { $0.record == nil }) { keys.append(("key-nodata", "Night without sleep data")) }
        html += legend(keys)
        return html + "</section>\n"
    }

    /// The exits night by night.
    static func exitSection(_ report: PeriodReport) -> String {
        var html = "<section class=\"card\" aria-labelledby=\"exit-heading\">\n<h2 id=\"exit-heading\">Exits</h2>\n"
        html += chartFrame(SVGExitChart.render(report))
        html += legend([("key-confirmed", "Confirmed (free window used)"), ("key-cancelled", "Cancelled during the pause")])
        return html + "</section>\n"
    }

    /// The coach: the weekly summary's sentences, the mid-sleep of work and free nights,
    /// and a table of the counted nights.
    static func insightsSection(_ report: PeriodReport) -> String {
        let insights = report.insights
        var html = "<section class=\"card\" aria-labelledby=\"insights-heading\">\n<h2 id=\"insights-heading\">Insights: the last 4 weeks</h2>\n"
        for sentence in ReportFormat.insightSentences(insights, renderer: report.renderer) {
            html += "<p>\(ReportPageMarkup.escape(sentence))</p>\n"
        }
        html += chartFrame(SVGMidSleepChart.render(insights))
        html += legend([("key-work", "Work night (the next day is a weekday)"), ("key-free", "Free night (Friday and Saturday)")])
        if !insights.countedNights.isEmpty {
            html += "<div class=\"table-wrap\" role=\"region\" aria-label=\"Counted nights\" tabindex=\"0\">\n<table class=\"figures counted\"><caption>Counted nights</caption>\n<thead><tr><th scope=\"col\">Night</th><th scope=\"col\">Kind</th><th scope=\"col\">Onset</th><th scope=\"col\">Final wake</th><th scope=\"col\">Mid-sleep</th><th scope=\"col\">Asleep</th></tr></thead>\n<tbody>\n"
            for night in insights.countedNights {
                let cells = [
                    night.isFreeNight ? "free" : "work", Insights.clockText(minutesAfterNoon: night.onset),
                    Insights.clockText(minutesAfterNoon: night.finalWake), Insights.clockText(minutesAfterNoon: night.midSleep),
                    ReportFormat.shortDuration(minutes: Double(night.asleepMinutes)),
                ]
                html += "<tr><th scope=\"row\">\(ReportPageMarkup.escape(night.night.iso))</th>" + cells.map { "<td>\(ReportPageMarkup.escape($0))</td>" }.joined() + "</tr>\n"
            }
            html += "</tbody></table>\n</div>\n"
        }
        return html + "</section>\n"
    }

    /// A chart in its frame, which scrolls it sideways on a screen too narrow for it (see
    /// `ReportPageStyle`: a chart is never drawn so narrow that its text falls below 11 px).
    static func chartFrame(_ svg: String) -> String {
        "<div class=\"chart-frame\">\(svg)</div>\n"
    }

    /// A chart's key.
    static func legend(_ entries: [(key: String, label: String)]) -> String {
        "<ul class=\"legend\">" + entries.map { "<li><span class=\"key \($0.key)\"></span>\(ReportPageMarkup.escape($0.label))</li>" }.joined() + "</ul>\n"
    }

    // MARK: - Nights

    /// A hypnogram per night with sleep data, and the nights without.
    static func nightsSection(_ report: PeriodReport) -> String {
        var html = "<section aria-labelledby=\"nights-heading\">\n<div class=\"section-head\"><h2 id=\"nights-heading\">Night by night</h2>"
        let levels: [Hypnogram.Level] = [.awake, .rem, .core, .deep, .asleep]
        html += legend(levels.map { ("key-\($0.rawValue)", $0 == .asleep ? "Asleep (no stage)" : SVGHypnogram.label($0)) })
        html += "</div>\n<div class=\"nights\">\n"
        let withData = report.nights.filter { $0.hypnogram != nil }
        for row in withData {
            guard let chart = SVGHypnogram.render(row) else { continue }
            html += "<article class=\"card night\" aria-labelledby=\"night-\(row.night.iso)\">\n<div class=\"night-head\">"
            html += "<h3 id=\"night-\(row.night.iso)\">\(ReportPageMarkup.escape(ReportPageSummary.dateLabel(row.night)))</h3>"
            if let score = row.score {
                html += "<span class=\"badge\">score <strong class=\"band-\(score.band.rawValue)\">\(score.total)</strong></span>"
            }
            html += "</div>\n" + chartFrame(chart)
            html += "<p class=\"sentence\">\(ReportPageMarkup.escape(row.sentence))</p>\n"
            html += "<p class=\"meta\">\(ReportPageMarkup.escape(meta(row)))</p>\n</article>\n"
        }
        html += "</div>\n"
        if withData.isEmpty {
            html += "<p class=\"missing\">No night of this period has sleep data.</p>\n"
        } else {
            let without = report.nights.filter { $0.hypnogram == nil }
            if !without.isEmpty {
                let list = without.map { row in
                    ReportFormat.nightLabel(row.night) + (row.plannedBedtime.map { " (planned \(ReportFormat.clock($0)))" } ?? "")
                }
                html += "<p class=\"missing\">Without sleep data: \(ReportPageMarkup.escape(list.joined(separator: ", "))).</p>\n"
            }
        }
        return html + "</section>\n"
    }

    /// A night's when, where and from what: "00:06 to 07:35, Europe/Berlin time, stages from Apple Watch".
    static func meta(_ row: PeriodReport.NightRow) -> String {
        guard let record = row.record else { return "" }
        var parts = ["\(ReportFormat.clock(record.onset)) to \(ReportFormat.clock(record.finalWake))", "\(record.timeZone) time"]
        switch record.source {
        case .manual: parts.append("logged by hand")
        case .samples: parts.append(record.stagedSource.map { "stages from \($0)" } ?? "no stages")
        }
        return parts.joined(separator: ", ")
    }

    // MARK: - Table

    /// Every figure of every night: the text equivalent of the charts.
    static func figuresSection(_ report: PeriodReport) -> String {
        var html = "<section class=\"card figures-card\" aria-labelledby=\"figures-heading\">\n<h2 id=\"figures-heading\">All figures</h2>\n"
        html += "<div class=\"table-wrap\" role=\"region\" aria-labelledby=\"figures-heading\" tabindex=\"0\">\n<table class=\"figures\">\n"
        html += "<caption>Each night of the period; bedtimes in the night's local time, late = actual − planned.</caption>\n<thead><tr>"
        let headers = ["Night", "Planned", "Actual", "Late (min)", "Asleep", "Deep", "REM", "Core", "Awake", "Interruptions", "Score", "Apple est.", "Exits confirmed", "Exits cancelled", "7\u{2011}night debt"]
        html += headers.map { "<th scope=\"col\">\(ReportPageMarkup.escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in report.nights {
            let record = row.record
            func duration(_ milliseconds: Int64?) -> String { milliseconds.map(ReportFormat.shortDuration) ?? none }
            let late = row.bedtimeLateMinutes.map { $0 > 0 ? "+\($0)" : $0 < 0 ? "−\(-$0)" : "0" } ?? none
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
            html += "<tr><th scope=\"row\">\(ReportPageMarkup.escape(ReportPageSummary.dateLabel(row.night)))</th>"
            html += cells.map { "<td>\(ReportPageMarkup.escape($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }

    // MARK: - Footer

    /// Where the figures come from, and the fold's warnings.
    static func footer(_ report: PeriodReport) -> String {
        var text = "Made by replay-tool report from the log as of \(report.asOf.rfc3339)."
        if let preset = report.scorePreset { text += " Scores use the \(preset) settings." }
        text += " Sleep debt is need minus sleep over the 7 nights ending with each night."
        if report.warningCount > 0 {
            text += " \(ReportFormat.count(report.warningCount, "event")) skipped with a warning; 'replay-tool show' lists them."
        }
        return "<footer><p>\(ReportPageMarkup.escape(text))</p></footer>\n"
    }
}
