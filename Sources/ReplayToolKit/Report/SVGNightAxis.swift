import Events

/// The horizontal axis of a chart with one slot per night: where each night's slot sits,
/// and its labels ("Mon 30"), thinned so they never overlap however long the period.
struct SVGNightAxis: Sendable {
    /// The nights, oldest first.
    var nights: [LocalDate]
    /// The left edge of the plot.
    var left: Double
    /// The right edge of the plot.
    var right: Double

    /// The width of one night's slot (the whole plot when there is no night).
    var slot: Double { max(right - left, 1) / Double(max(nights.count, 1)) }

    /// The centre of the slot of the night at `index`.
    func center(_ index: Int) -> Double { left + (Double(index) + 0.5) * slot }

    /// How many nights apart two labels are: enough that labels keep about 52 units apart.
    var labelStride: Int { max(1, Int((52 / slot).rounded(.up))) }

    /// The nights' labels on a line at `y`, the last night always labelled.
    func labels(y: Double) -> String {
        let stride = labelStride
        var text = ""
        for (index, night) in nights.enumerated() where (nights.count - 1 - index) % stride == 0 {
            text += ReportPageMarkup.text(ReportPageSummary.axisLabel(night), x: center(index), y: y, anchor: "middle", className: "axis")
        }
        return text
    }
}
