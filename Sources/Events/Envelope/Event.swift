import StrictJSON
/// One event as a writer states it: everything on a log line except the `seq` and the
/// `batch` marker, which the log assigns when it appends.
public struct Event: Sendable, Hashable {
    /// Unique id, 1–128 UTF-8 bytes (a UUID string from the writer). Appending an id the
    /// log already holds, with the same content, is a no-op.
    public var id: String {
        get { identifier.text }
        set { identifier = CompactIdentifier(newValue) }
    }
    /// `id` as it is held: a UUID as its bits (no string to allocate, or to free).
    package var identifier: CompactIdentifier
    /// When it happened on the device, with the device's offset.
    public var at: Instant
    /// IANA time zone of the device at `at` (the `tz` key).
    public var timeZone: String
    // `Optional<…>` rather than `…?`: a `var` written `T?` starts out as `nil`, and then the
    // optimizer makes `init` copy the whole event (every string retained, then released)
    // instead of building it in place; decoding a log pays that on every line.
    /// Who wrote it.
    public var source: Optional<EventSource>
    /// The `id` of the event that led to this one.
    public var causedBy: Optional<String>
    /// The typed payload.
    public var payload: EventPayload
    /// Envelope keys this version does not know, kept on round trip.
    package var additionalEnvelopeFields: JSONObject
    /// Payload keys this version does not know, kept on round trip.
    package var additionalPayloadFields: JSONObject

    /// Creates the value from its parts.
    public init(
        id: String,
        at: Instant,
        timeZone: String,
        source: EventSource? = nil,
        causedBy: String? = nil,
        payload: EventPayload
    ) {
        self.init(
            identifier: CompactIdentifier(id), at: at, timeZone: timeZone, source: source, causedBy: causedBy, payload: payload,
            additionalEnvelopeFields: JSONObject(), additionalPayloadFields: JSONObject()
        )
    }

    /// Creates the value from its parts, its id as it is held, with the keys this version
    /// does not know (the decoders, and tests that round-trip them).
    package init(
        identifier: CompactIdentifier,
        at: Instant,
        timeZone: String,
        source: EventSource? = nil,
        causedBy: String? = nil,
        payload: EventPayload,
        additionalEnvelopeFields: JSONObject,
        additionalPayloadFields: JSONObject
    ) {
        self.identifier = identifier
        self.at = at
        self.timeZone = timeZone
        self.source = source
        self.causedBy = causedBy
        self.payload = payload
        self.additionalEnvelopeFields = additionalEnvelopeFields
        self.additionalPayloadFields = additionalPayloadFields
    }

    /// How many UTF-8 bytes an `id` may have (docs/log-format.md §2): the one place the limit is
    /// stated, for both decoders and for the commands that make ids.
    @inlinable public static var identifierByteRange: ClosedRange<Int> { 1...128 }

    /// The `type` on the wire.
    public var typeName: String { payload.typeName }
    /// The event's type, `nil` for an opaque event whose type this reader does not know
    /// (`typeName` names it either way).
    public var type: EventType? { EventType(rawValue: typeName) }
    /// The `v` on the wire.
    public var version: Int { payload.version }
}
