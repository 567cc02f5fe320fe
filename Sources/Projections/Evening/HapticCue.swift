import Events

/// One haptic in a night's haptic schedule.
public struct HapticCue: Sendable, Hashable {
    /// When it plays.
    public var at: Instant
    /// Which haptic.
    public var haptic: Haptic
    /// How many times.
    public var repeats: Int
    /// The milestone: a reminder id or `block_warning`.
    public var milestone: String

    /// Creates the value from its parts.
    public init(at: Instant, haptic: Haptic, repeats: Int, milestone: String) {
        self.at = at
        self.haptic = haptic
        self.repeats = repeats
        self.milestone = milestone
    }
}
