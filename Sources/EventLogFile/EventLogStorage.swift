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
}

extension EventLogStorage {
    /// Every event in seq order.
    public func readAll() throws(EventLogFileError) -> [RecordedEvent] {
        try read().events
    }
}
