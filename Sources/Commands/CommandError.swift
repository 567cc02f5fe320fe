import Events

/// Why a command was rejected: the rule it broke, what was wrong and what would be
/// accepted. A rejected command appends nothing.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule broken. A struct with static members so that later features can add
    /// their own without breaking anyone's `switch` (keep a `default:`).
    public struct Rule: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A nightly action names a night more than 2 days from its instant (domain.md §8).
        public static let nightOutOfRange = Rule(rawValue: "nightOutOfRange")
        /// The demo night is named where only a real night is allowed.
        public static let demoNightNotAllowed = Rule(rawValue: "demoNightNotAllowed")
        /// An app name is empty.
        public static let emptyAppName = Rule(rawValue: "emptyAppName")
    }

    /// The rule broken.
    public var rule: Rule
    /// What is wrong, and what would be accepted.
    public var message: String

    /// Creates the value from its parts.
    public init(rule: Rule, message: String) {
        self.rule = rule
        self.message = message
    }

    public var description: String { "\(rule): \(message); nothing was appended" }
}
