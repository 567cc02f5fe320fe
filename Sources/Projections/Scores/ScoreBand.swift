/// The tunable score's bands, after the night-sky design: below 50, 50–74, 75 and up.
public enum ScoreBand: String, Sendable, Hashable, CaseIterable, Codable {
    case low, fair, good

    /// The band of a total.
    public init(total: Int) {
        switch total {
        case ..<50: self = .low
        case 50..<75: self = .fair
        default: self = .good
        }
    }
}

/// Apple's Sleep Score bands (iOS 26.2): Very Low 0–40, Low 41–60, OK 61–80, High 81–95,
/// Very High 96–100.
public enum AppleScoreBand: String, Sendable, Hashable, CaseIterable, Codable {
    case veryLow, low, ok, high, veryHigh

    /// The band of a total.
    public init(total: Int) {
        switch total {
        case ...40: self = .veryLow
        case 41...60: self = .low
        case 61...80: self = .ok
        case 81...95: self = .high
        default: self = .veryHigh
        }
    }
}
