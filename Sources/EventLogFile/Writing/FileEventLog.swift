import Events
import Foundation

/// The log file, opened for appending: the durable, append-only home of one person's
/// history.
///
/// - The file is created with mode 0600. An append to a log that its group or others
///   can write (`mode & 0o022 != 0`) is refused with `.permissionDenied`, writing nothing
///   (it holds health data: `chmod 600` it first). The mode is checked at every append,
///   under the lock, so a `chmod` after opening is caught too; reading is not refused.
/// - An append writes all its lines with one write and returns only after `fsync`
///   (`F_FULLFSYNC` on Apple platforms): a batch lands whole or, after a crash, as a torn
///   tail that `repair` removes whole.
/// - The log assigns `seq`; an append may state the last seq it expects.
/// - Appending an id already present with the same content answers its seq and writes
///   nothing.
/// - Appends take an exclusive `flock` on the file, so two processes never interleave;
///   the second waits up to `lockTimeout`, then fails with `.lockTimeout`.
/// - Before each append it reads what other writers added since it last looked, so its
///   seqs and ids are always current.
///
/// Reading does not need this type: see `EventLogReader`.
public final class FileEventLog: EventLogStorage, @unchecked Sendable {
    // @unchecked: the mutable state (`scanner`, `scannedLength`) is guarded by `lock`;
    // the descriptor's own operations are thread-safe system calls.

    /// The file's path.
    public let path: String
    /// How long an append waits for another process's lock.
    public let lockTimeout: Duration
    private let lock = NSLock()
    private let descriptor: LogFileDescriptor
    private var scanner = LogScanner(tracking: .locations)
    private var scannedLength: Int64 = -1
    private var firstCorruption: LogIssue?

    /// Opens (and by default creates) the log at `path`.
    ///
    /// - Throws: `EventLogFileError` with `.notFound` (missing folder, or missing file
    ///   when `createIfMissing` is false), `.isDirectory`, `.permissionDenied`, `.ioError`.
    public init(path: String, createIfMissing: Bool = true, lockTimeout: Duration = .seconds(10)) throws(EventLogFileError) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.descriptor = try LogFileDescriptor.openForAppending(path: path, createIfMissing: createIfMissing)
    }

    /// Appends `events` as one atomic, durable batch (see `EventLogStorage.append`), under
    /// the file's lock; refused, writing nothing, when the log can be written by its group
    /// or others (`.permissionDenied`, see `LogFilePermissions`), ends with a torn tail or
    /// is corrupt.
    public func append(_ events: [Event], expectedLastSeq: Int? = nil) throws(EventLogFileError) -> [AppendOutcome] {
        lock.lock()
        defer { lock.unlock() }
        try descriptor.lockExclusive(timeout: lockTimeout)
        defer { descriptor.unlock() }
        try LogFilePermissions.refuseUnsafe(path: path)
        try refresh()
        try refuseDamagedLog()
        let plan = try AppendPlanner.plan(
            events, lastSeq: scanner.lastReleasedSeq, expectedLastSeq: expectedLastSeq, path: path,
            lookup: existingEvent(identifier:)
        )
        guard !plan.bytes.isEmpty else { return plan.outcomes }
        let lengthBefore = try descriptor.size()
        let written: Result<Void, EventLogFileError> = plan.bytes.withUnsafeBytes { buffer in
            do throws(EventLogFileError) {
                return .success(try descriptor.appendAll(buffer))
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = written {
            throw rollBack(to: lengthBefore, after: error, step: .write)
        }
        do {
            try descriptor.synchronize()
        } catch {
            throw rollBack(to: lengthBefore, after: error, step: .sync)
        }
        // The batch is durable: answer with its seqs even if reading it back fails now; the
        // next append reads the file again from the last line it knew.
        do {
            try refresh()
        } catch {
            scannedLength = -1
        }
        return plan.outcomes
    }

    /// Reads the whole file (without locking: a batch still being written reads as a
    /// torn tail and is left out).
    public func read() throws(EventLogFileError) -> EventLogContents {
        var events: [RecordedEvent] = []
        let summary = try EventLogReader.forEachEvent(path: path) { events.append($0.event) }
        return EventLogContents(events: events, tornTail: summary.tornTail)
    }

    /// Streams the file in (`at`, `seq`) order (`EventLogReader.forEachEventInTimeOrder`):
    /// memory holds one read buffer and the late events, never the whole log.
    public func forEachEventInTimeOrder(restart: () -> Void, _ body: (RecordedEvent) -> Void) throws(EventLogFileError) -> TornTail? {
        try EventLogReader.forEachEventInTimeOrder(path: path, restart: restart, body).tornTail
    }

    /// The last seq in the file now, reading what other writers added.
    public func lastSeq() throws(EventLogFileError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        try descriptor.lockExclusive(timeout: lockTimeout)
        defer { descriptor.unlock() }
        try refresh()
        return scanner.lastReleasedSeq
    }

    /// Reads the lines added since the last look (all of them the first time).
    private func refresh() throws(EventLogFileError) {
        let length = try descriptor.size()
        // The same length means nothing was added, unless a torn tail was seen: another
        // writer may have repaired it and appended as many bytes since.
        if length == scannedLength && scanner.tornTail == nil { return }
        if length < scanner.committedPosition.byteOffset {
            scanner = LogScanner(tracking: .locations)
            firstCorruption = nil
        }
        scanner.resumeAfterCommitted()
        var reader = try LineReader(path: path, startingAt: scanner.committedPosition)
        var released: [ScannedEvent] = []
        var issues: [LogIssue] = []
        var end = scanner.committedPosition.byteOffset
        while let line = try reader.nextLine() {
            scanner.consume(line, released: &released, issues: &issues)
            if line.lineNumber == 1, firstCorruption == nil, issues.contains(where: { $0.kind != .tornTail }),
               let encoding = LogTextEncoding.foreign(prefix: line.bytes), encoding.family != .utf8 {
                // Not "a NUL byte at byte 1": the whole file is in another encoding (as every
                // reader says it).
                firstCorruption = LogIssue(kind: .invalidLine, line: 1, message: encoding.problem)
            }
            end = line.endByteOffset
            released.removeAll(keepingCapacity: true)
        }
        scanner.finish(fileLength: end, issues: &issues)
        if firstCorruption == nil, let issue = issues.first(where: { $0.kind != .tornTail }) {
            firstCorruption = issue
        }
        scannedLength = end
    }

    private func refuseDamagedLog() throws(EventLogFileError) {
        if let issue = firstCorruption {
            throw EventLogFileError(
                code: .corrupt,
                message: "\(issue.message); the log is corrupt, so nothing was written — run 'replay-tool verify' to list every problem",
                path: path, line: issue.line
            )
        }
        if let torn = scanner.tornTail {
            throw EventLogFileError(
                code: .tornTail,
                message: "\(torn.description); nothing was written — run 'replay-tool repair \(path)' to remove it, then append again",
                path: path, line: torn.firstLine
            )
        }
    }

    private func existingEvent(identifier: String) throws(EventLogFileError) -> RecordedEvent? {
        guard let location = scanner.identifiers[IdentifierDigest(identifier)] else { return nil }
        var reader = try LineReader(path: path, startingAt: LineReader.Position(byteOffset: location.byteOffset, lineNumber: location.line))
        guard let line = try reader.nextLine() else { return nil }
        var decoder = EventLineDecoder()
        do {
            let event = try decoder.decode(line: line.bytes)
            return event.id == identifier ? event : nil
        } catch {
            throw EventLogFileError(code: .corrupt, message: error.description, path: path, line: location.line)
        }
    }

    private func rollBack(to length: Int64, after failure: EventLogFileError, step: FailedStep) -> EventLogFileError {
        scannedLength = -1
        do {
            try descriptor.truncate(to: length)
            return Self.failedAppend(failure, step: step, removalFailure: nil, path: path)
        } catch {
            return Self.failedAppend(failure, step: step, removalFailure: error, path: path)
        }
    }

    /// The step of an append that failed.
    enum FailedStep: Sendable {
        /// Writing the batch's bytes.
        case write
        /// Syncing them to disk.
        case sync

        /// What was being done, as a phrase that fits "could not …".
        var action: String {
            switch self {
            case .write: return "append to the log"
            case .sync: return "sync the log to disk"
            }
        }
    }

    /// The error an append reports when `step` failed with `failure` and the file was then
    /// cut back to its length before the batch: when that worked (`removalFailure` is
    /// `nil`) nothing was written, and the message says only that; when it failed too the
    /// log may end with a partial line, and the message says so and how to repair it.
    static func failedAppend(
        _ failure: EventLogFileError, step: FailedStep, removalFailure: EventLogFileError?, path: String
    ) -> EventLogFileError {
        guard let removalFailure else {
            let consequence = step == .write
                ? "the partial batch was removed, so nothing was written"
                : "the batch was removed, so nothing was written"
            let cause = failure.systemErrorNumber.map {
                EventLogFileError.system($0, action: step.action, consequence: consequence, path: path).message
            } ?? "could not \(step.action); \(consequence)"
            return EventLogFileError(code: failure.code, message: cause, path: path, systemErrorNumber: failure.systemErrorNumber)
        }
        let explanation = failure.systemErrorNumber.map { EventLogFileError.systemExplanation($0) } ?? failure.message
        return EventLogFileError(
            code: .ioError,
            message: "could not \(step.action): \(explanation), and the partial batch could not be removed (\(removalFailure.message)); "
                + "the log may end with a partial line that must be repaired — run 'replay-tool repair \(path)', then append again",
            path: path, systemErrorNumber: failure.systemErrorNumber
        )
    }
}
