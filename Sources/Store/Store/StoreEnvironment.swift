import Commands
import Events
import Foundation

/// The store's edge to the world: the only place that reads a clock or the zone, or makes
/// ids. Tests pass fixed ones.
public struct StoreEnvironment: Sendable {
    /// The current instant, with the device's offset.
    public var now: @Sendable () -> Instant
    /// The device's IANA zone now.
    public var timeZone: @Sendable () -> String
    /// A new, unique event id.
    public var makeIdentifier: @Sendable () -> String
    /// Who the store writes for (`phone`, `watch`, …).
    public var source: EventSource?

    /// Creates the value from its parts.
    public init(
        now: @escaping @Sendable () -> Instant,
        timeZone: @escaping @Sendable () -> String,
        makeIdentifier: @escaping @Sendable () -> String,
        source: EventSource?
    ) {
        self.now = now
        self.timeZone = timeZone
        self.makeIdentifier = makeIdentifier
        self.source = source
    }

    /// The device's clock and zone, and UUID ids.
    public static func live(source: EventSource?) -> StoreEnvironment {
        StoreEnvironment(
            now: { Instant.now },
            timeZone: { TimeZone.current.identifier },
            makeIdentifier: { UUID().uuidString.lowercased() },
            source: source
        )
    }
}
