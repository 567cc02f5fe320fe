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

/// How a reader that skipped a torn tail says so: the one wording of "this torn tail was
/// not read" (the store's warning, `replay-tool`'s fold warnings and its notices on standard
/// error), parametrised by what differs between them: where the notice says the tail is,
/// and what it tells the reader to do.
public struct TornTailNotice: Sendable, Hashable {
    /// Where the notice says the tail is, before its description.
    public enum Location: Sendable, Hashable {
        /// Nothing: the description names the lines already.
        case none
        /// `line N: ` (N, the torn part's first line).
        case line
        /// `PATH:N: `, as a command-line tool names a place in a file.
        case file(path: String)
    }

    /// What the notice tells the reader to do, after "not read".
    public enum Remedy: Sendable, Hashable {
        /// `, and appends are refused until it is repaired` (the store: the log is open for
        /// reading, closed for appending).
        case appendsRefusedUntilRepaired
        /// `; 'TOOL repair' removes it` (a warning of a fold made by the tool `tool`).
        case repairRemovesIt(tool: String)
        /// `; run 'TOOL repair PATH' to remove it` (a tool's line on standard error).
        case runRepair(tool: String, path: String)
    }

    /// Where the tail is said to be.
    public var location: Location
    /// What to do about it.
    public var remedy: Remedy

    /// Creates the value from its parts.
    public init(_ location: Location, _ remedy: Remedy) {
        self.location = location
        self.remedy = remedy
    }

    /// The notice about `torn`: where it is, what it is (``TornTail/description``), that it
    /// was not read, and what to do.
    public func text(_ torn: TornTail) -> String {
        let prefix: String
        switch location {
        case .none: prefix = ""
        case .line: prefix = "line \(torn.firstLine): "
        case .file(let path): prefix = "\(path):\(torn.firstLine): "
        }
        let suffix: String
        switch remedy {
        case .appendsRefusedUntilRepaired: suffix = ", and appends are refused until it is repaired"
        case .repairRemovesIt(let tool): suffix = "; '\(tool) repair' removes it"
        case .runRepair(let tool, let path): suffix = "; run '\(tool) repair \(path)' to remove it"
        }
        return "\(prefix)\(torn.description) — not read\(suffix)"
    }
}
