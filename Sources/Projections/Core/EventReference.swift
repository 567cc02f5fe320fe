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
    package var identifier: SampleKey
    /// Its seq (counted within `stream` in a log set).
    public var seq: Int
    /// The stream it was read from, in a log set; `nil` for a log file.
    public var stream: String?
    /// Its type name.
    public var typeName: String
    /// When it happened.
    public var at: Instant
    /// Who wrote it.
    public var source: EventSource?

    /// The reference to `event`.
    package init(_ event: RecordedEvent) {
        identifier = event.event.identifier
        seq = event.seq
        typeName = event.typeName
        at = event.at
        source = event.event.source
        stream = event.stream
    }

    /// Where the event stands, for messages: `seq 12`, or `watch-1:12` in a log set.
    public var place: String { EventPlace.name(seq: seq, stream: stream) }
}
