import Events

/// The rules of an append, shared by the file and in-memory logs (docs/log-format.md,
/// `id`): ids already present with the same content are answered with their seq before
/// the expected seq is checked; the same id with other content, or twice in one batch, is
/// refused; the new events get the next seqs and, when two or more, batch markers. Every
/// line is read back through the decoder before anything is written and must give the
/// event as given, so the log never holds a line it cannot read or that says otherwise.
struct AppendPlanner {
    /// The existing event of an id, when the log holds it.
    typealias Lookup = (String) throws(EventLogFileError) -> RecordedEvent?

    struct Plan {
        var outcomes: [AppendOutcome]
        var newEvents: [RecordedEvent]
        /// The lines to write, each ended by `\n`.
        var bytes: [UInt8]
    }

    static func plan(
        _ events: [Event],
        lastSeq: Int,
        expectedLastSeq: Int?,
        path: String?,
        lookup: Lookup
    ) throws(EventLogFileError) -> Plan {
        func refuse(_ code: EventLogFileError.Code, _ message: String) -> EventLogFileError {
            EventLogFileError(code: code, message: "\(message); nothing was written", path: path)
        }
        var outcomes: [AppendOutcome] = []
        var fresh: [(index: Int, event: Event)] = []
        var idsInBatch: Set<String> = []
        for (index, event) in events.enumerated() {
            guard idsInBatch.insert(event.id).inserted else {
                throw refuse(.duplicateIdentifier, "event \(index + 1) of the batch repeats the id of an earlier event in the same batch")
            }
            if let existing = try lookup(event.id) {
                guard EventLineEncoder.content(of: existing.event) == EventLineEncoder.content(of: event) else {
                    throw refuse(.duplicateIdentifier, "event \(index + 1) of the batch reuses the id of seq \(existing.seq) with other content; give it a new id")
                }
                outcomes.append(AppendOutcome(seq: existing.seq, alreadyPresent: true))
            } else {
                outcomes.append(AppendOutcome(seq: 0, alreadyPresent: false))
                fresh.append((index, event))
            }
        }
        guard !fresh.isEmpty else { return Plan(outcomes: outcomes, newEvents: [], bytes: []) }
        if let expectedLastSeq, expectedLastSeq != lastSeq {
            throw refuse(.sequenceConflict, "the log has moved on: its last seq is \(lastSeq), not the expected \(expectedLastSeq); read it again and retry")
        }
        var decoder = EventLineDecoder()
        var bytes: [UInt8] = []
        var newEvents: [RecordedEvent] = []
        for (position, item) in fresh.enumerated() {
            let seq = lastSeq + position + 1
            let batch = fresh.count >= 2 ? BatchPosition(index: position + 1, count: fresh.count) : nil
            var line: [UInt8] = []
            EventLineEncoder.write(item.event, seq: seq, batch: batch, into: &line)
            guard line.count <= LineReader.defaultMaximumLineLength else {
                throw refuse(.lineTooLong, "event \(item.index + 1) of the batch would make a line of \(line.count) bytes; a line holds at most \(LineReader.defaultMaximumLineLength) bytes")
            }
            let recorded: RecordedEvent
            do {
                recorded = try decoder.decode(line: line)
            } catch {
                throw refuse(.invalidLine, "event \(item.index + 1) of the batch would not read back: \(error.description)")
            }
            guard recorded.event == item.event else {
                throw refuse(.invalidLine, "event \(item.index + 1) of the batch would not read back as given (a number that is not finite, or text that cannot be stored)")
            }
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
            newEvents.append(recorded)
            outcomes[item.index] = AppendOutcome(seq: seq, alreadyPresent: false)
        }
        return Plan(outcomes: outcomes, newEvents: newEvents, bytes: bytes)
    }
}
