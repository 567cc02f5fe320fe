import Events
import Projections

/// A night's hypnogram: its stages from sleep onset to final wake in the usual stepped
/// layout, awake on top, then REM, core, (asleep without a stage, only when the night has
/// any) and deep at the bottom, with a bar per segment, steps joining them, and the night's
/// local time along the bottom.
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

    /// A row's label on the chart.
    static func label(_ level: Hypnogram.Level) -> String {
        switch level {
        case .awake: return "Awake"
        case .rem: return "REM"
        case .core: return "Core"
        case .asleep: return "Asleep"
        case .deep: return "Deep"
        }
    }

    /// The chart of `row`'s night, `nil` when the night has no hypnogram.
    static func render(_ row: PeriodReport.NightRow) -> String? {
        guard let hypnogram = row.hypnogram else { return nil }
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
        func x(_ instant: Instant) -> Double {
            left + SVGNumber.clamp(Double(instant.millisecondsSince1970 - startMilliseconds) / span, 0, 1) * (plotRight - left)
        }

        var svg = ReportPageMarkup.openChart(
            id: id, className: "hypnogram", width: width, height: height,
            title: "Sleep stages, night of \(ReportPageSummary.dateLabel(row.night))",
            description: description(row, hypnogram: hypnogram, start: start, end: end)
        )
        for level in rows {
            let y = rowCenter(level)
            svg += ReportPageMarkup.line(x1: left, y1: y, x2: plotRight, y2: y, className: "guide")
            svg += ReportPageMarkup.text(label(level), x: left - 10, y: y + 4, anchor: "end", className: "axis")
        }
        if let start, let end {
            svg += timeAxis(start: start, end: end, zone: row.record?.timeZone, x: x, plotBottom: plotBottom)
        }
        // The steps between neighbours, under the bars.
        var steps: [String] = []
        for (previous, next) in zip(hypnogram.segments, hypnogram.segments.dropFirst()) {
            let stepX = SVGNumber.format(x(next.start))
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
                x: x0, y: rowCenter(segment.level) - barHeight / 2, width: width, height: barHeight,
                rx: 3, className: "seg seg-\(segment.level.rawValue)"
            )
        }
        if hypnogram.segments.isEmpty {
            svg += ReportPageMarkup.text("No stages recorded", x: (left + plotRight) / 2, y: (top + plotBottom) / 2, anchor: "middle", className: "empty")
        }
        return svg + "</svg>"
    }

    /// The text equivalent: the night's sentence, when it ran, and the zone.
    static func description(_ row: PeriodReport.NightRow, hypnogram: Hypnogram, start: Instant?, end: Instant?) -> String {
        var text = row.sentence
        if let start, let end {
            text += " Stages shown from \(ReportFormat.clock(start)) to \(ReportFormat.clock(end))"
            if let zone = row.record?.timeZone { text += ", in \(zone) time" }
            text += "."
        }
        let staged = rows(for: hypnogram).filter { level in level != .awake && hypnogram.milliseconds(of: level) > 0 }
        if !staged.isEmpty {
            text += " " + staged.map { "\(label($0)): \(ReportFormat.spokenDuration(hypnogram.milliseconds(of: $0)))" }.joined(separator: "; ") + "."
        }
        return text
    }

    /// The local-time labels: the start and end of the night at the ends, and the whole
    /// hours between (every 1, 2, 3 or 6 hours, as the width allows), each with a grid line.
    static func timeAxis(start: Instant, end: Instant, zone: String?, x: (Instant) -> Double, plotBottom: Double) -> String {
        let resolver = zone.flatMap { LocalTimeResolver(identifier: $0) }
        func local(_ milliseconds: Int64) -> Instant {
            let raw = Instant(millisecondsSince1970: milliseconds, utcOffsetSeconds: start.utcOffsetSeconds)
            return resolver?.display(raw) ?? raw
        }
        let labelY = height - 10
        var svg = ReportPageMarkup.text(ReportFormat.clock(start), x: x(start), y: labelY, anchor: "start", className: "axis")
        svg += ReportPageMarkup.text(ReportFormat.clock(end), x: x(end), y: labelY, anchor: "end", className: "axis")
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
                svg += ReportPageMarkup.line(x1: tickX, y1: top, x2: tickX, y2: plotBottom, className: "grid")
                svg += ReportPageMarkup.text(ReportFormat.clock(moment), x: tickX, y: labelY, anchor: "middle", className: "axis")
            }
            tick += hour
        }
        return svg
    }
}
