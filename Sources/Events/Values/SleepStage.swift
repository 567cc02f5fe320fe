/// A HealthKit sleep-analysis stage.
public enum SleepStage: String, Sendable, Hashable, CaseIterable {
    case inBed, asleep, awake, core, deep, rem

    /// `asleep`, `core`, `deep` and `rem` count as asleep.
    public var isAsleep: Bool {
        switch self {
        case .asleep, .core, .deep, .rem: return true
        case .inBed, .awake: return false
        }
    }

    /// `core`, `deep` and `rem` come only from a staged source.
    public var isStaged: Bool {
        switch self {
        case .core, .deep, .rem: return true
        case .inBed, .asleep, .awake: return false
        }
    }
}
