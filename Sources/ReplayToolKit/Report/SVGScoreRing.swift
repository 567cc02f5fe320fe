import Events
import Projections

/// The score ring of one night: a track and an arc as long as the score out of 100, in the
/// colour of its band (rose below 50, indigo 50–74, aqua from 75), the total in its middle.
enum SVGScoreRing {
    static let size = 200.0
    static let radius = 80.0
    static let thickness = 16.0

    /// The ring of `row`'s score, `nil` when the night has none.
    static func render(_ row: PeriodReport.NightRow, preset: String?) -> String? {
        guard let score = row.score else { return nil }
        let center = size / 2
        let circumference = 2 * Double.pi * radius
        let total = min(max(score.total, 0), 100)
        let length = circumference * Double(total) / 100
        let band = ReportPageSummary.bandName(score.band)
        var svg = ReportPageMarkup.openChart(
            id: "score-ring", className: "ring", width: size, height: size,
            title: "Score of the night of \(ReportPageSummary.dateLabel(row.night)): \(score.total) out of 100",
            description: description(score, night: row.night, preset: preset)
        )
        svg += ReportPageMarkup.circle(cx: center, cy: center, r: radius, className: "ring-track")
        if total > 0 {
            svg += ReportPageMarkup.circle(
                cx: center, cy: center, r: radius, className: "ring-arc ring-\(score.band.rawValue)",
                extra: "stroke-dasharray=\"\(SVGNumber.format(length)) \(SVGNumber.format(circumference))\" transform=\"rotate(-90 \(SVGNumber.format(center)) \(SVGNumber.format(center)))\""
            )
        }
        svg += ReportPageMarkup.text("\(score.total)", x: center, y: center + 14, anchor: "middle", className: "ring-total")
        svg += ReportPageMarkup.text(band, x: center, y: center + 40, anchor: "middle", className: "ring-band")
        return svg + "</svg>"
    }

    /// The text equivalent: the total, its band, the settings and each part's points.
    static func description(_ score: NightScore, night: LocalDate, preset: String?) -> String {
        var text = "Score \(score.total) out of 100, \(ReportPageSummary.bandName(score.band)), for the night of \(ReportPageSummary.dateLabel(night))"
        text += preset.map { ", with the \($0) settings." } ?? "."
        let parts = ScorePart.allCases.compactMap { part -> String? in
            guard let weight = score.weights[part] else { return nil }
            let points = score.points(part).map { SVGNumber.fixed($0, places: 1) } ?? "no data"
            return "\(ReportPageSummary.partName(part)) \(points) of \(SVGNumber.format(weight, places: 1)) points"
        }
        if !parts.isEmpty { text += " " + parts.joined(separator: "; ") + "." }
        return text
    }
}
