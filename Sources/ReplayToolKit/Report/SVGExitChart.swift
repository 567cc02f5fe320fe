import Events
import Localization
import Projections

/// Exits per night as stacked bars: confirmed exits (a free window used) at the bottom,
/// exits cancelled during the mindful pause on top. In a right-to-left language the nights
/// run from right to left (`SVGDirection`).
enum SVGExitChart {
    static let width = ReportPageStyle.chartWidth
    static let height = 220.0
    static let left = 40.0
    static let right = 12.0
    static let top = 14.0
    static let bottom = 32.0

    /// The chart of `report`, in its language and direction.
    static func render(_ report: PeriodReport) -> String {
        let words = report.renderer
        let direction = SVGDirection(width: width, rightToLeft: words.isRightToLeft)
        let nights = report.nights
        let plotRight = width - right
        let plotBottom = height - bottom
        let axis = SVGNightAxis(nights: nights.map(\.night), left: left, right: plotRight, direction: direction)
        let peak = nights.map { $0.confirmedExits + $0.cancelledExits }.max() ?? 0
        let scale = SVGValueAxis(maximum: Double(peak), minimumTop: 2, steps: [1, 2, 5, 10, 20, 50, 100])
        var svg = ReportPageMarkup.openChart(
            id: "exit-chart", className: "exits", width: width, height: height,
            title: words.text(.reportChartExitsTitle),
            description: description(report),
            rightToLeft: direction.rightToLeft
        )
        svg += scale.grid(left: left, right: plotRight, plotTop: top, plotBottom: plotBottom, direction: direction) { SVGNumber.format($0, places: 0) }
        svg += axis.labels(y: height - 10, words)
        let barWidth = min(axis.slot * 0.62, 34)
        for (index, row) in nights.enumerated() {
            let x = axis.center(index) - barWidth / 2
            let confirmedTop = scale.y(Double(row.confirmedExits), plotTop: top, plotBottom: plotBottom)
            let cancelledTop = scale.y(Double(row.confirmedExits + row.cancelledExits), plotTop: top, plotBottom: plotBottom)
            if row.confirmedExits > 0 {
                svg += ReportPageMarkup.rect(x: x, y: confirmedTop, width: barWidth, height: plotBottom - confirmedTop, className: "exit-confirmed")
            }
            if row.cancelledExits > 0 {
                svg += ReportPageMarkup.rect(x: x, y: cancelledTop, width: barWidth, height: confirmedTop - cancelledTop, className: "exit-cancelled")
            }
        }
        if peak == 0 {
            svg += ReportPageMarkup.text(words.text(.reportChartExitsEmpty), x: direction.x((left + plotRight) / 2), y: (top + plotBottom) / 2, anchor: "middle", className: "empty")
        }
        return svg + "</svg>"
    }

    /// The text equivalent: the totals, then each night with an exit.
    static func description(_ report: PeriodReport) -> String {
        let words = report.renderer
        let all = report.nights.flatMap(\.exits)
        let nights: MessageArgument = .integer(report.nights.count)
        guard !all.isEmpty else { return words.text(.reportChartExitsNone, ["nights": nights]) }
        let confirmed = report.nights.reduce(0) { $0 + $1.confirmedExits }
        let cancelled = report.nights.reduce(0) { $0 + $1.cancelledExits }
        var arguments: [String: MessageArgument] = [
            "count": .integer(all.count), "nights": nights, "confirmed": .integer(confirmed), "cancelled": .integer(cancelled),
        ]
        let waiting = all.count - confirmed - cancelled
        let summary: String
        if waiting > 0 {
            arguments["waiting"] = .integer(waiting)
            summary = words.text(.reportChartExitsSummaryWaiting, arguments)
        } else {
            summary = words.text(.reportChartExitsSummary, arguments)
        }
        let perNight = report.nights.filter { !$0.exits.isEmpty }.map { row in
            Message(.reportChartExitsNight, [
                "night": .message(ReportFormat.nightLabel(row.night)),
                "confirmed": .integer(row.confirmedExits), "cancelled": .integer(row.cancelledExits),
            ])
        }
        return summary + " " + words.text(.reportListEnd, ["list": ReportFormat.list(perNight, joinedBy: .reportListSemicolon)])
    }
}
