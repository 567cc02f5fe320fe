import Events

/// What a command is decided against: the instant, the device's zone, who sends it, and
/// how new events get their ids. The store's thin edge fills it from the clock; tests fill
/// it by hand.
public struct CommandContext: Sendable {
    /// When the command is sent.
    public var now: Instant
    /// The device's IANA zone at `now`.
    public var timeZone: String
    /// Who sends it.
    public var source: EventSource?
    private let makeIdentifier: @Sendable () -> String

    /// Creates the value from its parts.
    public init(now: Instant, timeZone: String, source: EventSource? = nil, makeIdentifier: @escaping @Sendable () -> String) {
        self.now = now
        self.timeZone = timeZone
        self.source = source
        self.makeIdentifier = makeIdentifier
    }

    /// A new event stamped with this context.
    public func event(_ payload: EventPayload, causedBy: Event? = nil) -> Event {
        Event(id: makeIdentifier(), at: now, timeZone: timeZone, source: source, causedBy: causedBy?.id, payload: payload)
    }

    /// A new event stamped with this context's instant and zone, with `identifier` when
    /// given (else a new id) and `source` when given (else this context's source). The
    /// HealthKit commands use it for deterministic ids and the `health` source.
    public func event(_ payload: EventPayload, identifier: String?, source: EventSource?) -> Event {
        Event(id: identifier ?? makeIdentifier(), at: now, timeZone: timeZone, source: source ?? self.source, payload: payload)
    }
}
