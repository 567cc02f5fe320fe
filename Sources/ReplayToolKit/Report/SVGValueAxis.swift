/// The vertical axis of a bar chart starting at zero: a round top and step, grid lines and
/// their labels.
struct SVGValueAxis: Sendable {
    /// The value at the top of the plot (a multiple of `step`, never zero).
    var top: Double
    /// The distance between two grid lines.
    var step: Double

    /// An axis for values up to `maximum` (at least `minimumTop`), with a step from `steps`
    /// (ascending) giving at most `maximumLines` lines above zero.
    init(maximum: Double, minimumTop: Double, steps: [Double], maximumLines: Int = 5) {
        let peak = max(maximum.isFinite ? maximum : 0, minimumTop, 1e-9)
        var chosen = steps.last ?? max(peak, 1)
        for candidate in steps where candidate > 0 && (peak / candidate).rounded(.up) <= Double(maximumLines) {
            chosen = candidate
            break
        }
        if (peak / chosen).rounded(.up) > Double(maximumLines) {
            chosen = (peak / Double(maximumLines)).rounded(.up)
        }
        step = max(chosen, 1e-9)
        top = max((peak / step).rounded(.up), 1) * step
    }

    /// The grid values from zero to `top`.
    var values: [Double] {
        let count = Int((top / step).rounded())
        return (0...max(count, 0)).map { Double($0) * step }
    }

    /// The y of `value` on a plot from `plotTop` to `plotBottom` (clamped to the plot).
    func y(_ value: Double, plotTop: Double, plotBottom: Double) -> Double {
        let fraction = SVGNumber.clamp(value / top, 0, 1)
        return plotBottom - fraction * (plotBottom - plotTop)
    }

    /// Horizontal grid lines and their labels, left of `left` (right of the plot when
    /// `direction` mirrors it).
    func grid(left: Double, right: Double, plotTop: Double, plotBottom: Double, direction: SVGDirection, label: (Double) -> String) -> String {
        var text = ""
        for value in values {
            let y = y(value, plotTop: plotTop, plotBottom: plotBottom)
            text += ReportPageMarkup.line(x1: direction.x(left), y1: y, x2: direction.x(right), y2: y, className: value == 0 ? "baseline" : "grid")
            text += ReportPageMarkup.text(label(value), x: direction.x(left - 8), y: y + 4, anchor: "end", className: "axis")
        }
        return text
    }
}
