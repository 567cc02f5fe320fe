import Events
import Projections

/// The terminal form of `replay-tool report`: a summary of the period, a table of nights,
/// each night's stages as a strip of small bars, the sleep debt as a sparkline, streaks,
/// the latest score and the exits. Colour only when `colour` is on (a terminal without
/// `NO_COLOR`); the characters are the same either way, so the text reads without colour.
enum ReportTextRenderer {
    /// How long one character of a night's stage strip covers.
    static let stripSlotMilliseconds: Int64 = 15 * 60_000

    /// The report as text.
    static func render(_ report: PeriodReport, colour: Bool) -> String {
        let paint = Painter(enabled: colour)
        var text = ""
        text += header(report, paint: paint)
        text += "\n" + paint.bold("Nights") + "\n" + nightTable(report, paint: paint)
        text += "\n" + paint.bold("Stages") + "  (one bar = 15 min; " + legend(paint: paint) + ")\n" + stages(report, paint: paint)
        text += "\n" + paint.bold("Sleep debt") + "\n" + debt(report, paint: paint)
        text += "\n" + paint.bold("Streaks") + "\n" + streaks(report)
        text += "\n" + paint.bold("Latest score") + "\n" + latestScore(report, paint: paint)
        text += "\n" + paint.bold("Exits") + "\n" + exits(report, paint: paint)
        text += "\n" + paint.bold("Insights") + "  (the last 4 weeks, to \(report.insights.window.to.iso))\n" + insights(report, paint: paint)
        if report.warningCount > 0 {
            text += "\n" + paint.tint("\(ReportFormat.count(report.warningCount, "event")) skipped with a warning; 'replay-tool show' lists them.", .rose) + "\n"
        }
        return text
    }

    /// The coach's sentences, and a chart of the mid-sleep of work and free nights: a row per
    /// counted night, earlier to the left, with the means of each kind below.
    static func insights(_ report: PeriodReport, paint: Painter) -> String {
        let insights = report.insights
        var text = ReportFormat.insightSentences(insights, renderer: report.renderer).map { $0 + "\n" }.joined()
        let counted = insights.countedNights
        guard !counted.isEmpty else { return text + "no night with sleep data in the last 4 weeks\n" }
        let range = SVGBedtimeChart.range(of: counted.map(\.midSleep))
        let columns = 24
        text += "mid-sleep, a row a night (\(SVGBedtimeChart.clock(minutesAfterNoon: range.lower)) on the left, \(SVGBedtimeChart.clock(minutesAfterNoon: range.upper)) on the right; ● work night, ○ free night):\n"
        for night in counted {
            let share = (night.midSleep - range.lower) / max(range.upper - range.lower, 1)
            let column = min(max(Int((share * Double(columns - 1)).rounded()), 0), columns - 1)
            var cells = Array(repeating: "·", count: columns)
            cells[column] = night.isFreeNight ? paint.tint("○", .amber) : paint.tint("●", .indigo)
            text += "  \(night.night.iso) \(ReportFormat.nightLabel(night.night).prefix(3)) \(night.isFreeNight ? "free" : "work")  " + cells.joined()
                + "  \(Insights.clockText(minutesAfterNoon: night.midSleep))\n"
        }
        let clock = insights.bodyClock
        func mean(_ value: Double?) -> String { value.map { Insights.clockText(minutesAfterNoon: $0) } ?? "- (2 nights needed)" }
        text += "  work nights \(clock.workNights), mean \(mean(clock.workMidSleep)); free nights \(clock.freeNights), mean \(mean(clock.freeMidSleep))\n"
        return text
    }

    static func header(_ report: PeriodReport, paint: Painter) -> String {
        let withData = report.nights.filter { $0.record != nil }
        var lines = [paint.bold("MoreSleep report") + "  nights \(report.from.iso) to \(report.to.iso), as of \(report.asOf.rfc3339)"]
        var summary = "\(ReportFormat.count(report.nights.count, "night")), \(withData.count) with sleep data"
        if !withData.isEmpty {
            let mean = withData.compactMap(\.record).reduce(Int64(0)) { $0 + $1.asleepMilliseconds } / Int64(withData.count)
            summary += "; asleep \(ReportFormat.shortDuration(mean)) on average"
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    static func nightTable(_ report: PeriodReport, paint: Painter) -> String {
        let header = ["night", "planned", "actual", "late", "asleep", "deep", "REM", "core", "awake", "int.", "score", "apple", "exits"]
        let rows: [[Cell]] = report.nights.map { row in
            let record = row.record
            func stage(_ milliseconds: Int64?) -> Cell { Cell(milliseconds.map(ReportFormat.shortDuration) ?? "-") }
            let late = row.bedtimeLateMinutes.map { $0 > 0 ? "+\($0)" : "\($0)" } ?? "-"
            let score = row.score.map { Cell("\($0.total)", colour: Painter.colour(of: $0.band)) } ?? Cell("-")
            return [
                Cell(row.night.iso + " " + ReportFormat.nightLabel(row.night).prefix(3)),
                Cell(row.plannedBedtime.map(ReportFormat.clock) ?? "-"),
                Cell(row.actualBedtime.map(ReportFormat.clock) ?? "-"),
                Cell(late),
                Cell(record.map { ReportFormat.shortDuration($0.asleepMilliseconds) } ?? "-"),
                stage(record?.deepMilliseconds), stage(record?.remMilliseconds), stage(record?.coreMilliseconds),
                Cell(record.map { ReportFormat.shortDuration($0.awakeMilliseconds) } ?? "-"),
                Cell(record.map { "\($0.interruptions)" } ?? "-"),
                score,
                Cell(row.appleEstimate.map { "\($0)" } ?? "-"),
                Cell(exitText(row)),
            ]
        }
        return table(header: header.map { Cell($0) }, rows: rows, paint: paint)
            + "planned: the plan's bedtime; actual: the logged bedtime, else sleep onset; late: actual − planned in minutes\n"
    }

    static func exitText(_ row: PeriodReport.NightRow) -> String {
        guard !row.exits.isEmpty else { return "0" }
        return "\(row.exits.count) (\(row.confirmedExits) used, \(row.cancelledExits) cancelled)"
    }

    static func legend(paint: Painter) -> String {
        Hypnogram.Level.legendOrder.map { paint.tint(String($0.bar), Painter.colour(of: $0)) + " " + $0.name }.joined(separator: ", ")
    }

    static func stages(_ report: PeriodReport, paint: Painter) -> String {
        let withData = report.nights.filter { $0.hypnogram != nil }
        guard !withData.isEmpty else { return "no night with sleep data\n" }
        var text = ""
        for row in withData {
            guard let hypnogram = row.hypnogram, let record = row.record else { continue }
            let strip = strip(of: hypnogram).map { level in paint.tint(String(level.bar), Painter.colour(of: level)) }.joined()
            text += "\(row.night.iso)  \(ReportFormat.clock(record.onset)) \(strip) \(ReportFormat.clock(record.finalWake))\n"
            text += "            \(row.sentence)\n"
        }
        return text
    }

    /// A night in slots of `stripSlotMilliseconds` from onset, each showing the level that
    /// covers most of it (the deeper on a tie, so short deep sleep is not hidden by a tie).
    static func strip(of hypnogram: Hypnogram) -> [Hypnogram.Level] {
        guard let first = hypnogram.segments.first, let last = hypnogram.segments.last else { return [] }
        let start = first.start.millisecondsSince1970
        let end = last.end.millisecondsSince1970
        var levels: [Hypnogram.Level] = []
        var slotStart = start
        var index = 0
        while slotStart < end {
            let slotEnd = min(slotStart + stripSlotMilliseconds, end)
            var covered: [Hypnogram.Level: Int64] = [:]
            var scan = index
            while scan < hypnogram.segments.count, hypnogram.segments[scan].start.millisecondsSince1970 < slotEnd {
                let segment = hypnogram.segments[scan]
                let overlap = min(segment.end.millisecondsSince1970, slotEnd) - max(segment.start.millisecondsSince1970, slotStart)
                if overlap > 0 { covered[segment.level, default: 0] += overlap }
                scan += 1
            }
            while index < hypnogram.segments.count, hypnogram.segments[index].end.millisecondsSince1970 <= slotEnd { index += 1 }
            let winner = covered.max { left, right in
                left.value != right.value ? left.value < right.value : left.key.stripRank < right.key.stripRank
            }?.key
            levels.append(winner ?? .awake)
            slotStart = slotEnd
        }
        return levels
    }

    static func debt(_ report: PeriodReport, paint: Painter) -> String {
        let debt = report.debt
        var text = "7 nights to \(report.to.iso): \(ReportFormat.shortDuration(minutes: debt.last7Minutes)) short over \(ReportFormat.count(debt.nightsWithData7, "night")) with data"
        text += "; 14 nights: \(ReportFormat.shortDuration(minutes: debt.last14Minutes))\n"
        text += "weighted: \(ReportFormat.shortDuration(minutes: debt.weighted14Minutes)) (\(ShowCommand.weightedMeaning))\n"
        switch debt.recoveryNights {
        case 0?: text += "no debt to recover\n"
        case let nights?: text += "recovered in about \(ReportFormat.count(nights, "night")) at the recent pace\n"
        case nil: text += "not recovering at the recent pace (the latest nights were short too)\n"
        }
        let values = report.nights.map(\.debtMinutes)
        let peak = values.max() ?? 0
        let line = values.map { paint.tint(String(sparkBar($0, peak: peak)), .indigo) }.joined()
        text += "7-night debt night by night: \(line)  (from \(ReportFormat.shortDuration(minutes: values.first ?? 0)) to \(ReportFormat.shortDuration(minutes: values.last ?? 0)), peak \(ReportFormat.shortDuration(minutes: peak)))\n"
        return text
    }

    /// A bar of eight heights for `value` against `peak` (a flat line when all are 0).
    static func sparkBar(_ value: Double, peak: Double) -> Character {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        guard peak > 0, value > 0 else { return bars[0] }
        let index = Int((value / peak * Double(bars.count - 1)).rounded())
        return bars[min(max(index, 0), bars.count - 1)]
    }

    static func streaks(_ report: PeriodReport) -> String {
        "current \(ReportFormat.count(report.streaks.current, "night")) on target, best \(ReportFormat.count(report.streaks.best, "night")) (on target: asleep no later than 15 minutes after the planned bedtime)\n"
    }

    static func latestScore(_ report: PeriodReport, paint: Painter) -> String {
        guard let row = report.latestScored, let score = row.score else { return "no night with a score\n" }
        var text = "\(row.night.iso): " + paint.tint("\(score.total) (\(score.band.rawValue))", Painter.colour(of: score.band))
        text += " with the \(report.scorePreset ?? "custom") settings"
        if let apple = row.appleEstimate { text += "; Apple's estimated \(apple)" }
        text += "\n"
        let parts = ScorePart.allCases.map { part in
            "\(part.rawValue) " + (score.points(part).map { ScoresCommand.tenth($0) } ?? "-") + "/" + ScoresCommand.number(score.weights[part] ?? 0)
        }
        text += parts.joined(separator: ", ") + "\n"
        return text
    }

    static func exits(_ report: PeriodReport, paint: Painter) -> String {
        let all = report.nights.flatMap(\.exits)
        guard !all.isEmpty else { return "no exit in the period\n" }
        let used = all.filter { $0.confirmedAt != nil }.count
        let cancelled = all.filter { $0.cancelledAt != nil }.count
        var text = "\(ReportFormat.count(all.count, "exit")) requested: \(used) used a free window, \(cancelled) cancelled during the pause, \(all.count - used - cancelled) still waiting\n"
        for row in report.nights where !row.exits.isEmpty {
            let marks = row.exits.map { exit -> String in
                if exit.confirmedAt != nil { return paint.tint("●", .amber) }
                if exit.cancelledAt != nil { return paint.tint("○", .green) }
                return "·"
            }.joined()
            text += "\(row.night.iso)  \(marks)  \(exitText(row))\n"
        }
        text += "● used a free window, ○ cancelled during the pause, · waiting\n"
        return text
    }

    /// A table cell: its text and an optional colour (the width counts the text only).
    struct Cell {
        var text: String
        var colour: Painter.Colour?
        init(_ text: some StringProtocol, colour: Painter.Colour? = nil) {
            self.text = String(text)
            self.colour = colour
        }
    }

    static func table(header: [Cell], rows: [[Cell]], paint: Painter) -> String {
        var widths = header.map(\.text.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.text.count) }
        }
        func line(_ cells: [Cell]) -> String {
            cells.enumerated().map { index, cell in
                let shown = cell.colour.map { paint.tint(cell.text, $0) } ?? cell.text
                return index == cells.count - 1 ? shown : shown + String(repeating: " ", count: widths[index] - cell.text.count)
            }.joined(separator: "  ") + "\n"
        }
        return line(header) + rows.map(line).joined()
    }
}

extension Hypnogram.Level {
    /// The order of the legend: top of a hypnogram to its bottom.
    static let legendOrder: [Hypnogram.Level] = [.awake, .rem, .core, .asleep, .deep]

    /// The bar a stage strip draws: higher for lighter sleep, as a hypnogram does.
    var bar: Character {
        switch self {
        case .awake: return "█"
        case .rem: return "▆"
        case .core: return "▄"
        case .asleep: return "▃"
        case .deep: return "▁"
        }
    }

    /// Its name in the report.
    var name: String {
        switch self {
        case .awake: return "awake"
        case .rem: return "REM"
        case .core: return "core"
        case .asleep: return "asleep (no stage)"
        case .deep: return "deep"
        }
    }

    /// The tie order in a strip's slot: the deeper level wins.
    var stripRank: Int {
        switch self {
        case .awake: return 0
        case .asleep: return 1
        case .core: return 2
        case .rem: return 3
        case .deep: return 4
        }
    }
}
