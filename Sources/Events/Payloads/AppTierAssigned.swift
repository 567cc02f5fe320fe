/// `appTierAssigned`: an app placed in a restriction tier.
public struct AppTierAssigned: EventPayloadContent {
    /// The app's display name, e.g. `"Instagram"`.
    public var app: String
    /// Its new tier.
    public var tier: AppTier

    /// Creates the value from its parts.
    public init(app: String, tier: AppTier) {
        self.app = app
        self.tier = tier
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: AppTierAssigned { AppTierAssigned(app: "", tier: .alwaysAllowed) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.name("app", &app)
        try visitor.enumeration("tier", &tier)
    }
}
