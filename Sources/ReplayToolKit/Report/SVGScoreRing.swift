import Events
import Localization
import Projections

/// The score ring of one night: a track and an arc as long as the score out of 100, in the
/// colour of its band (rose below 50, indigo 50–74, aqua from 75), the total in its middle.
/// The arc starts at the top and runs clockwise, or, in a right-to-left language,
/// anticlockwise (its circle mirrored about the vertical through the centre; the text is not).
enum SVGScoreRing {
    static let size = 200.0
    static let radius = 80.0
    static let thickness = 16.0

    /// The ring of `row`'s score in `renderer`'s language and direction, `nil` when the
    /// night has none.
    static func render(_ row: PeriodReport.NightRow, preset: String?, _ renderer: MessageRenderer) -> String? {
        guard let score = row.score else { return nil }
        let rightToLeft = renderer.isRightToLeft
        let center = size / 2
        let circumference = 2 * Double.pi * radius
        let total = min(max(score.total, 0), 100)
        let length = circumference * Double(total) / 100
        let band = ReportPageSummary.bandName(score.band, renderer)
        var svg = ReportPageMarkup.openChart(
            id: "score-ring", className: "ring", width: size, height: size,
            title: renderer.text(.reportChartScoreTitle, [
                "night": .message(ReportFormat.dateLabel(row.night, renderer)), "score": .integer(score.total),
            ]),
            description: description(score, night: row.night, preset: preset, renderer),
            rightToLeft: rightToLeft
        )
        svg += ReportPageMarkup.circle(cx: center, cy: center, r: radius, className: "ring-track")
        if total > 0 {
            let c = SVGNumber.format(center)
            // From the top (rotated a quarter turn back); mirrored, it runs the other way round.
            let transform = (rightToLeft ? "translate(\(SVGNumber.format(size)) 0) scale(-1 1) " : "") + "rotate(-90 \(c) \(c))"
            svg += ReportPageMarkup.circle(
                cx: center, cy: center, r: radius, className: "ring-arc ring-\(score.band.rawValue)",
                extra: "stroke-dasharray=\"\(SVGNumber.format(length)) \(SVGNumber.format(circumference))\" transform=\"\(transform)\""
            )
        }
        svg += ReportPageMarkup.text(renderer.format(.integer(score.total)), x: center, y: center + 14, anchor: "middle", className: "ring-total")
        svg += ReportPageMarkup.text(band, x: center, y: center + 40, anchor: "middle", className: "ring-band")
        return svg + "</svg>"
    }

    /// The text equivalent: the total, its band, the settings and each part's points.
    static func description(_ score: NightScore, night: LocalDate, preset: String?, _ renderer: MessageRenderer) -> String {
        var arguments: [String: MessageArgument] = [
            "score": .integer(score.total), "band": .message(Message(MessageID.reportBand(score.band))),
            "night": .message(ReportFormat.dateLabel(night, renderer)),
        ]
        var text: String
        if let preset {
            arguments["preset"] = .text(preset)
            text = renderer.text(.reportChartScoreSummaryPreset, arguments)
        } else {
            text = renderer.text(.reportChartScoreSummary, arguments)
        }
        let parts = ScorePart.allCases.compactMap { part -> Message? in
            guard let weight = score.weights[part] else { return nil }
            let earned: MessageArgument = score.points(part).map { .text(ReportFormat.localNumber(SVGNumber.fixed($0, places: 1), renderer)) }
                ?? .message(Message(.reportChartScoreNoData))
            return Message(.reportChartScorePart, [
                "part": .message(Message(MessageID.reportPart(part))), "earned": earned,
                "weight": .text(ReportFormat.localNumber(SVGNumber.format(weight, places: 1), renderer)),
            ])
        }
        if !parts.isEmpty { text += " " + renderer.text(.reportListEnd, ["list": ReportFormat.list(parts, joinedBy: .reportListSemicolon)]) }
        return text
    }
}
