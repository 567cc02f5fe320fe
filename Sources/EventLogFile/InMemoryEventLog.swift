import Events
import Foundation

/// A log held in memory, with the same append rules as the file: for tests, previews and
/// anything that must not touch the disk.
public final class InMemoryEventLog: EventLogStorage, @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var events: [RecordedEvent] = []
    private var seqByIdentifier: [String: Int] = [:]

    /// An empty log, or one holding `events` (given without seq; they get 1, 2, 3…).
    public init(_ events: [Event] = []) throws(EventLogFileError) {
        if !events.isEmpty { _ = try append(events, expectedLastSeq: 0) }
    }

    /// Appends with the same rules as `FileEventLog` (see `EventLogStorage`).
    public func append(_ newEvents: [Event], expectedLastSeq: Int?) throws(EventLogFileError) -> [AppendOutcome] {
        lock.lock()
        defer { lock.unlock() }
        let plan = try AppendPlanner.plan(
            newEvents, lastSeq: events.count, expectedLastSeq: expectedLastSeq, path: nil
        ) { identifier throws(EventLogFileError) in
            seqByIdentifier[identifier].map { events[$0 - 1] }
        }
        for event in plan.newEvents {
            events.append(event)
            seqByIdentifier[event.id] = event.seq
        }
        return plan.outcomes
    }

    /// Every event in seq order (memory never has a torn tail).
    public func read() -> EventLogContents {
        EventLogContents(events: readAll())
    }

    /// Every event in seq order.
    public func readAll() -> [RecordedEvent] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    /// The last seq (0 when empty).
    public func lastSeq() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return events.count
    }
}
