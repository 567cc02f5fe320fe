/// The end of a log left by a writer that crashed mid-append: a last line without its
/// `\n` (even if it happens to be complete JSON), or a batch whose lines are not all there.
/// It is reported, it never hides the events before it, appends are refused until it is
/// repaired, and repair truncates it whole.
public struct TornTail: Sendable, Hashable, CustomStringConvertible {
    /// The first line of the torn part.
    public var firstLine: Int
    /// How many lines (complete or not) it spans.
    public var lineCount: Int
    /// Its first byte's offset: the file's length after repair.
    public var byteOffset: Int64
    /// Its length in bytes.
    public var byteCount: Int64
    /// What is torn.
    public var reason: String

    /// Creates the value from its parts.
    public init(firstLine: Int, lineCount: Int, byteOffset: Int64, byteCount: Int64, reason: String) {
        self.firstLine = firstLine
        self.lineCount = lineCount
        self.byteOffset = byteOffset
        self.byteCount = byteCount
        self.reason = reason
    }

    public var description: String {
        let lines = lineCount == 1 ? "line \(firstLine)" : "lines \(firstLine)–\(firstLine + lineCount - 1)"
        return "torn tail: \(reason) (\(lines), \(byteCount) bytes from byte \(byteOffset))"
    }
}
