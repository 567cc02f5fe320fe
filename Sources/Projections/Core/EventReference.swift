import Events

/// Which event caused something: enough to answer "why" without the log at hand.
public struct EventReference: Sendable, Hashable {
    /// The event's id.
    public var id: String {
        get { identifier.text }
        set { identifier = SampleKey(newValue) }
    }
    /// `id` as held: a UUID text as its 128 bits and case (no string kept for it), any
    /// other id as its text; equal exactly when the ids are.
    var identifier: SampleKey
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
        identifier = SampleKey(event.id)
        seq = event.seq
        typeName = event.typeName
        at = event.at
        source = event.event.source
    }
}
