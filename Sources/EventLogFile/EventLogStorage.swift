import Events

/// A log that events can be appended to and read back: the file (`FileEventLog`) or
/// memory (`InMemoryEventLog`, for tests and previews). Both keep the same append rules.
public protocol EventLogStorage: AnyObject, Sendable {
    /// Appends `events` as one atomic, durable batch.
    ///
    /// - Parameter expectedLastSeq: the last seq the caller has seen; when the log has
    ///   moved past it the append fails with `.sequenceConflict` and writes nothing.
    /// - Returns: one outcome per event, in order: its seq and whether it was already there.
    /// - Throws: `EventLogFileError`; when it throws, nothing was written.
    func append(_ events: [Event], expectedLastSeq: Int?) throws(EventLogFileError) -> [AppendOutcome]

    /// Every event in seq order, and the torn tail after them if there is one.
    func read() throws(EventLogFileError) -> EventLogContents

    /// The last seq in the log (0 when empty).
    func lastSeq() throws(EventLogFileError) -> Int

    /// Calls `body` with every event in (`at`, `seq`) order, the order projections fold in,
    /// without holding the whole log: a file is streamed, and only events that arrived late
    /// are held (`restart` is then called and the events handed out again from the start).
    ///
    /// - Returns: the torn tail after the events, if the log ends with one.
    func forEachEventInTimeOrder(restart: () -> Void, _ body: (RecordedEvent) -> Void) throws(EventLogFileError) -> TornTail?
}

extension EventLogStorage {
    /// The default: reads the log whole and sorts it (fine for a log held in memory).
    public func forEachEventInTimeOrder(restart: () -> Void, _ body: (RecordedEvent) -> Void) throws(EventLogFileError) -> TornTail? {
        let contents = try read()
        for event in EventOrdering.sorted(contents.events) { body(event) }
        return contents.tornTail
    }
}

extension EventLogStorage {
    /// Every event in seq order.
    public func readAll() throws(EventLogFileError) -> [RecordedEvent] {
        try read().events
    }
}
