/// A watch haptic. They grow gentler as bedtime nears (docs/rules.md §2.4).
public enum Haptic: String, Sendable, Hashable, CaseIterable, Codable {
    case notification, directionUp, click, directionDown, success

    /// The haptic for a milestone `minutesBeforeBedtime` before bedtime: more than 120
    /// notification; over 60 to 120 directionUp; over 30 to 60 click; over 15 to 30
    /// directionDown; 15 or less success.
    public static func forMilestone(minutesBeforeBedtime minutes: Double) -> Haptic {
        switch minutes {
        case let m where m > 120: return .notification
        case let m where m > 60: return .directionUp
        case let m where m > 30: return .click
        case let m where m > 15: return .directionDown
        default: return .success
        }
    }

    /// The wake-up haptic and how many times it repeats.
    public static let wakeUp = (haptic: Haptic.notification, repeats: 3)
}
