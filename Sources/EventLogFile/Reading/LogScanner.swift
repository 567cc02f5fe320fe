import Events

/// The checks of the log's reading rules, fed one line at a time in file order: each line
/// decodes, `seq` runs 1, 2, 3… without gap, repeat or decrease, batches are whole, ids are
/// unique (when tracked), and a torn tail is told apart from corruption.
///
/// The lines of a batch are held back until the batch is whole, so a torn batch never
/// reaches a projection. Memory is bounded by the largest batch, plus 16 bytes and a
/// location per id when ids are tracked.
package struct LogScanner: Sendable {
    /// Whether ids are remembered (to find repeats and to answer idempotent appends).
    package enum IdentifierTracking: Sendable {
        /// Ids are not remembered (a replay: the projection runner keeps the first occurrence).
        case none
        /// Each id's first location is remembered.
        case locations
    }

    private var decoder: any EventLineDecoding
    private let tracking: IdentifierTracking
    /// The seq the next line should carry.
    package private(set) var nextSeq = 1
    /// The largest seq released so far (0 for none).
    package private(set) var lastReleasedSeq = 0
    /// Where the next line after the last released one starts.
    package private(set) var committedPosition = LineReader.Position.start
    /// The locations of the ids released so far (with `.locations`).
    package private(set) var identifiers: [IdentifierDigest: IdentifierLocation] = [:]
    /// The torn tail, once the end of the file has been seen.
    package private(set) var tornTail: TornTail?
    /// Whether any problem other than a torn tail was found.
    package private(set) var hasCorruption = false
    private var pending: [ScannedEvent] = []
    private var pendingCount = 0
    private var pendingEnd = LineReader.Position.start

    /// Creates a scanner starting at the beginning of a file, reading lines with `decoder`.
    package init(tracking: IdentifierTracking, decoder: any EventLineDecoding = FastEventLineDecoder()) {
        self.decoder = decoder
        self.tracking = tracking
    }

    /// Creates a scanner that goes on at `point`: the lines before it are trusted, not read
    /// (their ids are not known to it), and the next line must carry `point.lastSeq + 1`.
    package init(resumingAt point: LogResumePoint, tracking: IdentifierTracking, decoder: any EventLineDecoding = FastEventLineDecoder()) {
        self.init(tracking: tracking, decoder: decoder)
        nextSeq = point.lastSeq + 1
        lastReleasedSeq = point.lastSeq
        committedPosition = point.position
        pendingEnd = point.position
    }

    /// Where scanning can go on later: just after the last whole batch or single event, and
    /// the largest seq released.
    package var committedPoint: LogResumePoint {
        LogResumePoint(position: committedPosition, lastSeq: lastReleasedSeq)
    }

    /// Checks one line; events that are complete are appended to `released`, problems to
    /// `issues`.
    package mutating func consume(_ line: LineReader.Line, released: inout [ScannedEvent], issues: inout [LogIssue]) {
        let end = LineReader.Position(byteOffset: line.endByteOffset, lineNumber: line.lineNumber + 1)
        guard line.endsWithNewline else {
            let start = pending.first.map { ($0.line, $0.byteOffset) } ?? (line.lineNumber, line.byteOffset)
            let reason = pending.isEmpty
                ? "the last line has no \\n: an append was cut short"
                : "the last batch of \(pendingCount) lines was cut short: its line \(pending.count + 1) has no \\n"
            tornTail = TornTail(
                firstLine: start.0, lineCount: line.lineNumber - start.0 + 1, byteOffset: start.1,
                byteCount: line.endByteOffset - start.1, reason: reason
            )
            issues.append(LogIssue(kind: .tornTail, line: start.0, message: tornTail?.description ?? reason))
            pending.removeAll(keepingCapacity: true)
            return
        }
        let recorded: RecordedEvent
        do {
            recorded = try decoder.decode(line: line.bytes)
        } catch {
            corrupt(&issues, LogIssue(kind: .invalidLine, line: line.lineNumber, message: error.description))
            cutPendingBatch(at: line.lineNumber, issues: &issues)
            nextSeq += 1
            committedPosition = end
            return
        }
        let seq = recorded.seq
        let recordedBatch = recorded.batch
        if seq != nextSeq {
            let what = seq > nextSeq ? "leaves a gap" : (seq == nextSeq - 1 ? "repeats the previous seq" : "goes back")
            corrupt(&issues, LogIssue(kind: .sequence, line: line.lineNumber, message: "seq \(seq) \(what): expected \(nextSeq)"))
        }
        nextSeq = seq.addingReportingOverflow(1).overflow ? seq : seq + 1
        let scanned = ScannedEvent(event: consume recorded, line: line.lineNumber, byteOffset: line.byteOffset)
        if let batch = recordedBatch {
            if !pending.isEmpty && (batch.index != pending.count + 1 || batch.count != pendingCount) {
                cutPendingBatch(at: line.lineNumber, issues: &issues)
            }
            if pending.isEmpty {
                guard batch.index == 1 else {
                    corrupt(&issues, LogIssue(kind: .batch, line: line.lineNumber, message: "batch line \(batch.index) of \(batch.count) without the lines before it"))
                    committedPosition = end
                    return
                }
                pendingCount = batch.count
            }
            pending.append(consume scanned)
            pendingEnd = end
            if pending.count == pendingCount {
                if tracking == .none {
                    for index in pending.indices { lastReleasedSeq = max(lastReleasedSeq, pending[index].event.seq) }
                    released.append(contentsOf: pending)
                } else {
                    for index in pending.indices { release(pending[index], released: &released, issues: &issues) }
                }
                pending.removeAll(keepingCapacity: true)
                committedPosition = end
            }
        } else {
            cutPendingBatch(at: line.lineNumber, issues: &issues)
            release(consume scanned, released: &released, issues: &issues)
            committedPosition = end
        }
    }

    /// Ends the file: a batch still incomplete is a torn tail.
    package mutating func finish(fileLength: Int64, issues: inout [LogIssue]) {
        guard tornTail == nil, let first = pending.first else { return }
        let torn = TornTail(
            firstLine: first.line, lineCount: pending.count, byteOffset: first.byteOffset,
            byteCount: fileLength - first.byteOffset,
            reason: "the last batch has \(pending.count) of its \(pendingCount) lines: an append was cut short"
        )
        tornTail = torn
        issues.append(LogIssue(kind: .tornTail, line: first.line, message: torn.description))
        pending.removeAll(keepingCapacity: true)
    }

    /// Forgets a torn tail so that scanning can go on from `committedPosition` after the
    /// file changed (another writer repaired it, or appended).
    package mutating func resumeAfterCommitted() {
        tornTail = nil
        pending.removeAll(keepingCapacity: true)
        nextSeq = lastReleasedSeq + 1
    }

    private mutating func release(_ scanned: consuming ScannedEvent, released: inout [ScannedEvent], issues: inout [LogIssue]) {
        lastReleasedSeq = max(lastReleasedSeq, scanned.event.seq)
        if tracking == .locations {
            let digest = IdentifierDigest(scanned.event.id)
            if let first = identifiers[digest] {
                corrupt(&issues, LogIssue(kind: .duplicateIdentifier, line: scanned.line, message: "id repeats the id of line \(first.line) (seq \(first.seq)); each event needs its own id"))
                return
            }
            identifiers[digest] = IdentifierLocation(seq: scanned.event.seq, line: scanned.line, byteOffset: scanned.byteOffset)
        }
        released.append(scanned)
    }

    private mutating func cutPendingBatch(at line: Int, issues: inout [LogIssue]) {
        guard let first = pending.first else { return }
        corrupt(&issues, LogIssue(kind: .batch, line: first.line, message: "batch of \(pendingCount) lines is cut short at line \(line): it has only \(pending.count); a short batch is corruption unless it ends the file"))
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func corrupt(_ issues: inout [LogIssue], _ issue: LogIssue) {
        hasCorruption = true
        issues.append(issue)
    }
}
