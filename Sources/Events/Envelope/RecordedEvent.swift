/// An event as it stands in the log: its `seq`, its batch marker, and the event.
public struct RecordedEvent: Sendable, Hashable {
    /// Position in the log: the first line is 1, each next line is +1.
    public let seq: Int
    /// The line's place in a batch of two or more, if it was appended in one.
    public let batch: BatchPosition?
    /// The event.
    public let event: Event
    /// The line exactly as read, kept for opaque events so that they round-trip byte for
    /// byte; `nil` for typed events, which the encoder writes canonically.
    public let originalLine: [UInt8]?
    /// The stream (one device's file in a log set) the line was read from; `nil` for a
    /// single log file. Its `seq` counts within that stream.
    public let stream: String?
    /// The digest of the event's id, made where the event is made: a file's events are
    /// decoded on a reading thread of their own, so the fold that checks ids need not hash
    /// each id again on its thread.
    package let idDigest: IdentifierDigest

    /// Creates the value from its parts.
    public init(seq: Int, batch: BatchPosition? = nil, event: Event, originalLine: [UInt8]? = nil, stream: String? = nil) {
        self.init(seq: seq, batch: batch, event: event, originalLine: originalLine, stream: stream, idDigest: IdentifierDigest(event.identifier))
    }

    /// Creates the value from its parts and its id's digest, which must be
    /// `IdentifierDigest(event.id)` (the fast decoder makes it from the line's bytes).
    package init(seq: Int, batch: BatchPosition?, event: Event, originalLine: [UInt8]?, stream: String?, idDigest: IdentifierDigest) {
        self.seq = seq
        self.batch = batch
        self.event = event
        self.originalLine = originalLine
        self.stream = stream
        self.idDigest = idDigest
    }

    /// The same line, read from the stream `stream` of a log set.
    public func inStream(_ stream: String) -> RecordedEvent {
        RecordedEvent(seq: seq, batch: batch, event: event, originalLine: originalLine, stream: stream, idDigest: idDigest)
    }

    /// Where the line stands, for messages: `seq 12`, or `watch-1:12` in a log set
    /// (`EventPlace`).
    public var place: String { EventPlace.name(seq: seq, stream: stream) }

    /// The event's id.
    public var id: String { event.id }
    /// The event's instant.
    public var at: Instant { event.at }
    /// The event's payload.
    public var payload: EventPayload { event.payload }
    /// The event's type name.
    public var typeName: String { event.typeName }
    /// The event's type, `nil` for an opaque event whose type this reader does not know.
    public var type: EventType? { event.type }
}
