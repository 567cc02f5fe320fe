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
    /// Zero bytes found in a line that does not decode, with nothing released since: what a
    /// crash leaves of the last append when the disk had not written some of its sectors
    /// (they read as zeros). It is a torn tail if nothing after it is ever released, and
    /// corruption (its held problems reported) as soon as something is.
    private var zeroFilled: ZeroFilledTail?
    /// Whether a whole line has decoded as an event (or the scan resumed after trusted
    /// lines): only then may bytes that do not begin as the writer begins a line be a torn
    /// tail of this log (see ``isTornTailOfALog(startingWith:)``).
    private var sawEventLine = false

    /// Where zero-filled damage began, and the problems held back until it is known to be a
    /// torn tail or corruption.
    private struct ZeroFilledTail {
        var firstLine: Int
        var byteOffset: Int64
        var committedPosition: LineReader.Position
        var nextSeq: Int
        /// The first bytes of the damage, to tell a log's torn append from another file.
        var leadingBytes: [UInt8]
        var heldIssues: [LogIssue] = []
    }

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
        sawEventLine = point.position.byteOffset > 0
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
            let leading = zeroFilled?.leadingBytes ?? Array(line.bytes.prefix(Self.lineOpening.count))
            guard isTornTailOfALog(startingWith: leading) else {
                // Not what a crash leaves of a MoreSleep log's append: another file (a JSON
                // array, another app's lines, binary), which repair must never cut.
                reportZeroFilledDamage(&issues)
                corrupt(&issues, LogIssue(kind: .invalidLine, line: line.lineNumber, message: Self.foreignEndMessage))
                pending.removeAll(keepingCapacity: true)
                return
            }
            let start = zeroFilled.map { ($0.firstLine, $0.byteOffset) }
                ?? pending.first.map { ($0.line, $0.byteOffset) } ?? (line.lineNumber, line.byteOffset)
            let reason = zeroFilled != nil
                ? "the last append's lines hold zero bytes and its last line has no \\n: an append was cut short by a crash"
                : pending.isEmpty
                ? "the last line has no \\n: an append was cut short"
                : "the last batch of \(pendingCount) lines was cut short: its line \(pending.count + 1) has no \\n"
            if let damage = zeroFilled {
                committedPosition = damage.committedPosition
                nextSeq = damage.nextSeq
                zeroFilled = nil
            }
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
            if zeroFilled == nil, Self.holdsZeroFilledSectors(line.bytes) {
                // Zeros where an append's bytes should be: held until the file's end tells
                // a torn tail (nothing released after it) from corruption.
                let start = pending.first.map { ($0.line, $0.byteOffset) } ?? (line.lineNumber, line.byteOffset)
                zeroFilled = ZeroFilledTail(
                    firstLine: start.0, byteOffset: start.1, committedPosition: committedPosition,
                    nextSeq: pending.first?.event.seq ?? nextSeq, leadingBytes: Array(line.bytes.prefix(Self.lineOpening.count))
                )
            }
            corrupt(&issues, LogIssue(kind: .invalidLine, line: line.lineNumber, message: error.description))
            cutPendingBatch(at: line.lineNumber, issues: &issues)
            nextSeq += 1
            committedPosition = end
            return
        }
        sawEventLine = true
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
                    reportZeroFilledDamage(&issues)
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

    /// Ends the file: a batch still incomplete is a torn tail, and so is zero-filled damage
    /// after which nothing was released.
    package mutating func finish(fileLength: Int64, issues: inout [LogIssue]) {
        if tornTail == nil, let damage = zeroFilled, !isTornTailOfALog(startingWith: damage.leadingBytes) {
            // Zeros in a file that never held an event, and do not begin a line as the
            // writer does: not a crashed append of a log.
            reportZeroFilledDamage(&issues)
            return
        }
        if tornTail == nil, let damage = zeroFilled {
            let torn = TornTail(
                firstLine: damage.firstLine, lineCount: max(1, committedPosition.lineNumber - damage.firstLine), byteOffset: damage.byteOffset,
                byteCount: fileLength - damage.byteOffset,
                reason: "the last append's lines hold zero bytes (sectors the disk had not written): an append was cut short by a crash"
            )
            tornTail = torn
            issues.append(LogIssue(kind: .tornTail, line: damage.firstLine, message: torn.description))
            committedPosition = damage.committedPosition
            nextSeq = damage.nextSeq
            zeroFilled = nil
            pending.removeAll(keepingCapacity: true)
            return
        }
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
        zeroFilled = nil
        pending.removeAll(keepingCapacity: true)
        nextSeq = lastReleasedSeq + 1
    }

    private mutating func release(_ scanned: consuming ScannedEvent, released: inout [ScannedEvent], issues: inout [LogIssue]) {
        reportZeroFilledDamage(&issues)
        lastReleasedSeq = max(lastReleasedSeq, scanned.event.seq)
        if tracking == .locations {
            let digest = scanned.event.idDigest
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
        if zeroFilled != nil {
            zeroFilled?.heldIssues.append(issue)
            return
        }
        hasCorruption = true
        issues.append(issue)
    }

    /// How every line the writer appends begins (`seq` is the envelope's first key).
    static let lineOpening = Array(#"{"seq":"#.utf8)

    /// What a file's last bytes are called when they lack their `\n` but cannot be a torn
    /// tail of a log (see ``isTornTailOfALog(startingWith:)``).
    static let foreignEndMessage = #"not a MoreSleep event line: the file ends without \n, holds no whole event line, and does not begin as a log's line does ({"seq":), so it is not a torn tail of a log"#

    /// Whether damage at the end of the file whose first bytes are `leading` may be a torn
    /// tail: what a crash mid-append leaves of a MoreSleep log. It may when a whole line
    /// before it (or in its batch) decoded as an event, or when its bytes begin as the
    /// writer begins every line (`{"seq":`), a zero byte standing for any byte (sectors the
    /// disk had not written read as zeros). A file that never held an event and begins
    /// otherwise (a JSON array, another app's JSON lines, CSV, binary) is not a log, so its
    /// end is never a torn tail: repair never removes it and verify never suggests it.
    func isTornTailOfALog(startingWith leading: [UInt8]) -> Bool {
        if sawEventLine { return true }
        return zip(leading, Self.lineOpening).allSatisfy { byte, expected in byte == 0 || byte == expected }
    }

    /// Whether a line that does not decode holds what unwritten sectors leave: zero bytes in
    /// a few runs (at most one a 512-byte sector it spans, and one more), in a line that is
    /// not text of another encoding (UTF-16 and UTF-32 put a zero byte beside every ASCII
    /// character, in runs as many as the characters).
    static func holdsZeroFilledSectors(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.contains(0), LogTextEncoding.foreign(prefix: bytes) == nil else { return false }
        var runs = 0
        var previous: UInt8 = 1
        for byte in bytes {
            if byte == 0, previous != 0 { runs += 1 }
            previous = byte
        }
        return runs <= 2 + bytes.count / 512
    }

    /// Something was released after zero-filled damage: it was not the last append's, so
    /// its held problems are corruption.
    private mutating func reportZeroFilledDamage(_ issues: inout [LogIssue]) {
        guard let damage = zeroFilled else { return }
        zeroFilled = nil
        hasCorruption = true
        issues.append(contentsOf: damage.heldIssues)
    }
}
