import Events
import Localization
import Projections

/// Planned against actual bedtime over the period: nights along the bottom, the clock up
/// the side (earlier at the top). Times are placed as minutes after the noon that starts
/// their night, so 22:30 and 00:40 sit 2 h 10 min apart, not 22 hours; a night without a
/// plan or without an actual bedtime leaves a gap in its line. In a right-to-left language
/// the nights run from right to left and the clock is on the right (`SVGDirection`).
enum SVGBedtimeChart {
    static let width = ReportPageStyle.chartWidth
    static let height = 260.0
    static let left = 58.0
    static let right = 16.0
    static let top = 14.0
    static let bottom = 32.0

    /// Minutes from the noon that starts `night` to `instant`, on `instant`'s own wall
    /// clock: 22:30 the same evening is 630, 00:40 the next morning 760. Kept within a
    /// half day either side of the night, so a stray instant cannot stretch the chart.
    static func minutesAfterNoon(_ instant: Instant, night: LocalDate) -> Double {
        let local = instant.localDateTime
        let days = Double(local.date.days(from: night))
        let minutes = days * 1440 + Double(local.hour * 60 + local.minute - 720) + Double(local.second) / 60
        return SVGNumber.clamp(minutes, -720, 2160)
    }

    /// The clock time of a minute after noon: 630 → "22:30", 760 → "00:40".
    static func clock(minutesAfterNoon minutes: Double) -> String {
        let ofDay = minuteOfDay(minutesAfterNoon: minutes)
        return ReportFormat.two(ofDay / 60) + ":" + ReportFormat.two(ofDay % 60)
    }

    /// The clock time of a minute after noon, for a sentence's `{name, time}` (the same
    /// minute as ``clock(minutesAfterNoon:)``).
    static func timeOfDay(minutesAfterNoon minutes: Double) -> MessageArgument {
        .timeOfDay(TimeOfDay(minutesSinceMidnight: minuteOfDay(minutesAfterNoon: minutes)) ?? .noon)
    }

    /// The minute of the day (0…1439) of a minute after noon, rounded to a whole minute.
    private static func minuteOfDay(minutesAfterNoon minutes: Double) -> Int {
        let whole = Int(SVGNumber.clamp(minutes, -1e6, 1e6).rounded()) + 720
        return ((whole % 1440) + 1440) % 1440
    }

    /// The clock range shown for `values`: whole hours around them with some room, at
    /// least two hours, 21:00 to 01:00 when there is nothing to show.
    static func range(of values: [Double]) -> (lower: Double, upper: Double) {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return (540, 780) }
        var lower = ((low - 10) / 60).rounded(.down) * 60
        var upper = ((high + 10) / 60).rounded(.up) * 60
        if upper - lower < 120 {
            let middle = ((lower + upper) / 2 / 60).rounded() * 60
            lower = middle - 60
            upper = middle + 60
        }
        return (lower, upper)
    }

    /// The clock's grid lines and labels over `range` (minutes after noon): whole hours, at
    /// most `marks` of them, labelled beside the plot's start; shared with the mid-sleep chart.
    static func clockGrid(range: (lower: Double, upper: Double), marks: Double, left: Double, right: Double, direction: SVGDirection, y: (Double) -> Double) -> String {
        let span = range.upper - range.lower
        let step = [60.0, 120, 180, 240, 360, 720].first { span / $0 <= marks } ?? 720
        var svg = ""
        var mark = range.lower
        while mark <= range.upper + 0.5 {
            svg += ReportPageMarkup.line(x1: direction.x(left), y1: y(mark), x2: direction.x(right), y2: y(mark), className: "grid")
            svg += ReportPageMarkup.text(clock(minutesAfterNoon: mark), x: direction.x(left - 8), y: y(mark) + 4, anchor: "end", className: "axis")
            mark += step
        }
        return svg
    }

    /// The chart of `report`, in its language and direction.
    static func render(_ report: PeriodReport) -> String {
        let words = report.renderer
        let direction = SVGDirection(width: width, rightToLeft: words.isRightToLeft)
        let nights = report.nights
        let planned = nights.map { row in row.plannedBedtime.map { minutesAfterNoon($0, night: row.night) } }
        let actual = nights.map { row in row.actualBedtime.map { minutesAfterNoon($0, night: row.night) } }
        let range = range(of: planned.compactMap { $0 } + actual.compactMap { $0 })
        let plotRight = width - right
        let plotBottom = height - bottom
        let axis = SVGNightAxis(nights: nights.map(\.night), left: left, right: plotRight, direction: direction)
        func y(_ minutes: Double) -> Double {
            top + SVGNumber.clamp((minutes - range.lower) / max(range.upper - range.lower, 1), 0, 1) * (plotBottom - top)
        }

        var svg = ReportPageMarkup.openChart(
            id: "bedtime-chart", className: "bedtime", width: width, height: height,
            title: words.text(.reportChartBedtimeTitle),
            description: description(report, planned: planned, actual: actual),
            rightToLeft: direction.rightToLeft
        )
        svg += clockGrid(range: range, marks: 8, left: left, right: plotRight, direction: direction, y: y)
        svg += axis.labels(y: height - 10, words)
        // Lateness: a thin line from each night's plan to what happened.
        for index in nights.indices {
            guard let plan = planned[index], let done = actual[index] else { continue }
            svg += ReportPageMarkup.line(x1: axis.center(index), y1: y(plan), x2: axis.center(index), y2: y(done), className: "late")
        }
        svg += ReportPageMarkup.polyline(runs(planned, axis: axis, y: y), className: "planned-line")
        svg += ReportPageMarkup.polyline(runs(actual, axis: axis, y: y), className: "actual-line")
        let radius = SVGNumber.clamp(axis.slot * 0.28, 1.5, 5)
        for index in nights.indices {
            if let plan = planned[index] {
                svg += ReportPageMarkup.circle(cx: axis.center(index), cy: y(plan), r: radius, className: "planned-point")
            }
            if let done = actual[index] {
                svg += ReportPageMarkup.circle(cx: axis.center(index), cy: y(done), r: radius, className: "actual-point")
            }
        }
        if planned.allSatisfy({ $0 == nil }) && actual.allSatisfy({ $0 == nil }) {
            svg += ReportPageMarkup.text(words.text(.reportChartBedtimeEmpty), x: direction.x((left + plotRight) / 2), y: (top + plotBottom) / 2, anchor: "middle", className: "empty")
        }
        return svg + "</svg>"
    }

    /// The points of consecutive nights with a value, split where a night has none.
    static func runs(_ values: [Double?], axis: SVGNightAxis, y: (Double) -> Double) -> [[(x: Double, y: Double)]] {
        var runs: [[(x: Double, y: Double)]] = [[]]
        for (index, value) in values.enumerated() {
            if let value {
                runs[runs.count - 1].append((axis.center(index), y(value)))
            } else if !(runs.last?.isEmpty ?? true) {
                runs.append([])
            }
        }
        return runs
    }

    /// The text equivalent: how many nights had each, their range, and the mean lateness.
    static func description(_ report: PeriodReport, planned: [Double?], actual: [Double?]) -> String {
        let words = report.renderer
        let count = report.nights.count
        func summary(_ values: [Double?], none: MessageID, at: MessageID, range: MessageID) -> String {
            let known = values.compactMap { $0 }
            guard let low = known.min(), let high = known.max() else { return words.text(none, ["nights": .integer(count)]) }
            var arguments: [String: MessageArgument] = [
                "count": .integer(known.count), "nights": .integer(count), "earliest": timeOfDay(minutesAfterNoon: low),
            ]
            if low == high { return words.text(at, arguments) }
            arguments["latest"] = timeOfDay(minutesAfterNoon: high)
            return words.text(range, arguments)
        }
        var sentences = [
            summary(planned, none: .reportChartBedtimePlannedNone, at: .reportChartBedtimePlannedAt, range: .reportChartBedtimePlannedRange),
            summary(actual, none: .reportChartBedtimeActualNone, at: .reportChartBedtimeActualAt, range: .reportChartBedtimeActualRange),
        ]
        let late = report.nights.compactMap(\.bedtimeLateMinutes)
        if !late.isEmpty {
            let mean = Int((Double(late.reduce(0, +)) / Double(late.count)).rounded())
            let nights: MessageArgument = .integer(late.count)
            sentences.append(
                mean == 0 ? words.text(.reportChartBedtimeOnTime, ["nights": nights])
                    : mean > 0 ? words.text(.reportChartBedtimeLater, ["nights": nights, "minutes": .integer(mean)])
                    : words.text(.reportChartBedtimeEarlier, ["nights": nights, "minutes": .integer(-mean)])
            )
        }
        sentences.append(words.text(.reportChartBedtimeTable))
        return sentences.joined(separator: " ")
    }
}
