/// The countdown ring's colour, by minutes left with the haptic bands (the last two
/// merged as red): more than 120 green, over 60 to 120 yellow, over 30 to 60 orange,
/// 30 or less red.
public enum RingColour: String, Sendable, Hashable, CaseIterable, Codable {
    case green, yellow, orange, red

    /// The colour with `minutesToBed` left.
    public static func forMinutesToBed(_ minutes: Double) -> RingColour {
        switch minutes {
        case let m where m > 120: return .green
        case let m where m > 60: return .yellow
        case let m where m > 30: return .orange
        default: return .red
        }
    }
}
