/// The five parts of the tunable score (domain.md §7).
public enum ScorePart: String, Sendable, Hashable, CaseIterable, Codable {
    case duration, deep, rem, bedtime, interruptions
}
