import Events

/// Which apps sit in which restriction tier, in shutdown order (docs/rules.md §2.3).
///
/// The defaults are the starting assignment: Instagram, TikTok, YouTube → `blockFirst`;
/// Messages → `block30Min`; Phone → `alwaysAllowed`. Each `appTierAssigned` moves one app
/// to the end of its new tier's order; assigning an app to the tier it is in changes
/// nothing.
public struct AppTierAssignments: Projection, Hashable {
    /// Apps of each tier, in the order they shut down.
    public private(set) var appsByTier: [AppTier: [String]]

    /// The default assignment.
    public static let defaults: [AppTier: [String]] = [
        .blockFirst: ["Instagram", "TikTok", "YouTube"],
        .block30Min: ["Messages"],
        .alwaysAllowed: ["Phone"],
    ]

    /// Creates the value from its parts.
    public init() {
        appsByTier = Self.defaults
    }

    /// The apps of `tier`, in shutdown order.
    public func apps(in tier: AppTier) -> [String] { appsByTier[tier] ?? [] }

    /// The tier `app` is in, or `nil` if it was never assigned.
    public func tier(of app: String) -> AppTier? {
        AppTier.allCases.first { apps(in: $0).contains(app) }
    }

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        guard case .appTierAssigned(let assignment) = event.payload else { return }
        if tier(of: assignment.app) == assignment.tier { return }
        for tier in AppTier.allCases {
            appsByTier[tier]?.removeAll { $0 == assignment.app }
        }
        appsByTier[assignment.tier, default: []].append(assignment.app)
    }

    /// Checks the invariant that every app is in exactly one tier (run by the tests).
    package func _checkInvariants() -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for tier in AppTier.allCases {
            for app in apps(in: tier) where !seen.insert(app).inserted {
                problems.append("\(app) is in more than one tier")
            }
        }
        return problems
    }
}

// MARK: Checkpoint

extension AppTierAssignments: StateCodable {
    package static var placeholder: AppTierAssignments { AppTierAssignments() }

    /// For each tier, in `AppTier.allCases` order: whether it has a list, then its apps.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        for tier in AppTier.stateCases {
            var apps = appsByTier[tier]
            try coder.field("AppTierAssignments", &apps)
            if Coder.isReading { appsByTier[tier] = apps }
        }
    }
}
