/// The five parts of the tunable score (docs/rules.md §7.1).
public enum ScorePart: String, Sendable, Hashable, CaseIterable, Codable {
    case duration, deep, rem, bedtime, interruptions
}
