import Events
import Localization
import Projections

/// The 7-night sleep debt as of each night of the period, one bar a night; a night
/// without sleep data of its own is drawn faint (its debt comes from the nights before). In
/// a right-to-left language the nights run from right to left (`SVGDirection`).
enum SVGDebtChart {
    static let width = ReportPageStyle.chartWidth
    static let height = 220.0
    static let left = 50.0
    static let right = 12.0
    static let top = 22.0
    static let bottom = 32.0

    /// An axis label of minutes: "0h", "2h", "1h30" (data).
    static func hoursLabel(_ minutes: Double) -> String {
        let whole = Int(SVGNumber.clamp(minutes, -1e9, 1e9).rounded())
        return whole % 60 == 0 ? "\(whole / 60)h" : ReportFormat.shortDuration(minutes: Double(whole))
    }

    /// The chart of `report`, in its language and direction.
    static func render(_ report: PeriodReport) -> String {
        let words = report.renderer
        let direction = SVGDirection(width: width, rightToLeft: words.isRightToLeft)
        let nights = report.nights
        let values = nights.map { SVGNumber.clamp($0.debtMinutes, 0, 1e7) }
        let plotRight = width - right
        let plotBottom = height - bottom
        let axis = SVGNightAxis(nights: nights.map(\.night), left: left, right: plotRight, direction: direction)
        let scale = SVGValueAxis(maximum: values.max() ?? 0, minimumTop: 60, steps: [30, 60, 120, 180, 240, 360, 480, 720, 1440])
        var svg = ReportPageMarkup.openChart(
            id: "debt-chart", className: "debt", width: width, height: height,
            title: words.text(.reportChartDebtTitle),
            description: description(report),
            rightToLeft: direction.rightToLeft
        )
        svg += scale.grid(left: left, right: plotRight, plotTop: top, plotBottom: plotBottom, direction: direction, label: hoursLabel)
        svg += axis.labels(y: height - 10, words)
        let barWidth = min(axis.slot * 0.62, 34)
        for (index, value) in values.enumerated() where value > 0 {
            let y = scale.y(value, plotTop: top, plotBottom: plotBottom)
            let className = nights[index].record == nil ? "debt-bar nodata" : "debt-bar"
            svg += ReportPageMarkup.rect(x: axis.center(index) - barWidth / 2, y: y, width: barWidth, height: plotBottom - y, rx: min(4, barWidth / 4), className: className)
        }
        if let last = values.last, let lastIndex = values.indices.last {
            let label = ReportFormat.shortDuration(minutes: last)
            let place = labelPlace(label, over: lastIndex, values: values, axis: axis, direction: direction, barWidth: barWidth) {
                scale.y($0, plotTop: top, plotBottom: plotBottom)
            }
            svg += ReportPageMarkup.text(label, x: place.x, y: place.y, anchor: "middle", className: "value")
        }
        return svg + "</svg>"
    }

    /// Where the last night's label goes: centred over its bar but inside the plot, and
    /// above every bar its width spans (a taller neighbour included), so it never overlaps a
    /// bar. The width is an estimate: 12 px text, bold, at most 0.62 em a character.
    static func labelPlace(
        _ label: String, over index: Int, values: [Double], axis: SVGNightAxis, direction: SVGDirection, barWidth: Double, y: (Double) -> Double
    ) -> (x: Double, y: Double) {
        let halfWidth = Double(label.count) * 12 * 0.62 / 2
        let edges = [direction.x(left), direction.x(width - right)]
        let low = edges.min() ?? left
        let high = edges.max() ?? width - right
        let x = min(max(axis.center(index), low + halfWidth), high - halfWidth)
        var top = y(values[index])
        for (other, value) in values.enumerated() where abs(axis.center(other) - x) < halfWidth + barWidth / 2 {
            top = min(top, y(value))
        }
        return (x, top - 6)
    }

    /// The text equivalent: the first, last and highest figures.
    static func description(_ report: PeriodReport) -> String {
        let words = report.renderer
        guard let first = report.nights.first, let last = report.nights.last,
              let peak = report.nights.max(by: { $0.debtMinutes < $1.debtMinutes })
        else { return words.text(.reportChartDebtNoNight) }
        if peak.debtMinutes <= 0 { return words.text(.reportChartDebtNone) }
        func debt(_ row: PeriodReport.NightRow) -> MessageArgument { ReportFormat.shortDurationArgument(minutes: row.debtMinutes) }
        func night(_ row: PeriodReport.NightRow) -> MessageArgument { .message(ReportFormat.nightLabel(row.night)) }
        var sentences: [String]
        if first.night == last.night {
            sentences = [words.text(.reportChartDebtOne, ["last": debt(last), "lastNight": night(last)])]
        } else {
            sentences = [words.text(.reportChartDebtRange, [
                "first": debt(first), "firstNight": night(first), "last": debt(last), "lastNight": night(last),
                "peak": debt(peak), "peakNight": night(peak),
            ])]
        }
        let faint = report.nights.filter { $0.record == nil }.count
        if faint > 0 { sentences.append(words.text(.reportChartDebtFaint, ["nights": .integer(faint)])) }
        sentences.append(words.text(.reportChartDebtTable))
        return sentences.joined(separator: " ")
    }
}
