import Events
import Localization

/// The horizontal axis of a chart with one slot per night: where each night's slot sits,
/// and its labels ("Mon 30"), thinned so they never overlap however long the period. In a
/// right-to-left language the nights run from right to left (`direction`): the earliest
/// night's slot is the rightmost.
struct SVGNightAxis: Sendable {
    /// The nights, oldest first.
    var nights: [LocalDate]
    /// The left edge of the plot, laid out left to right.
    var left: Double
    /// The right edge of the plot, laid out left to right.
    var right: Double
    /// Which way the nights run.
    var direction: SVGDirection

    /// The width of one night's slot (the whole plot when there is no night).
    var slot: Double { max(right - left, 1) / Double(max(nights.count, 1)) }

    /// The centre of the slot of the night at `index`, as drawn (mirrored right to left).
    func center(_ index: Int) -> Double { direction.x(left + (Double(index) + 0.5) * slot) }

    /// How many nights apart two labels are: enough that labels keep about 52 units apart,
    /// or more for labels longer than 8 characters (about 5.5 units each in 12-unit text,
    /// plus a gap), such as Arabic weekday names ("الأربعاء ١٨").
    func labelStride(widestLabel characters: Int) -> Int {
        let spacing = max(52, Double(characters) * 5.5 + 8)
        return max(1, Int((spacing / slot).rounded(.up)))
    }

    /// The nights' labels on a line at `y`, in the report's language, the last night always
    /// labelled.
    func labels(y: Double, _ renderer: MessageRenderer) -> String {
        let labels = nights.map { ReportPageSummary.axisLabel($0, renderer) }
        let stride = labelStride(widestLabel: labels.map(ReportFormat.displayWidth).max() ?? 0)
        var text = ""
        for (index, label) in labels.enumerated() where (nights.count - 1 - index) % stride == 0 {
            text += ReportPageMarkup.text(label, x: center(index), y: y, anchor: "middle", className: "axis")
        }
        return text
    }
}
