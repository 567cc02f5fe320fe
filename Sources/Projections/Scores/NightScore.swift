import Events

/// One night's tunable score (docs/rules.md §7.1).
public struct NightScore: Sendable, Hashable {
    /// The night.
    public var night: LocalDate
    /// Each part's value 0…1; a part without data (deep and REM without a staged source,
    /// bedtime with no reference) is absent.
    public var parts: [ScorePart: Double] {
        get { partValues.dictionary }
        set { partValues = ScorePartValues(newValue) }
    }
    /// The weights used, scaled so the parts present sum to 100.
    public var weights: [ScorePart: Double] {
        get { partWeights.dictionary }
        set { partWeights = ScorePartValues(newValue) }
    }
    /// ``parts`` and ``weights`` as held: a table, not a dictionary made for every night.
    private(set) var partValues: ScorePartValues
    private(set) var partWeights: ScorePartValues
    /// The total before rounding: Σ weight × part.
    public var unroundedTotal: Double
    /// The deep target in minutes, for this night.
    public var deepTargetMinutes: Double
    /// What the bedtime part was measured against, if anything.
    public var bedtimeReference: Instant?

    /// Creates the value from its parts.
    public init(night: LocalDate, parts: [ScorePart: Double], weights: [ScorePart: Double], unroundedTotal: Double, deepTargetMinutes: Double, bedtimeReference: Instant?) {
        self.init(night: night, partValues: ScorePartValues(parts), partWeights: ScorePartValues(weights), unroundedTotal: unroundedTotal, deepTargetMinutes: deepTargetMinutes, bedtimeReference: bedtimeReference)
    }

    /// Creates the value from its parts' and weights' tables.
    init(night: LocalDate, partValues: ScorePartValues, partWeights: ScorePartValues, unroundedTotal: Double, deepTargetMinutes: Double, bedtimeReference: Instant?) {
        self.night = night
        self.partValues = partValues
        self.partWeights = partWeights
        self.unroundedTotal = unroundedTotal
        self.deepTargetMinutes = deepTargetMinutes
        self.bedtimeReference = bedtimeReference
    }

    /// The points of `part` (weight × value), `nil` when the part has no data.
    public func points(_ part: ScorePart) -> Double? {
        guard let value = partValues[part], let weight = partWeights[part] else { return nil }
        return weight * value
    }

    /// The points `part` lost (its weight − its points).
    public func pointsLost(_ part: ScorePart) -> Double? {
        guard let points = points(part), let weight = partWeights[part] else { return nil }
        return weight - points
    }

    /// The total, rounded half up from the unrounded parts.
    public var total: Int { Int((unroundedTotal + 0.5).rounded(.down)) }

    /// The band.
    public var band: ScoreBand { ScoreBand(total: total) }

    /// The part that cost the most points (a tie to the first in part order).
    public var costliestPart: ScorePart? {
        ScorePart.allCases.compactMap { part in pointsLost(part).map { (part, $0) } }
            .max { left, right in left.1 < right.1 || (left.1 == right.1 && ScorePart.allCases.firstIndex(of: left.0) ?? 0 > ScorePart.allCases.firstIndex(of: right.0) ?? 0) }?.0
    }
}
