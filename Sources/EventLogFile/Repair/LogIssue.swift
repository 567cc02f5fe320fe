/// One problem found in a log file, at a line.
public struct LogIssue: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Sendable, Hashable {
        /// Not valid JSON, or a key missing or of the wrong type.
        case invalidLine
        /// A `seq` gap, repeat or decrease.
        case sequence
        /// A batch whose lines are not all there, in the middle of the file.
        case batch
        /// An `id` already used by an earlier line.
        case duplicateIdentifier
        /// The damage a crash mid-append leaves at the end of the file (see `TornTail`).
        case tornTail
    }

    /// The kind.
    public var kind: Kind
    /// The 1-based line number.
    public var line: Int
    /// What is wrong (never the line's health content).
    public var message: String

    /// Creates the value from its parts.
    public init(kind: Kind, line: Int, message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }

    /// The warning of a fold that read on past this line (`EventLogReader.InvalidLines.skip`):
    /// `line 12 left out, invalid: …`, or `line 12 of watch.jsonl left out, invalid: …` for
    /// a stream of a log set.
    public func leftOutWarning(file: String? = nil) -> String {
        "line \(line)\(file.map { " of \($0)" } ?? "") left out, invalid: \(message)"
    }
}
