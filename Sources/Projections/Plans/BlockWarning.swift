import Events

/// A warning before a tier blocks.
public struct BlockWarning: Sendable, Hashable {
    /// The tier about to block.
    public var tier: AppTier
    /// Minutes before its activation (15 or 5).
    public var minutesBeforeActivation: Int
    /// When the warning fires.
    public var fireAt: Instant
    /// Its haptic (by minutes before bedtime).
    public var haptic: Haptic

    /// Creates the value from its parts.
    public init(tier: AppTier, minutesBeforeActivation: Int, fireAt: Instant, haptic: Haptic) {
        self.tier = tier
        self.minutesBeforeActivation = minutesBeforeActivation
        self.fireAt = fireAt
        self.haptic = haptic
    }
}
