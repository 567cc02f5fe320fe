import Events

/// An app and when it is blocked.
public struct BlockedApp: Sendable, Hashable {
    /// The app's name.
    public var app: String
    /// Its tier.
    public var tier: AppTier
    /// When its shield goes up.
    public var blockedAt: Instant

    /// Creates the value from its parts.
    public init(app: String, tier: AppTier, blockedAt: Instant) {
        self.app = app
        self.tier = tier
        self.blockedAt = blockedAt
    }
}
