import Events
import Localization
import Projections

/// The morning summary of one night (docs/rules.md §7.4): a template, never generated text. The
/// score, deep sleep against its target, and the part that cost the most points, each a
/// whole sentence from the ``MessageCatalog``; then up to a few sleep tips chosen by the
/// weakest parts, each with its studies and evidence grade. No diagnosis, no prescription,
/// no medical certainty.
///
/// In English: "Score 78. Deep sleep 52 of 70 min. Duration cost the most: 9 points."
///
/// - Deep sleep is omitted when the night has no staged source; `summary.deep.unstaged`
///   says so instead.
/// - Figures are rounded half up to whole numbers (the score as ``NightScore/total``, deep
///   sleep and its target to whole minutes, points lost to whole points).
/// - When the costliest part lost no more than about a point (rounded, at most 1), the
///   sentence is `summary.costliest.none` ("Every part scored close to full marks."), which
///   also spares a plural for "1 point".
public struct MorningSummary: Sendable, Hashable {
    /// How many tips a summary carries unless asked otherwise.
    public static let defaultTipLimit = 3

    /// The night.
    public let night: LocalDate
    /// The tunable score, rounded half up.
    public let score: Int
    /// The score's band.
    public let band: ScoreBand
    /// Deep sleep in whole minutes, `nil` when the night has no staged source.
    public let deepMinutes: Int?
    /// The deep target in whole minutes, for this night's settings.
    public let deepTargetMinutes: Int
    /// The part that cost the most points, `nil` only when no part has data.
    public let costliestPart: ScorePart?
    /// The whole points the costliest part lost.
    public let costliestPointsLost: Int?
    /// The summary's sentences, in order: score, deep sleep, costliest part.
    public let messages: [Message]
    /// The tips, best first.
    public let tips: [SleepTip]

    /// The summary of `night` in `state` with up to `tipLimit` tips; `nil` when the night has
    /// no sleep record (and so no score).
    public init?(night: LocalDate, state: LogState, tipLimit: Int = MorningSummary.defaultTipLimit) {
        guard let score = state.score(for: night), let record = state.sleep.record(for: night) else { return nil }
        self.night = night
        self.score = score.total
        self.band = score.band
        self.deepTargetMinutes = Self.roundedHalfUp(score.deepTargetMinutes)
        self.deepMinutes = record.deepMilliseconds.map(SleepRecord.wholeMinutes)
        self.costliestPart = score.costliestPart
        self.costliestPointsLost = score.costliestPart.flatMap(score.pointsLost).map(Self.roundedHalfUp)

        var messages = [Message(.summaryScore, ["score": .integer(score.total)])]
        if let deepMinutes {
            messages.append(Message(.summaryDeep, ["deepMinutes": .integer(deepMinutes), "deepTargetMinutes": .integer(deepTargetMinutes)]))
        } else {
            messages.append(Message(.summaryDeepUnstaged))
        }
        if let part = costliestPart, let points = costliestPointsLost, points > 1 {
            messages.append(Message(.summaryCostliest(part), ["points": .integer(points)]))
        } else {
            messages.append(Message(.summaryCostliestNone))
        }
        self.messages = messages
        self.tips = SleepTip.tips(for: score, limit: tipLimit)
    }

    /// The summary of the latest night with a record as of `now`
    /// (``LogState/latestNightWithRecord(at:)``), `nil` when there is none. Ask
    /// it of the state folded as of `now`.
    public static func latest(in state: LogState, at now: Instant, tipLimit: Int = defaultTipLimit) -> MorningSummary? {
        state.latestNightWithRecord(at: now).flatMap { MorningSummary(night: $0, state: state, tipLimit: tipLimit) }
    }

    /// The summary's sentences rendered and joined with a space (tips not included).
    public func text(using renderer: MessageRenderer) throws(MessageError) -> String {
        try renderer.render(messages)
    }

    /// Each tip's sentence rendered, in order.
    public func tipTexts(using renderer: MessageRenderer) throws(MessageError) -> [String] {
        var texts: [String] = []
        for tip in tips { texts.append(try renderer.render(tip.message)) }
        return texts
    }

    /// `value` rounded half up to a whole number.
    package static func roundedHalfUp(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }
}
