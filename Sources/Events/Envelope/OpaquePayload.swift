import StrictJSON
/// An event this reader cannot interpret: an unknown `type`, or a known type at a newer
/// `v`. It is kept whole (the line round-trips byte for byte), skipped by projections and
/// counted in warnings; it never aborts a replay.
public struct OpaquePayload: Sendable, Hashable {
    /// Why the event is opaque.
    public enum Reason: Sendable, Hashable {
        /// The type is not in this reader's catalogue.
        case unknownType
        /// The type is known, but only up to `knownVersion`.
        case newerVersion(knownVersion: Int)
        /// An older version for which no upcaster is registered.
        case noUpcaster(fromVersion: Int)
    }

    /// The `type` as written.
    public var typeName: String
    /// The `v` as written.
    public var version: Int
    /// The `data` object as written.
    package var data: JSONObject
    /// Why it could not be read as a typed event.
    public var reason: Reason

    /// Creates the value from its parts.
    package init(typeName: String, version: Int, data: JSONObject, reason: Reason) {
        self.typeName = typeName
        self.version = version
        self.data = data
        self.reason = reason
    }

    /// A one-line warning for `stats`, `show` and replays.
    public var warning: String {
        switch reason {
        case .unknownType:
            return "unknown event type '\(typeName)' (v\(version)) kept but skipped"
        case .newerVersion(let known):
            return "event type '\(typeName)' at v\(version) is newer than this reader (v\(known)); kept but skipped"
        case .noUpcaster(let from):
            return "event type '\(typeName)' at v\(from) has no upcaster to the current version; kept but skipped"
        }
    }
}
