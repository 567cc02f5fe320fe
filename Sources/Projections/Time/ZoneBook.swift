import Events

/// The time zones a log has used, each resolved once: `TimeZone` look-ups are not free,
/// and every plan query needs them.
struct ZoneBook: Sendable, Hashable {
    private var resolvers: [String: LocalTimeResolver] = [:]

    /// Adds `identifier` (an identifier this platform does not know is left out, by
    /// `LocalTimeResolver.init?(identifier:)`: `ProjectionRunner` skips events in such
    /// zones, so only events folded some other way can name one).
    mutating func add(_ identifier: String) {
        guard resolvers[identifier] == nil, let resolver = LocalTimeResolver(identifier: identifier) else { return }
        resolvers[identifier] = resolver
    }

    /// The resolver of `identifier`, if known.
    func resolver(for identifier: String) -> LocalTimeResolver? {
        resolvers[identifier]
    }

    static func == (left: ZoneBook, right: ZoneBook) -> Bool {
        left.resolvers.keys.sorted() == right.resolvers.keys.sorted()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(resolvers.keys.sorted())
    }
}
