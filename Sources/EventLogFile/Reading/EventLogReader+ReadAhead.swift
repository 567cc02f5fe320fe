import Events
import Foundation

extension EventLogReader {
    /// The events of ``forEachEvent(path:decoder:invalidLines:_:)``, with the reading and
    /// decoding on a thread of its own, a few batches ahead of `body`, which runs on the
    /// caller's thread: on two cores a fold then costs about the larger of the two instead
    /// of their sum.
    /// The same events in the same order, the same summary, the same error after the same
    /// events; on one core, the plain read.
    ///
    /// In flight at most ``readAheadBatches`` batches of about ``readAheadBatchSize`` events, so
    /// memory still does not grow with the file.
    @discardableResult
    static func forEachEventReadingAhead(
        path: String,
        decoder: any EventLineDecoding,
        invalidLines: InvalidLines,
        _ body: (RecordedEvent) -> Void
    ) throws(EventLogFileError) -> Summary {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else {
            return try forEachEvent(path: path, decoder: decoder, invalidLines: invalidLines) { body($0.event) }
        }
        let channel = ReadAheadChannel()
        let reader = Thread {
            let outcome = Result { () throws(EventLogFileError) -> Summary in
                try forEachRelease(path: path, from: .start, decoder: decoder, invalidLines: invalidLines, gathering: readAheadBatchSize) { released in
                    // The array itself is handed over: no event is copied.
                    channel.send(released)
                    released = []
                    released.reserveCapacity(readAheadBatchSize)
                }
            }
            channel.finish(outcome)
        }
        // The reference decoder recurses once a nesting level (up to 512): a main thread's stack.
        reader.stackSize = 8 << 20
        reader.start()
        while let batch = channel.receive() {
            // Each event is passed on from its place in the batch, in order; the batch is let
            // go whole once folded.
            for index in batch.indices { body(batch[index].event) }
        }
        return try channel.outcome.get()
    }

    /// Events a batch handed from the reading thread.
    static let readAheadBatchSize = 1024
    /// Batches the reading thread may be ahead.
    static let readAheadBatches = 4
}

/// The batches from the reading thread to the folding one, then the read's outcome.
private final class ReadAheadChannel: @unchecked Sendable {
    // @unchecked: every stored property is read and written with `condition` locked.
    private let condition = NSCondition()
    private var batches: [[ScannedEvent]] = []
    private var finished: Result<EventLogReader.Summary, EventLogFileError>?

    /// Hands over `batch`, waiting while the reader is ``EventLogReader/readAheadBatches`` ahead.
    func send(_ batch: [ScannedEvent]) {
        condition.lock()
        while batches.count >= EventLogReader.readAheadBatches { condition.wait() }
        batches.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// The read's summary or error, after its last batch.
    func finish(_ outcome: Result<EventLogReader.Summary, EventLogFileError>) {
        condition.lock()
        finished = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, or `nil` once the read finished and every batch was taken.
    func receive() -> [ScannedEvent]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, finished == nil { condition.wait() }
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        condition.broadcast()
        return batch
    }

    /// The outcome, once ``receive()`` answered `nil`.
    var outcome: Result<EventLogReader.Summary, EventLogFileError> {
        condition.lock()
        defer { condition.unlock() }
        return finished ?? .failure(EventLogFileError(code: .ioError, message: "the read ended without an outcome"))
    }
}
