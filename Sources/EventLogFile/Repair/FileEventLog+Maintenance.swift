import Events

extension FileEventLog {
    /// What `verify` found: every problem, in line order.
    public struct VerificationReport: Sendable, Hashable {
        /// Every problem, torn tail included, by line.
        public var issues: [LogIssue]
        /// The torn tail, if any.
        public var tornTail: TornTail?
        /// The number of lines.
        public var lineCount: Int
        /// The number of sound events.
        public var eventCount: Int
        /// The largest sound seq.
        public var lastSeq: Int

        /// `true` when nothing is wrong.
        public var isSound: Bool { issues.isEmpty }
    }

    /// Checks every line of the log at `path` against the reading rules and lists every
    /// problem: invalid JSON, missing or mistyped keys, seq gaps, repeats or decreases,
    /// duplicate ids, short batches, a torn tail. Reads as a stream; memory grows only by
    /// the id index (16 bytes and a location an event).
    public static func verify(path: String) throws(EventLogFileError) -> VerificationReport {
        var reader = try LineReader(path: path)
        var scanner = LogScanner(tracking: .locations)
        var issues: [LogIssue] = []
        var released: [ScannedEvent] = []
        var eventCount = 0
        var lineCount = 0
        var end: Int64 = 0
        while true {
            let line: LineReader.Line?
            do {
                line = try reader.nextLine()
            } catch where error.code == .lineTooLong {
                // A line too long to hold is reported, and reading cannot go on past it.
                let line = error.line ?? lineCount + 1
                issues.append(LogIssue(kind: .invalidLine, line: line, message: "\(error.message); the lines after it were not checked"))
                lineCount = line
                break
            }
            guard let line else { break }
            lineCount = line.lineNumber
            end = line.endByteOffset
            scanner.consume(line, released: &released, issues: &issues)
            eventCount += released.count
            released.removeAll(keepingCapacity: true)
        }
        scanner.finish(fileLength: end, issues: &issues)
        issues.sort { $0.line < $1.line }
        return VerificationReport(
            issues: issues, tornTail: scanner.tornTail, lineCount: lineCount,
            eventCount: eventCount, lastSeq: scanner.lastReleasedSeq
        )
    }

    /// Removes a torn tail, whole, under the log's lock, and returns what it removed
    /// (`nil` when the log had none). A log with corruption elsewhere is not touched:
    /// repair only ever removes what a crash mid-append leaves. Like an append, it refuses
    /// a log its group or others can write (`.permissionDenied`, see `LogFilePermissions`),
    /// changing nothing. `willRemove` is told exactly what will go, under the lock, before
    /// the file is truncated.
    ///
    /// It reads the whole file, waits for the lock up to `lockTimeout` and syncs: blocking
    /// work, so a front end calls it off the main actor (e.g. from a detached task).
    public static func repair(
        path: String,
        lockTimeout: Duration = .seconds(10),
        willRemove: (TornTail) -> Void = { _ in }
    ) throws(EventLogFileError) -> TornTail? {
        try repair(path: path, lockTimeout: lockTimeout, operations: SystemFileOperations(), willRemove: willRemove)
    }

    /// ``repair(path:lockTimeout:willRemove:)``, changing the file only through `operations`.
    package static func repair(
        path: String,
        lockTimeout: Duration = .seconds(10),
        operations: any FileOperations,
        willRemove: (TornTail) -> Void = { _ in }
    ) throws(EventLogFileError) -> TornTail? {
        let descriptor = try LogFileDescriptor.openForRepair(path: path, operations: operations)
        defer { descriptor.unlock() }
        try descriptor.lockExclusive(timeout: lockTimeout)
        try LogFilePermissions.refuseUnsafe(path: path, for: .repair)
        let report = try verify(path: path)
        if let issue = report.issues.first(where: { $0.kind != .tornTail && $0.kind != .duplicateIdentifier }) ?? report.issues.first(where: { $0.kind == .duplicateIdentifier }) {
            throw EventLogFileError(
                code: .corrupt,
                message: "\(issue.message); repair only removes a torn tail, so nothing was changed — see 'replay-tool verify'",
                path: path, line: issue.line
            )
        }
        guard let torn = report.tornTail else { return nil }
        willRemove(torn)
        try descriptor.truncate(to: torn.byteOffset)
        return torn
    }
}
