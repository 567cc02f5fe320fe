import Events

/// The three parts of Apple's Sleep Score (docs/rules.md §7.3), in the order Apple shows them.
public enum AppleScorePart: String, Sendable, Hashable, CaseIterable, Codable {
    case duration, bedtime, interruptions

    /// The most points the part gives: duration 50, bedtime 30, interruptions 20.
    public var maximum: Int {
        switch self {
        case .duration: return 50
        case .bedtime: return 30
        case .interruptions: return 20
        }
    }
}

extension AppleScoreEstimate {
    /// The estimated points of `part`, unrounded.
    public func points(_ part: AppleScorePart) -> Double {
        switch part {
        case .duration: return duration
        case .bedtime: return bedtime
        case .interruptions: return interruptions
        }
    }
}

extension AppleSleepScoreLogged {
    /// The typed-in points of `part`; `nil` for interruptions when they were not typed in.
    public func points(_ part: AppleScorePart) -> Int? {
        switch part {
        case .duration: return duration
        case .bedtime: return bedtime
        case .interruptions: return interruptions
        }
    }
}
