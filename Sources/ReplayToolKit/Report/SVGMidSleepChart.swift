import Events
import Localization
import Projections

/// The mid-sleep of each counted night of the coach's window (the 28 nights ending with
/// asOf's night, docs/rules.md §9): work nights and free nights as two kinds of point, with
/// the mean of each kind as a line when it has 2 nights. Nights along the bottom, the clock
/// up the side (earlier at the top), as minutes after noon like the bedtime chart. In a
/// right-to-left language the nights run from right to left (`SVGDirection`).
enum SVGMidSleepChart {
    static let width = ReportPageStyle.chartWidth
    static let height = 220.0
    static let left = 58.0
    static let right = 16.0
    static let top = 14.0
    static let bottom = 32.0

    /// The chart of `insights`, in `renderer`'s language and direction.
    static func render(_ insights: Insights, _ renderer: MessageRenderer) -> String {
        let direction = SVGDirection(width: width, rightToLeft: renderer.isRightToLeft)
        var nights: [LocalDate] = []
        var night = insights.window.from
        while night <= insights.window.to {
            nights.append(night)
            night = night.adding(days: 1)
        }
        let counted = Dictionary(uniqueKeysWithValues: insights.countedNights.map { ($0.night, $0) })
        let clock = insights.bodyClock
        let values = insights.countedNights.map(\.midSleep) + [clock.workMidSleep, clock.freeMidSleep].compactMap { $0 }
        let range = SVGBedtimeChart.range(of: values)
        let plotRight = width - right
        let plotBottom = height - bottom
        let axis = SVGNightAxis(nights: nights, left: left, right: plotRight, direction: direction)
        func y(_ minutes: Double) -> Double {
            top + SVGNumber.clamp((minutes - range.lower) / max(range.upper - range.lower, 1), 0, 1) * (plotBottom - top)
        }
        var svg = ReportPageMarkup.openChart(
            id: "midsleep-chart", className: "midsleep", width: width, height: height,
            title: renderer.text(.reportChartMidSleepTitle),
            description: description(insights, renderer),
            rightToLeft: direction.rightToLeft)
        svg += SVGBedtimeChart.clockGrid(range: range, marks: 6, left: left, right: plotRight, direction: direction, y: y)
        svg += axis.labels(y: height - 10, renderer)
        if let work = clock.workMidSleep {
            svg += ReportPageMarkup.line(x1: direction.x(left), y1: y(work), x2: direction.x(plotRight), y2: y(work), className: "work-mean")
        }
        if let free = clock.freeMidSleep {
            svg += ReportPageMarkup.line(x1: direction.x(left), y1: y(free), x2: direction.x(plotRight), y2: y(free), className: "free-mean")
        }
        let radius = SVGNumber.clamp(axis.slot * 0.3, 1.5, 5)
        for (index, night) in nights.enumerated() {
            guard let point = counted[night] else { continue }
            svg += ReportPageMarkup.circle(cx: axis.center(index), cy: y(point.midSleep), r: radius, className: point.isFreeNight ? "free-point" : "work-point")
        }
        if insights.countedNights.isEmpty {
            svg += ReportPageMarkup.text(renderer.text(.reportChartMidSleepEmpty), x: direction.x((left + plotRight) / 2), y: (top + plotBottom) / 2, anchor: "middle", className: "empty")
        }
        return svg + "</svg>"
    }

    /// The text equivalent: the counts, the means and the difference.
    static func description(_ insights: Insights, _ renderer: MessageRenderer) -> String {
        let clock = insights.bodyClock
        func mean(_ value: Double?, _ count: Int, with: MessageID, without: MessageID) -> MessageArgument {
            guard let value else { return .message(Message(without, ["count": .integer(count)])) }
            return .message(Message(with, ["count": .integer(count), "clock": .timeOfDay(Insights.clock(minutesAfterNoon: value))]))
        }
        var sentences = [renderer.text(.reportChartMidSleepSummary, [
            "from": .text(insights.window.from.iso), "to": .text(insights.window.to.iso),
            "work": mean(clock.workMidSleep, clock.workNights, with: .reportChartMidSleepWork, without: .reportChartMidSleepWorkNone),
            "free": mean(clock.freeMidSleep, clock.freeNights, with: .reportChartMidSleepFree, without: .reportChartMidSleepFreeNone),
        ])]
        if let jetlag = clock.socialJetlagMinutes { sentences.append(renderer.text(.reportChartMidSleepApart, ["minutes": .integer(jetlag)])) }
        sentences.append(renderer.text(.reportChartMidSleepTable))
        return sentences.joined(separator: " ")
    }
}
