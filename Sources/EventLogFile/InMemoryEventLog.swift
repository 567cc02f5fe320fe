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

    /// A log holding the events of the JSON-lines `text` (a log file's bytes, say a fixture an
    /// app bundles for its previews): each line decoded as the log's reader decodes it, and
    /// appended in order, a batch as one append (so the events keep their seqs when the
    /// lines number them 1, 2, 3…). Blank lines are passed over.
    ///
    /// - Throws: `EventLogFileError` `.invalidLine` naming the first line that does not
    ///   decode, and why; nothing is held then.
    public convenience init(jsonLines text: String) throws(EventLogFileError) {
        try self.init()
        var decoder = EventLineDecoder()
        var batch: [Event] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line.utf8)
            guard bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else { continue }
            let recorded: RecordedEvent
            do {
                recorded = try decoder.decode(line: bytes)
            } catch {
                throw EventLogFileError(code: .invalidLine, message: "\(error.message); nothing was read", path: nil, line: index + 1)
            }
            batch.append(recorded.event)
            if (recorded.batch.map { $0.index == $0.count } ?? true) {
                _ = try append(batch, expectedLastSeq: nil)
                batch = []
            }
        }
        if !batch.isEmpty { _ = try append(batch, expectedLastSeq: nil) }
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
