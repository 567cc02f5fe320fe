/// A rule a goal breaks, with what is wrong and what would be accepted.
public struct GoalViolation: Sendable, Hashable, CustomStringConvertible {
    /// Which rule.
    public enum Rule: String, Sendable, Hashable {
        /// `days` outside 3…30.
        case daysOutOfRange
        /// The target is not earlier than the current bedtime.
        case targetNotEarlier
        /// The shift is outside 15…360 minutes.
        case shiftOutOfRange
        /// The step would exceed 60 minutes a night.
        case stepTooLarge
        /// `sleepNeedMinutes` outside 300…720.
        case sleepNeedOutOfRange
    }

    /// The rule broken.
    public var rule: Rule
    /// What is wrong and what would be accepted.
    public var message: String
    /// For `stepTooLarge`: the fewest nights that would work.
    public var fewestDays: Int?

    /// Creates the value from its parts.
    public init(rule: Rule, message: String, fewestDays: Int? = nil) {
        self.rule = rule
        self.message = message
        self.fewestDays = fewestDays
    }

    public var description: String { message }
}
