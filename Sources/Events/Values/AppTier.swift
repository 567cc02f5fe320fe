/// A restriction tier for apps during wind-down.
public enum AppTier: String, Sendable, Hashable, CaseIterable {
    /// Blocked from wind-down start (bedtime − 4 h).
    case blockFirst
    /// Blocked from 30 minutes before bedtime.
    case block30Min
    /// Never blocked.
    case alwaysAllowed
}
