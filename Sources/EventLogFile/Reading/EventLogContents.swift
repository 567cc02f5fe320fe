import Events

/// Everything a log holds, read whole: its events in seq order, and the torn tail that
/// follows them, if any (reported, never hiding the events before it).
public struct EventLogContents: Sendable, Hashable {
    /// The events, in seq order.
    public var events: [RecordedEvent]
    /// The torn tail after them, if the log ends with one.
    public var tornTail: TornTail?

    /// Creates the value from its parts.
    public init(events: [RecordedEvent], tornTail: TornTail? = nil) {
        self.events = events
        self.tornTail = tornTail
    }
}
