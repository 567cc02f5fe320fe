/// A place to go on reading a log from without reading what comes before it: the start of
/// a line just after a whole batch (or a single event), and the last seq before it.
///
/// `EventLogReader.forEachEvent(path:from:decoder:_:)` and `LogScanner(resumingAt:tracking:decoder:)`
/// start there with the same checks as a read from the start (the next line must carry
/// `lastSeq + 1`, batches must be whole, a torn tail is told apart from corruption); what
/// is before it is trusted, not read: a checkpoint's prefix digest is what makes that safe.
package struct LogResumePoint: Sendable, Hashable {
    /// Where the next line starts: its byte offset and its 1-based line number.
    package var position: LineReader.Position
    /// The seq of the last event before ``position`` (0 at the start of the file).
    package var lastSeq: Int

    /// Creates a resume point. `position` must be the start of a line that does not fall
    /// inside a batch, and `lastSeq` the seq of the line before it.
    package init(position: LineReader.Position, lastSeq: Int) {
        self.position = position
        self.lastSeq = lastSeq
    }

    /// Creates a resume point from the parts of its position (see ``init(position:lastSeq:)``).
    package init(byteOffset: Int64, lineNumber: Int, lastSeq: Int) {
        self.init(position: LineReader.Position(byteOffset: byteOffset, lineNumber: lineNumber), lastSeq: lastSeq)
    }

    /// Where the next line starts (``position``'s byte offset).
    package var byteOffset: Int64 { position.byteOffset }

    /// The 1-based number of the line that starts there (``position``'s line number).
    package var lineNumber: Int { position.lineNumber }

    /// The start of the file: byte 0, line 1, no event before it.
    package static var start: LogResumePoint {
        LogResumePoint(position: .start, lastSeq: 0)
    }
}
