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

    public static let fieldNames = ["app", "tier"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        app = try data.nonEmptyString("app")
        tier = try data.enumeration("tier", as: AppTier.self)
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("app", app)
        data.string("tier", tier.rawValue)
    }
}
