import Events
import Localization
import Projections

/// The terminal form of `replay-tool report`: a summary of the period, a table of nights,
/// each night's stages as a strip of small bars, the sleep debt as a sparkline, streaks,
/// the latest score and the exits. Colour only when `colour` is on (a terminal without
/// `NO_COLOR`); the characters are the same either way, so the text reads without colour.
/// Every word is in the report's language (`PeriodReport.renderer`); the table's figures,
/// clock times and ISO dates are data and stay as they are.
enum ReportTextRenderer {
    /// How long one character of a night's stage strip covers.
    static let stripSlotMilliseconds: Int64 = 15 * 60_000

    /// The report as text.
    static func render(_ report: PeriodReport, colour: Bool) -> String {
        let paint = Painter(enabled: colour)
        let words = report.renderer
        func heading(_ id: MessageID) -> String { paint.bold(words.text(id)) }
        var text = ""
        text += header(report, paint: paint)
        text += "\n" + heading(.reportHeadingNights) + "\n" + nightTable(report, paint: paint)
        text += "\n" + heading(.reportHeadingStages) + "  " + legend(words, paint: paint) + "\n" + stages(report, paint: paint)
        text += "\n" + heading(.reportHeadingDebt) + "\n" + debt(report, paint: paint)
        text += "\n" + heading(.reportHeadingStreaks) + "\n" + streaks(report)
        text += "\n" + heading(.reportHeadingScore) + "\n" + latestScore(report, paint: paint)
        text += "\n" + heading(.reportHeadingExits) + "\n" + exits(report, paint: paint)
        text += "\n" + heading(.reportHeadingInsights) + "  " + words.text(.reportTextInsightsNote, ["to": .text(report.insights.window.to.iso)])
            + "\n" + insights(report, paint: paint)
        text += "\n" + heading(.reportHeadingRegularity) + "\n"
            + ReportFormat.regularitySentences(report.regularity, renderer: words).map { $0 + "\n" }.joined()
        text += "\n" + heading(.reportHeadingHabits) + "\n"
            + ReportFormat.habitSentences(report.habits, renderer: words).map { $0 + "\n" }.joined()
        if report.warningCount > 0 {
            text += "\n" + paint.tint(words.text(.reportWarnings, ["count": .integer(report.warningCount)]), .rose) + "\n"
        }
        return text
    }

    /// The coach's sentences, and a chart of the mid-sleep of work and free nights: a row per
    /// counted night, earlier to the left, with the means of each kind below.
    static func insights(_ report: PeriodReport, paint: Painter) -> String {
        let insights = report.insights
        let words = report.renderer
        var text = ReportFormat.insightSentences(insights, renderer: words).map { $0 + "\n" }.joined()
        let counted = insights.countedNights
        guard !counted.isEmpty else { return text + words.text(.reportTextInsightsNone) + "\n" }
        let range = SVGBedtimeChart.range(of: counted.map(\.midSleep))
        let columns = 24
        text += words.text(.reportTextInsightsChart, [
            "earliest": SVGBedtimeChart.timeOfDay(minutesAfterNoon: range.lower),
            "latest": SVGBedtimeChart.timeOfDay(minutesAfterNoon: range.upper),
        ]) + "\n"
        // Each row's weekday and kind padded to the widest of their names, so the dots line up.
        let weekdays = (1...7).map { words.text(MessageID.reportWeekday($0)) }
        let kinds = [words.text(.reportNightKindWork), words.text(.reportNightKindFree)]
        let weekdayWidth = weekdays.map(ReportFormat.displayWidth).max() ?? 0
        let kindWidth = kinds.map(ReportFormat.displayWidth).max() ?? 0
        for night in counted {
            let share = (night.midSleep - range.lower) / max(range.upper - range.lower, 1)
            let column = min(max(Int((share * Double(columns - 1)).rounded()), 0), columns - 1)
            var cells = Array(repeating: "·", count: columns)
            cells[column] = night.isFreeNight ? paint.tint("○", .amber) : paint.tint("●", .indigo)
            let weekday = ReportFormat.padded(weekdays[night.night.weekday - 1], to: weekdayWidth)
            let kind = ReportFormat.padded(night.isFreeNight ? kinds[1] : kinds[0], to: kindWidth)
            text += "  \(night.night.iso) \(weekday) \(kind)  " + cells.joined()
                + "  \(Insights.clockText(minutesAfterNoon: night.midSleep))\n"
        }
        let clock = insights.bodyClock
        func mean(_ value: Double?) -> MessageArgument {
            value.map { .timeOfDay(Insights.clock(minutesAfterNoon: $0)) } ?? .message(Message(.reportTextInsightsMeanMissing))
        }
        text += "  " + words.text(.reportTextInsightsMeans, [
            "workNights": .integer(clock.workNights), "workMean": mean(clock.workMidSleep),
            "freeNights": .integer(clock.freeNights), "freeMean": mean(clock.freeMidSleep),
        ]) + "\n"
        return text
    }

    static func header(_ report: PeriodReport, paint: Painter) -> String {
        let words = report.renderer
        let withData = report.nights.filter { $0.record != nil }
        var lines = [paint.bold(words.text(.reportTextTitle)) + "  " + words.text(.reportTextPeriod, [
            "from": .text(report.from.iso), "to": .text(report.to.iso), "asOf": .text(report.asOf.rfc3339),
        ])]
        var arguments: [String: MessageArgument] = ["nights": .integer(report.nights.count), "withData": .integer(withData.count)]
        if withData.isEmpty {
            lines.append(words.text(.reportTextSummary, arguments))
        } else {
            let mean = withData.compactMap(\.record).reduce(Int64(0)) { $0 + $1.asleepMilliseconds } / Int64(withData.count)
            arguments["average"] = ReportFormat.shortDurationArgument(mean)
            lines.append(words.text(.reportTextSummaryAsleep, arguments))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func nightTable(_ report: PeriodReport, paint: Painter) -> String {
        let words = report.renderer
        let header: [MessageID] = [
            .reportColumnNight, .reportColumnPlanned, .reportColumnActual, .reportColumnLate, .reportColumnAsleep,
            .reportColumnDeep, .reportColumnREM, .reportColumnCore, .reportColumnAwake, .reportColumnInterruptions,
            .reportColumnScore, .reportColumnApple, .reportColumnExits,
        ]
        let rows: [[Cell]] = report.nights.map { row in
            let record = row.record
            func stage(_ milliseconds: Int64?) -> Cell { Cell(milliseconds.map(ReportFormat.shortDuration) ?? "-") }
            let late = row.bedtimeLateMinutes.map { $0 > 0 ? "+\($0)" : "\($0)" } ?? "-"
            let score = row.score.map { Cell("\($0.total)", colour: Painter.colour(of: $0.band)) } ?? Cell("-")
            return [
                Cell(row.night.iso + " " + words.text(ReportFormat.weekday(row.night))),
                Cell(row.plannedBedtime.map(ReportFormat.clock) ?? "-"),
                Cell(row.actualBedtime.map(ReportFormat.clock) ?? "-"),
                Cell(late),
                Cell(record.map { ReportFormat.shortDuration($0.asleepMilliseconds) } ?? "-"),
                stage(record?.deepMilliseconds), stage(record?.remMilliseconds), stage(record?.coreMilliseconds),
                Cell(record.map { ReportFormat.shortDuration($0.awakeMilliseconds) } ?? "-"),
                Cell(record.map { "\($0.interruptions)" } ?? "-"),
                score,
                Cell(row.appleEstimate.map { "\($0)" } ?? "-"),
                Cell(exitText(row, words)),
            ]
        }
        return table(header: header.map { Cell(words.text($0)) }, rows: rows, paint: paint)
            + words.text(.reportTextNightsKey) + "\n"
    }

    /// A night's exits: "1 (1 used, 0 cancelled)", "0".
    static func exitText(_ row: PeriodReport.NightRow, _ words: MessageRenderer) -> String {
        guard !row.exits.isEmpty else { return words.format(.integer(0)) }
        return words.text(.reportTextExitsCell, [
            "count": .integer(row.exits.count), "used": .integer(row.confirmedExits), "cancelled": .integer(row.cancelledExits),
        ])
    }

    /// "(one bar = 15 min; █ awake, ▆ REM, ▄ core, ▃ asleep (no stage), ▁ deep)", each bar
    /// in its stage's colour.
    static func legend(_ words: MessageRenderer, paint: Painter) -> String {
        func bar(_ level: Hypnogram.Level) -> MessageArgument { .text(paint.tint(String(level.bar), Painter.colour(of: level))) }
        return words.text(.reportTextStagesKey, [
            "awakeBar": bar(.awake), "remBar": bar(.rem), "coreBar": bar(.core), "asleepBar": bar(.asleep), "deepBar": bar(.deep),
        ])
    }

    static func stages(_ report: PeriodReport, paint: Painter) -> String {
        let withData = report.nights.filter { $0.hypnogram != nil }
        guard !withData.isEmpty else { return report.renderer.text(.reportTextStagesNone) + "\n" }
        var text = ""
        for row in withData {
            guard let hypnogram = row.hypnogram, let record = row.record else { continue }
            let strip = strip(of: hypnogram).map { level in paint.tint(String(level.bar), Painter.colour(of: level)) }.joined()
            text += "\(row.night.iso)  \(ReportFormat.clock(record.onset)) \(strip) \(ReportFormat.clock(record.finalWake))\n"
            text += "            \(row.sentence(report.renderer))\n"
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
        let words = report.renderer
        let debt = report.debt
        func duration(_ minutes: Double) -> MessageArgument { ReportFormat.shortDurationArgument(minutes: minutes) }
        var text = words.text(.reportTextDebtTotals, [
            "to": .text(report.to.iso), "last7": duration(debt.last7Minutes),
            "nights": .integer(debt.nightsWithData7), "last14": duration(debt.last14Minutes),
        ]) + "\n"
        text += words.text(.reportTextDebtWeighted, ["weighted": duration(debt.weighted14Minutes)]) + "\n"
        switch debt.recoveryNights {
        case 0?: text += words.text(.reportTextDebtNone) + "\n"
        case let nights?: text += words.text(.reportTextDebtRecovery, ["nights": .integer(nights)]) + "\n"
        case nil: text += words.text(.reportTextDebtNotRecovering) + "\n"
        }
        let values = report.nights.map(\.debtMinutes)
        let peak = values.max() ?? 0
        let line = values.map { paint.tint(String(sparkBar($0, peak: peak)), .indigo) }.joined()
        text += words.text(.reportTextDebtTrend, [
            "bars": .text(line), "first": duration(values.first ?? 0), "last": duration(values.last ?? 0), "peak": duration(peak),
        ]) + "\n"
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
        report.renderer.text(.reportTextStreaks, [
            "streak": .integer(report.streaks.current), "bestStreak": .integer(report.streaks.best),
        ]) + "\n"
    }

    static func latestScore(_ report: PeriodReport, paint: Painter) -> String {
        let words = report.renderer
        guard let row = report.latestScored, let score = row.score else { return words.text(.reportTextScoreNone) + "\n" }
        let result = words.plainText(Message(.reportTextScoreResult, ["score": .integer(score.total), "band": .message(Message(MessageID.reportBand(score.band)))]))
        var arguments: [String: MessageArgument] = [
            "night": .text(row.night.iso), "result": .text(paint.tint(result, Painter.colour(of: score.band))),
            "preset": report.scorePreset.map { .text($0) } ?? .message(Message(.reportPresetCustom)),
        ]
        var text: String
        if let apple = row.appleEstimate {
            arguments["apple"] = .integer(apple)
            text = words.text(.reportTextScoreApple, arguments)
        } else {
            text = words.text(.reportTextScore, arguments)
        }
        text += "\n"
        func points(_ part: ScorePart) -> MessageArgument {
            let figures = (score.points(part).map { ScoresCommand.tenth($0) } ?? "-") + "/" + ScoresCommand.number(score.weights[part] ?? 0)
            return .text(ReportFormat.localNumber(figures, words))
        }
        text += words.text(.reportTextScoreParts, [
            "durationPoints": points(.duration), "deepPoints": points(.deep), "remPoints": points(.rem),
            "bedtimePoints": points(.bedtime), "interruptionsPoints": points(.interruptions),
        ]) + "\n"
        return text
    }

    static func exits(_ report: PeriodReport, paint: Painter) -> String {
        let words = report.renderer
        let all = report.nights.flatMap(\.exits)
        guard !all.isEmpty else { return words.text(.reportTextExitsNone) + "\n" }
        let used = all.filter { $0.confirmedAt != nil }.count
        let cancelled = all.filter { $0.cancelledAt != nil }.count
        var text = words.text(.reportTextExitsSummary, [
            "count": .integer(all.count), "used": .integer(used), "cancelled": .integer(cancelled),
            "waiting": .integer(all.count - used - cancelled),
        ]) + "\n"
        for row in report.nights where !row.exits.isEmpty {
            let marks = row.exits.map { exit -> String in
                if exit.confirmedAt != nil { return paint.tint("●", .amber) }
                if exit.cancelledAt != nil { return paint.tint("○", .green) }
                return "·"
            }.joined()
            text += "\(row.night.iso)  \(marks)  \(exitText(row, words))\n"
        }
        text += words.text(.reportTextExitsKey) + "\n"
        return text
    }

    /// A table cell: its text and an optional colour (the width counts the text only, less
    /// its invisible characters).
    struct Cell {
        var text: String
        var colour: Painter.Colour?
        init(_ text: some StringProtocol, colour: Painter.Colour? = nil) {
            self.text = String(text)
            self.colour = colour
        }
    }

    static func table(header: [Cell], rows: [[Cell]], paint: Painter) -> String {
        var widths = header.map { ReportFormat.displayWidth($0.text) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], ReportFormat.displayWidth(cell.text)) }
        }
        func line(_ cells: [Cell]) -> String {
            cells.enumerated().map { index, cell in
                let shown = cell.colour.map { paint.tint(cell.text, $0) } ?? cell.text
                return index == cells.count - 1 ? shown : shown + String(repeating: " ", count: widths[index] - ReportFormat.displayWidth(cell.text))
            }.joined(separator: "  ") + "\n"
        }
        return line(header) + rows.map(line).joined()
    }
}

extension Hypnogram.Level {
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
