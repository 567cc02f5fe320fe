/// A value, or none, for each of the five score parts: what a night's score holds for its
/// parts and their weights, without a dictionary to make for every night scored.
struct ScorePartValues: Sendable, Hashable {
    private var duration: Double?
    private var deep: Double?
    private var rem: Double?
    private var bedtime: Double?
    private var interruptions: Double?

    /// No value for any part.
    init() {}

    /// The values `dictionary` holds.
    init(_ dictionary: [ScorePart: Double]) {
        for (part, value) in dictionary { self[part] = value }
    }

    subscript(part: ScorePart) -> Double? {
        get {
            switch part {
            case .duration: return duration
            case .deep: return deep
            case .rem: return rem
            case .bedtime: return bedtime
            case .interruptions: return interruptions
            }
        }
        set {
            switch part {
            case .duration: duration = newValue
            case .deep: deep = newValue
            case .rem: rem = newValue
            case .bedtime: bedtime = newValue
            case .interruptions: interruptions = newValue
            }
        }
    }

    /// The parts with a value, and their values.
    var dictionary: [ScorePart: Double] {
        var result: [ScorePart: Double] = [:]
        for part in ScorePart.allCases {
            if let value = self[part] { result[part] = value }
        }
        return result
    }
}
