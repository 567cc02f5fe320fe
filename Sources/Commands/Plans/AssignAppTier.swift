import Foundation
import Events
import Projections

/// Places an app in a restriction tier. Assigning an app to the tier it is already in
/// changes nothing, so it appends nothing.
public struct AssignAppTier: Command {
    /// The app's display name (surrounding spaces are trimmed).
    public var app: String
    /// The tier to place it in.
    public var tier: AppTier

    /// Creates the value from its parts.
    public init(app: String, tier: AppTier) {
        self.app = app
        self.tier = tier
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let name = app.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            throw CommandError(rule: .emptyAppName, message: "the app name is empty; give the app's display name, e.g. \"Instagram\"")
        }
        if state.appTiers.tier(of: name) == tier { return [] }
        return [context.event(.appTierAssigned(AppTierAssigned(app: name, tier: tier)))]
    }
}
