/// The countdown ring's colour, by minutes left with the haptic bands (the last two
/// merged as red): more than 120 green, over 60 to 120 yellow, over 30 to 60 orange,
/// 30 or less red.
public enum RingColour: String, Sendable, Hashable, CaseIterable, Codable {
    case green, yellow, orange, red

    /// The minutes left at which the colour turns: to yellow, orange, then red.
    public static let bandMinutes = [120, 60, 30]

    /// The colour with `minutesToBed` left.
    public static func forMinutesToBed(_ minutes: Double) -> RingColour {
        let passed = bandMinutes.filter { minutes <= Double($0) }.count
        return allCases[passed]
    }
}
