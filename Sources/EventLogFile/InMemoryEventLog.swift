import Events
import Foundation

/// A log held in memory, with the same append rules as the file: for tests, previews and
/// anything that must not touch the disk.
public final class InMemoryEventLog: EventLogStorage, Sendable {
    /// The events in seq order, and the seq of each id.
    private let held = Locked((events: [RecordedEvent](), seqByIdentifier: [String: Int]()))

    /// An empty log, or one holding `events` (given without seq; they get 1, 2, 3…).
    public init(_ events: [Event] = []) throws(EventLogFileError) {
        if !events.isEmpty { _ = try append(events, expectedLastSeq: 0) }
    }

    /// Appends with the same rules as `FileEventLog` (see `EventLogStorage`).
    public func append(_ newEvents: [Event], expectedLastSeq: Int?) throws(EventLogFileError) -> [AppendOutcome] {
        try held.withLock { (held) throws(EventLogFileError) in
            let plan = try AppendPlanner.plan(
                newEvents, lastSeq: held.events.count, expectedLastSeq: expectedLastSeq, path: nil
            ) { identifier throws(EventLogFileError) in
                held.seqByIdentifier[identifier].map { held.events[$0 - 1] }
            }
            for event in plan.newEvents {
                held.events.append(event)
                held.seqByIdentifier[event.id] = event.seq
            }
            return plan.outcomes
        }
    }

    /// Every event in seq order (memory never has a torn tail).
    public func read() -> EventLogContents {
        EventLogContents(events: readAll())
    }

    /// Every event in seq order.
    public func readAll() -> [RecordedEvent] {
        held.withLock { $0.events }
    }

    /// The last seq (0 when empty).
    public func lastSeq() -> Int {
        held.withLock { $0.events.count }
    }
}
