/// Which way a chart's x axis runs: left to right, or, in a right-to-left language, mirrored
/// about the middle of its view box, so that time and nights run from right to left (the
/// earliest night on the right, the value axis on the right).
///
/// Only coordinates are mirrored: a chart computes its layout left to right and writes every
/// x through ``x(_:)`` (a box's left edge through ``x(_:width:)``). Nothing is drawn with a
/// mirroring transform, so text keeps its glyphs and stays readable. A mirrored chart carries
/// `direction="rtl"` (as it would inherit from `<html dir="rtl">`), so each label's
/// `text-anchor` keeps its logical meaning: `end` is the end of the text, its left side in a
/// right-to-left chart, so a label that ended at the plot's left edge starts at its right one.
struct SVGDirection: Sendable, Hashable {
    /// The width of the view box.
    var width: Double
    /// Whether x runs from right to left.
    var rightToLeft: Bool

    /// The x of a point laid out left to right.
    func x(_ x: Double) -> Double {
        rightToLeft ? width - x : x
    }

    /// The left edge of a box laid out left to right from `x`, `width` wide.
    func x(_ x: Double, width boxWidth: Double) -> Double {
        rightToLeft ? width - x - boxWidth : x
    }
}
