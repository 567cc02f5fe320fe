import Events
import Localization
import Projections

/// The sleep raster, the standard picture of regularity: one row a night of the period, the
/// oldest at the top, each running 24 hours from the noon that starts its night (12:00 of
/// its date on the clock of its record's zone) to the next noon, asleep time dark: main
/// sleep and naps, a manual night's bedtime to wake time, and what the nights before and
/// after reach into the row (`PeriodReport.RasterRow`, docs/rules.md §12). A night without
/// a record is an empty dashed row saying so. The clock runs along the bottom (12:00,
/// 18:00, 00:00, 06:00, 12:00); in a right-to-left language it runs from right to left and
/// the nights are named on the right (`SVGDirection`).
enum SVGSleepRaster {
    static let width = ReportPageStyle.chartWidth
    static let left = 72.0
    static let right = 18.0
    static let top = 6.0
    static let bottom = 26.0
    /// A row's height when every row can carry its night's 12-unit label.
    static let labelledRowHeight = 16.0
    /// A row's height in a period longer than a month (every row is labelled no longer).
    static let compactRowHeight = 8.0
    /// The most nights drawn with ``labelledRowHeight``.
    static let labelledNightCount = 31
    /// The clock's marks, in hours after noon.
    static let markHours = [0, 6, 12, 18, 24]

    static func rowHeight(nights: Int) -> Double {
        nights <= labelledNightCount ? labelledRowHeight : compactRowHeight
    }

    /// The chart's height for `nights` rows.
    static func height(nights: Int) -> Double {
        top + Double(max(nights, 1)) * rowHeight(nights: nights) + bottom
    }

    /// The clock label of a mark `hours` after noon: 0 → "12:00", 12 → "00:00".
    static func markLabel(hours: Int) -> String {
        ReportFormat.two((12 + hours) % 24) + ":00"
    }

    /// The raster of `report`'s period, in its language and direction.
    static func render(_ report: PeriodReport) -> String {
        let words = report.renderer
        let rows = report.raster
        let direction = SVGDirection(width: width, rightToLeft: words.isRightToLeft)
        let rowHeight = rowHeight(nights: rows.count)
        let height = height(nights: rows.count)
        let plotRight = width - right
        let plotBottom = top + Double(max(rows.count, 1)) * rowHeight
        let span = Double(PeriodReport.RasterRow.span)
        // Laid out left to right; every x is written through `direction`.
        func x(_ milliseconds: Int64) -> Double {
            left + SVGNumber.clamp(Double(milliseconds) / span, 0, 1) * (plotRight - left)
        }

        var svg = ReportPageMarkup.openChart(
            id: "sleep-raster", className: "raster", width: width, height: height,
            title: words.text(.reportChartRasterTitle), description: description(report), rightToLeft: direction.rightToLeft
        )
        for hours in markHours {
            let markX = direction.x(x(Int64(hours) * 3_600_000))
            svg += ReportPageMarkup.line(x1: markX, y1: top, x2: markX, y2: plotBottom, className: hours == 12 ? "baseline" : "grid")
            svg += ReportPageMarkup.text(markLabel(hours: hours), x: markX, y: height - 8, anchor: "middle", className: "axis")
        }
        // Every row is labelled when it is tall enough; else every few, the last always.
        let stride = max(1, Int((labelledRowHeight / rowHeight).rounded(.up)))
        for (index, row) in rows.enumerated() {
            let y = top + Double(index) * rowHeight
            let inset = rowHeight >= labelledRowHeight ? 2.0 : 1.0
            let barY = y + inset
            let barHeight = rowHeight - 2 * inset
            if (rows.count - 1 - index) % stride == 0 {
                svg += ReportPageMarkup.text(
                    ReportPageSummary.axisLabel(row.night, words), x: direction.x(left - 6), y: y + rowHeight / 2 + 4, anchor: "end", className: "axis")
            }
            guard row.hasRecord else {
                svg += ReportPageMarkup.rect(
                    x: direction.x(left, width: plotRight - left), y: barY, width: plotRight - left, height: barHeight, className: "raster-none")
                if rowHeight >= labelledRowHeight {
                    // The label breaks the dashed outline: a patch of the card behind it.
                    let label = words.text(.reportChartRasterNoData)
                    let labelWidth = Double(ReportFormat.displayWidth(label)) * 6.5 + 12
                    svg += ReportPageMarkup.rect(
                        x: direction.x((left + plotRight - labelWidth) / 2, width: labelWidth), y: barY - 1, width: labelWidth, height: barHeight + 2,
                        className: "raster-label-ground")
                    svg += ReportPageMarkup.text(
                        words.text(.reportChartRasterNoData), x: direction.x((left + plotRight) / 2), y: y + rowHeight / 2 + 4,
                        anchor: "middle", className: "axis")
                }
                continue
            }
            for stretch in row.asleep {
                let start = x(stretch.lowerBound)
                let end = x(stretch.upperBound)
                // A stretch of a minute or two still shows: at least half a unit wide.
                let barWidth = max(end - start, 0.5)
                svg += ReportPageMarkup.rect(x: direction.x(start, width: barWidth), y: barY, width: barWidth, height: barHeight, className: "raster-asleep")
            }
        }
        if rows.isEmpty {
            svg += ReportPageMarkup.text(
                words.text(.reportChartRasterNoData), x: direction.x((left + plotRight) / 2), y: top + rowHeight / 2 + 4, anchor: "middle", className: "axis")
        }
        return svg + "</svg>"
    }

    /// The text equivalent: the nights and how the rows run, the nights without a record,
    /// and the index for its 14 nights.
    static func description(_ report: PeriodReport) -> String {
        let words = report.renderer
        var sentences = [words.text(.reportChartRasterSummary, [
            "nights": .integer(report.raster.count), "from": .text(report.from.iso), "to": .text(report.to.iso),
        ])]
        let missing = report.raster.filter { !$0.hasRecord }.count
        if missing > 0 { sentences.append(words.text(.reportChartRasterMissing, ["count": .integer(missing)])) }
        sentences += ReportFormat.regularitySentences(report.regularity, renderer: words)
        return sentences.joined(separator: " ")
    }
}
