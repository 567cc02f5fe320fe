import Events

/// A named set of score settings, with where its numbers come from.
public struct ScorePreset: Sendable, Hashable, Identifiable {
    /// The id written in `scoreSettingsChanged.preset`.
    public var id: String
    /// Its name.
    public var name: String
    /// The settings.
    public var settings: ScoreSettings
    /// Where the numbers come from, in words.
    public var source: String
    /// The DOI of the source, when there is one.
    public var doi: String?

    /// Sleep-lab norms: targets at the middle of the young-adult ranges of the meta-analysis
    /// of Ohayon et al. 2004 (deep 13–23 %, REM 20–25 % of sleep).
    public static let sleepLab = ScorePreset(
        id: "sleepLab", name: "Sleep-lab norms",
        settings: ScoreSettings(weights: ScoreWeights(duration: 35, deep: 20, rem: 20, bedtime: 15, interruptions: 10), deepTarget: .percent(18), remTarget: .percent(22.5), preset: "sleepLab"),
        source: "Ohayon, Carskadon, Guilleminault & Vitiello 2004, Sleep 27(7):1255–1273: meta-analysis of 3,577 people; deep (N3) about 13–23 % of sleep in young adults, REM about 20–25 %. Targets at the middle of those ranges.",
        doi: "10.1093/sleep/27.7.1255"
    )

    /// The default balance of docs/rules.md §7.1 (duration 35, deep 25, bedtime 20, REM 10,
    /// interruptions 10), with a deep target of 60 minutes and REM at 22.5 %.
    public static let balanced = ScorePreset(
        id: "balanced", name: "Balanced (default)",
        settings: ScoreSettings(weights: ScoreWeights(duration: 35, deep: 25, rem: 10, bedtime: 20, interruptions: 10), deepTarget: .minutes(60), remTarget: .percent(22.5), preset: "balanced"),
        source: "The product's default weights (docs/rules.md §7.1). The deep target of 60 min is about 13 % of 7.5 h, the low end of the Ohayon et al. 2004 range; REM at the middle of its range. The 7–9 h need behind the duration part is the AASM/SRS consensus (Watson et al. 2015, Sleep 38(6):843–844, doi 10.5665/sleep.4716).",
        doi: "10.1093/sleep/27.7.1255"
    )

    /// Deep sleep first: the deep part weighs most, with the high end of the norm as target.
    public static let deepFirst = ScorePreset(
        id: "deepFirst", name: "Deep sleep first",
        settings: ScoreSettings(weights: ScoreWeights(duration: 30, deep: 40, rem: 10, bedtime: 10, interruptions: 10), deepTarget: .percent(20), remTarget: .percent(20), preset: "deepFirst"),
        source: "A preference, not a norm: deep sleep weighs 40 of 100, with a target of 20 % of sleep (the upper part of the 13–23 % young-adult range of Ohayon et al. 2004; it falls with age).",
        doi: "10.1093/sleep/27.7.1255"
    )

    /// Consistency first: the bedtime part weighs most, since a regular bedtime keeps the
    /// body clock steady.
    public static let consistencyFirst = ScorePreset(
        id: "consistencyFirst", name: "Consistency first",
        settings: ScoreSettings(weights: ScoreWeights(duration: 30, deep: 15, rem: 10, bedtime: 35, interruptions: 10), deepTarget: .minutes(60), remTarget: .percent(22.5), preset: "consistencyFirst"),
        source: "Phillips et al. 2017, Scientific Reports 7:3216: the least regular sleepers' melatonin onset came about 2.6 h later than the most regular's. Bedtime weighs 35 of 100.",
        doi: "10.1038/s41598-017-03171-4"
    )

    /// The four presets.
    public static let all = [sleepLab, balanced, deepFirst, consistencyFirst]

    /// The preset with `id`.
    public static func preset(id: String) -> ScorePreset? {
        all.first { $0.id == id }
    }
}
