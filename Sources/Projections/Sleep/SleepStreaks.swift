import Events

/// Bedtime streaks (docs/rules.md §6.3): consecutive nights going to sleep by the planned bedtime
/// + 15 minutes.
public struct SleepStreaks: Sendable, Hashable {
    /// Consecutive hits up to the latest night with data.
    public var current: Int
    /// The longest run of hits.
    public var best: Int

    /// Creates the value from its parts.
    public init(current: Int, best: Int) {
        self.current = current
        self.best = best
    }
}
