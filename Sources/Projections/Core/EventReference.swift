import Events

/// Which event caused something: enough to answer "why" without the log at hand.
public struct EventReference: Sendable, Hashable {
    /// The event's id.
    public var id: String
    /// Its seq.
    public var seq: Int
    /// Its type name.
    public var typeName: String
    /// When it happened.
    public var at: Instant
    /// Who wrote it.
    public var source: EventSource?

    /// The reference to `event`.
    package init(_ event: RecordedEvent) {
        id = event.id
        seq = event.seq
        typeName = event.typeName
        at = event.at
        source = event.event.source
    }
}
