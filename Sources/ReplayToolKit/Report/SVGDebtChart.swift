import Events
import Projections

/// The 7-night sleep debt as of each night of the period, one bar a night; a night
/// without sleep data of its own is drawn faint (its debt comes from the nights before).
enum SVGDebtChart {
    static let width = ReportPageStyle.chartWidth
    static let height = 220.0
    static let left = 50.0
    static let right = 12.0
    static let top = 22.0
    static let bottom = 32.0

    /// An axis label of minutes: "0h", "2h", "1h30".
    static func hoursLabel(_ minutes: Double) -> String {
        let whole = Int(SVGNumber.clamp(minutes, -1e9, 1e9).rounded())
        return whole % 60 == 0 ? "\(whole / 60)h" : ReportFormat.shortDuration(minutes: Double(whole))
    }

    /// The chart of `report`.
    static func render(_ report: PeriodReport) -> String {
        let nights = report.nights
        let values = nights.map { SVGNumber.clamp($0.debtMinutes, 0, 1e7) }
        let plotRight = width - right
        let plotBottom = height - bottom
        let axis = SVGNightAxis(nights: nights.map(\.night), left: left, right: plotRight)
        let scale = SVGValueAxis(maximum: values.max() ?? 0, minimumTop: 60, steps: [30, 60, 120, 180, 240, 360, 480, 720, 1440])
        var svg = ReportPageMarkup.openChart(
            id: "debt-chart", className: "debt", width: width, height: height,
            title: "Sleep debt over the last 7 nights, as of each night",
            description: description(report)
        )
        svg += scale.grid(left: left, right: plotRight, plotTop: top, plotBottom: plotBottom, label: hoursLabel)
        svg += axis.labels(y: height - 10)
        let barWidth = min(axis.slot * 0.62, 34)
        for (index, value) in values.enumerated() where value > 0 {
            let y = scale.y(value, plotTop: top, plotBottom: plotBottom)
            let className = nights[index].record == nil ? "debt-bar nodata" : "debt-bar"
            svg += ReportPageMarkup.rect(x: axis.center(index) - barWidth / 2, y: y, width: barWidth, height: plotBottom - y, rx: min(4, barWidth / 4), className: className)
        }
        if let last = values.last, let lastIndex = values.indices.last {
            let y = scale.y(last, plotTop: top, plotBottom: plotBottom)
            svg += ReportPageMarkup.text(ReportFormat.shortDuration(minutes: last), x: axis.center(lastIndex), y: y - 6, anchor: "middle", className: "value")
        }
        return svg + "</svg>"
    }

    /// The text equivalent: the first, last and highest figures.
    static func description(_ report: PeriodReport) -> String {
        guard let first = report.nights.first, let last = report.nights.last,
              let peak = report.nights.max(by: { $0.debtMinutes < $1.debtMinutes })
        else { return "No night in this period." }
        if peak.debtMinutes <= 0 { return "No sleep debt on any night of the period." }
        var text = "The 7-night sleep debt "
        if first.night == last.night {
            text += "was \(ReportFormat.shortDuration(minutes: last.debtMinutes)) on \(ReportFormat.nightLabel(last.night))."
        } else {
            text += "went from \(ReportFormat.shortDuration(minutes: first.debtMinutes)) on \(ReportFormat.nightLabel(first.night))"
            text += " to \(ReportFormat.shortDuration(minutes: last.debtMinutes)) on \(ReportFormat.nightLabel(last.night));"
            text += " highest \(ReportFormat.shortDuration(minutes: peak.debtMinutes)) on \(ReportFormat.nightLabel(peak.night))."
        }
        let faint = report.nights.filter { $0.record == nil }.count
        if faint > 0 { text += " \(ReportFormat.count(faint, "night")) without sleep data of their own, drawn faint." }
        return text + " Each night's figure is in the table of all figures."
    }
}
