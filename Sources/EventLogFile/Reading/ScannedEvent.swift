import Events

/// An event read from a log file, with where it stands.
package struct ScannedEvent: Sendable, Hashable {
    /// The event.
    package var event: RecordedEvent
    /// Its 1-based line number.
    package var line: Int
    /// The offset of the line's first byte.
    package var byteOffset: Int64

    /// Creates the value from its parts.
    package init(event: RecordedEvent, line: Int, byteOffset: Int64) {
        self.event = event
        self.line = line
        self.byteOffset = byteOffset
    }
}
