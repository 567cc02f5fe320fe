import Events

/// An event read from a log file, with where it stands.
public struct ScannedEvent: Sendable, Hashable {
    /// The event.
    public var event: RecordedEvent
    /// Its 1-based line number.
    public var line: Int
    /// The offset of the line's first byte.
    public var byteOffset: Int64

    /// Creates the value from its parts.
    public init(event: RecordedEvent, line: Int, byteOffset: Int64) {
        self.event = event
        self.line = line
        self.byteOffset = byteOffset
    }
}
