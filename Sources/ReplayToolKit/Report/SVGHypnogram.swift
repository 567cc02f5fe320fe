import Events
import Localization
import Projections

/// A night's hypnogram: its stages from sleep onset to final wake in the usual stepped
/// layout, awake on top, then REM, core, (asleep without a stage, only when the night has
/// any) and deep at the bottom, with a bar per segment, steps joining them, and the night's
/// local time along the bottom. In a right-to-left language time runs from right to left
/// and the rows are named on the right (`SVGDirection`).
enum SVGHypnogram {
    static let width = ReportPageStyle.chartWidth
    static let height = 190.0
    static let left = 62.0
    static let right = 14.0
    static let top = 8.0
    static let bottom = 30.0

    /// The rows from top to bottom for `hypnogram` (the text report's order).
    static func rows(for hypnogram: Hypnogram) -> [Hypnogram.Level] {
        let hasUnstaged = hypnogram.segments.contains { $0.level == .asleep }
        return hasUnstaged ? [.awake, .rem, .core, .asleep, .deep] : [.awake, .rem, .core, .deep]
    }

    /// A row's label on the chart ("Awake"), in the report's language.
    static func label(_ level: Hypnogram.Level, _ renderer: MessageRenderer) -> String {
        renderer.text(MessageID.reportStage(level))
    }

    /// The chart of `row`'s night in `renderer`'s language and direction, `nil` when the
    /// night has no hypnogram.
    static func render(_ row: PeriodReport.NightRow, _ renderer: MessageRenderer) -> String? {
        guard let hypnogram = row.hypnogram else { return nil }
        let direction = SVGDirection(width: width, rightToLeft: renderer.isRightToLeft)
        let id = "hypnogram-\(row.night.iso)"
        let plotRight = width - right
        let plotBottom = height - bottom
        let rows = rows(for: hypnogram)
        let rowHeight = (plotBottom - top) / Double(rows.count)
        func rowCenter(_ level: Hypnogram.Level) -> Double {
            top + (Double(rows.firstIndex(of: level) ?? 0) + 0.5) * rowHeight
        }
        let start = hypnogram.segments.first?.start ?? row.record?.onset
        let end = hypnogram.segments.last?.end ?? row.record?.finalWake
        let startMilliseconds = start?.millisecondsSince1970 ?? 0
        let span = Double(max((end?.millisecondsSince1970 ?? 0) - startMilliseconds, 1))
        // Laid out left to right; every x is written through `direction`.
        func x(_ instant: Instant) -> Double {
            left + SVGNumber.clamp(Double(instant.millisecondsSince1970 - startMilliseconds) / span, 0, 1) * (plotRight - left)
        }

        var svg = ReportPageMarkup.openChart(
            id: id, className: "hypnogram", width: width, height: height,
            title: renderer.text(.reportChartHypnogramTitle, ["night": .message(ReportFormat.dateLabel(row.night, renderer))]),
            description: description(row, hypnogram: hypnogram, start: start, end: end, renderer),
            rightToLeft: direction.rightToLeft
        )
        for level in rows {
            let y = rowCenter(level)
            svg += ReportPageMarkup.line(x1: direction.x(left), y1: y, x2: direction.x(plotRight), y2: y, className: "guide")
            svg += ReportPageMarkup.text(label(level, renderer), x: direction.x(left - 10), y: y + 4, anchor: "end", className: "axis")
        }
        if let start, let end {
            svg += timeAxis(start: start, end: end, zone: row.record?.timeZone, x: x, direction: direction, plotBottom: plotBottom)
        }
        // The steps between neighbours, under the bars.
        var steps: [String] = []
        for (previous, next) in zip(hypnogram.segments, hypnogram.segments.dropFirst()) {
            let stepX = SVGNumber.format(direction.x(x(next.start)))
            steps.append("M\(stepX) \(SVGNumber.format(rowCenter(previous.level))) L\(stepX) \(SVGNumber.format(rowCenter(next.level)))")
        }
        if !steps.isEmpty {
            svg += "<path class=\"step\" d=\"\(steps.joined(separator: " "))\" />"
        }
        let barHeight = rowHeight * 0.62
        for segment in hypnogram.segments {
            let x0 = x(segment.start)
            let width = max(x(segment.end) - x0, 1)
            svg += ReportPageMarkup.rect(
                x: direction.x(x0, width: width), y: rowCenter(segment.level) - barHeight / 2, width: width, height: barHeight,
                rx: 3, className: "seg seg-\(segment.level.rawValue)"
            )
        }
        if hypnogram.segments.isEmpty {
            svg += ReportPageMarkup.text(renderer.text(.reportChartHypnogramEmpty), x: direction.x((left + plotRight) / 2), y: (top + plotBottom) / 2, anchor: "middle", className: "empty")
        }
        return svg + "</svg>"
    }

    /// The text equivalent: the night's sentence, when it ran, and the zone.
    static func description(_ row: PeriodReport.NightRow, hypnogram: Hypnogram, start: Instant?, end: Instant?, _ renderer: MessageRenderer) -> String {
        var sentences = [row.sentence(renderer)]
        if let start, let end {
            var arguments: [String: MessageArgument] = ["onset": ReportFormat.timeOfDay(start), "wake": ReportFormat.timeOfDay(end)]
            if let zone = row.record?.timeZone {
                arguments["zone"] = .text(zone)
                sentences.append(renderer.text(.reportChartHypnogramShownZone, arguments))
            } else {
                sentences.append(renderer.text(.reportChartHypnogramShown, arguments))
            }
        }
        let staged = rows(for: hypnogram).filter { level in level != .awake && hypnogram.milliseconds(of: level) > 0 }
        if !staged.isEmpty {
            let items = staged.map { level in
                Message(.reportChartHypnogramStage, [
                    "stage": .message(Message(MessageID.reportStage(level))),
                    "length": .message(ReportFormat.spokenDuration(hypnogram.milliseconds(of: level))),
                ])
            }
            sentences.append(renderer.text(.reportListEnd, ["list": ReportFormat.list(items, joinedBy: .reportListSemicolon)]))
        }
        return sentences.joined(separator: " ")
    }

    /// The local-time labels: the start and end of the night at the ends, and the whole
    /// hours between (every 1, 2, 3 or 6 hours, as the width allows), each with a grid line;
    /// `x` lays them out left to right, `direction` mirrors what is written.
    static func timeAxis(start: Instant, end: Instant, zone: String?, x: (Instant) -> Double, direction: SVGDirection, plotBottom: Double) -> String {
        let resolver = zone.flatMap { LocalTimeResolver(identifier: $0) }
        func local(_ milliseconds: Int64) -> Instant {
            let raw = Instant(millisecondsSince1970: milliseconds, utcOffsetSeconds: start.utcOffsetSeconds)
            return resolver?.display(raw) ?? raw
        }
        let labelY = height - 10
        var svg = ReportPageMarkup.text(ReportFormat.clock(start), x: direction.x(x(start)), y: labelY, anchor: "start", className: "axis")
        svg += ReportPageMarkup.text(ReportFormat.clock(end), x: direction.x(x(end)), y: labelY, anchor: "end", className: "axis")
        let hour: Int64 = 3_600_000
        let startMilliseconds = start.millisecondsSince1970
        let endMilliseconds = end.millisecondsSince1970
        let hours = Double(endMilliseconds - startMilliseconds) / Double(hour)
        // Every 1, 2, 3 or 6 hours: the fewest hours that keep labels 44 units apart.
        let unitsPerHour = (x(end) - x(start)) / max(hours, 1e-9)
        let every = [1, 2, 3].first { Double($0) * unitsPerHour >= 44 } ?? 6
        let first = local(startMilliseconds).localDateTime
        let intoHour = Int64(first.minute * 60_000 + first.second * 1000 + first.millisecond)
        var tick = startMilliseconds - intoHour + hour
        var checked = 0
        while tick < endMilliseconds && checked < 200 {
            checked += 1
            let moment = local(tick)
            let tickX = x(moment)
            if moment.localDateTime.hour % every == 0, tickX - x(start) >= 56, x(end) - tickX >= 56 {
                svg += ReportPageMarkup.line(x1: direction.x(tickX), y1: top, x2: direction.x(tickX), y2: plotBottom, className: "grid")
                svg += ReportPageMarkup.text(ReportFormat.clock(moment), x: direction.x(tickX), y: labelY, anchor: "middle", className: "axis")
            }
            tick += hour
        }
        return svg
    }
}
