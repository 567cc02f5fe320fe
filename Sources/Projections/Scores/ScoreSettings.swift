import Events

/// The tunable score's settings: weights and the deep and REM targets.
public struct ScoreSettings: Sendable, Hashable {
    /// The five weights, summing to 100.
    public var weights: ScoreWeights
    /// The deep-sleep target, in minutes or percent of time asleep.
    public var deepTarget: ScoreTarget
    /// The REM target.
    public var remTarget: ScoreTarget
    /// The preset these came from, if any.
    public var preset: String?

    /// Creates the value from its parts.
    public init(weights: ScoreWeights, deepTarget: ScoreTarget, remTarget: ScoreTarget, preset: String? = nil) {
        self.weights = weights
        self.deepTarget = deepTarget
        self.remTarget = remTarget
        self.preset = preset
    }

    /// The settings before any `scoreSettingsChanged`: the default balance preset.
    public static let `default` = ScorePreset.balanced.settings

    /// The target in minutes for a night with `asleepMinutes` asleep.
    public static func minutes(of target: ScoreTarget, asleepMinutes: Double) -> Double {
        switch target {
        case .minutes(let minutes): return minutes
        case .percent(let percent): return asleepMinutes * percent / 100
        }
    }
}
