import Events

/// The tunable score's settings: weights and the deep and REM targets, and the preset they
/// came from. One description with the event that changes them: the settings in force
/// are the payload of the latest valid `scoreSettingsChanged` (else ``default``).
public typealias ScoreSettings = ScoreSettingsChanged

extension ScoreSettingsChanged {
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
