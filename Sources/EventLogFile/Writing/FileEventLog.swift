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
public final class FileEventLog: EventLogStorage, Sendable {
    /// The file's path.
    public let path: String
    /// How long an append waits for another process's lock.
    public let lockTimeout: Duration
    /// The open file (its operations are thread-safe system calls).
    fileprivate let descriptor: LogFileDescriptor
    /// What this log knows of the file, behind a lock: each operation holds it throughout.
    private let state = Locked(State())

    /// What this log knows of the file (see `State`'s fields).
    fileprivate struct State: Sendable {
        var scanner = LogScanner(tracking: .locations)
        var scannedLength: Int64 = -1
        var firstCorruption: LogIssue?
        /// A failed append whose bytes could not be cut off again: the file's length before
        /// it and after all its bytes. Until they are cut (each append tries again first),
        /// nothing is appended after them: after a failed write or sync the system may have
        /// dropped them from its cache unwritten, and a later append that built on them would
        /// leave a hole in the middle of the log after a crash.
        var unremovedAppend: (lengthBefore: Int64, end: Int64)?
        /// The prefix adopted with `adoptVerifiedPrefix(_:)`, while it holds: its lines were
        /// not scanned, so their ids are not in `scanner.identifiers`.
        var adoptedPrefix: LogResumePoint?
    }

    /// Opens (and by default creates) the log at `path`.
    ///
    /// - Throws: `EventLogFileError` with `.notFound` (missing folder, or missing file
    ///   when `createIfMissing` is false), `.isDirectory`, `.permissionDenied`, `.ioError`.
    public convenience init(path: String, createIfMissing: Bool = true, lockTimeout: Duration = .seconds(10)) throws(EventLogFileError) {
        try self.init(path: path, createIfMissing: createIfMissing, lockTimeout: lockTimeout, operations: SystemFileOperations())
    }

    /// Opens the log at `path`, changing it only through `operations` (tests record or fail
    /// them; see `FileOperations`).
    package init(
        path: String, createIfMissing: Bool = true, lockTimeout: Duration = .seconds(10), operations: any FileOperations
    ) throws(EventLogFileError) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.descriptor = try LogFileDescriptor.openForAppending(path: path, createIfMissing: createIfMissing, operations: operations)
    }

    /// Appends `events` as one atomic, durable batch (see `EventLogStorage.append`), under
    /// the file's lock; refused, writing nothing, when the log can be written by its group
    /// or others (`.permissionDenied`, see `LogFilePermissions`), ends with a torn tail or
    /// is corrupt.
    ///
    /// After `adoptVerifiedPrefix(_:)`, this append cannot tell whether an id is in the
    /// adopted prefix, so it first forgets the adoption and scans the whole log (as the first
    /// append always did); `append(_:expectedLastSeq:adoptedPrefixContains:)` does not.
    public func append(_ events: [Event], expectedLastSeq: Int? = nil) throws(EventLogFileError) -> [AppendOutcome] {
        try state.withLock { (state: inout State) throws(EventLogFileError) in
            if state.adoptedPrefix != nil {
                state.forgetAdoptedPrefix()
            }
            return try state.append(events, to: self, expectedLastSeq: expectedLastSeq, adoptedPrefixContains: { _ in false })
        }
    }

    /// Appends as `append(_:expectedLastSeq:)` does, without reading the prefix adopted with
    /// `adoptVerifiedPrefix(_:)`: an id not among the lines this log scanned itself is looked
    /// for in that prefix only when `adoptedPrefixContains` says the prefix holds it (the
    /// caller knows the prefix's ids, e.g. from a checkpoint). Then the prefix is scanned for
    /// its line (rare: a retried append) and the contents compared: the same content answers
    /// `alreadyPresent` with the line's seq, other content is refused (`.duplicateIdentifier`)
    /// as always. A "yes" for an id the prefix does not hold costs that scan and nothing else.
    ///
    /// Without an adopted prefix (none adopted, or forgotten because the file became shorter
    /// than it) this is `append(_:expectedLastSeq:)` and `adoptedPrefixContains` is not asked.
    package func append(
        _ events: [Event], expectedLastSeq: Int?, adoptedPrefixContains: (IdentifierDigest) -> Bool
    ) throws(EventLogFileError) -> [AppendOutcome] {
        try state.withLock { (state: inout State) throws(EventLogFileError) in
            try state.append(events, to: self, expectedLastSeq: expectedLastSeq, adoptedPrefixContains: adoptedPrefixContains)
        }
    }

    /// Takes the log's first `point.position.byteOffset` bytes as verified elsewhere (a
    /// checkpoint's prefix digest matched them): from now on this log scans only from
    /// `point`, trusting that its last seq there is `point.lastSeq`.
    ///
    /// Nothing is read now. At the next append or `lastSeq()`, if the file is then shorter
    /// than the prefix, the adoption is forgotten and the whole log scanned, as when a file
    /// shrank. A log that already scanned up to `point` or further keeps what it knows.
    /// Appends that must know every id (`append(_:expectedLastSeq:)`) scan the prefix too;
    /// `append(_:expectedLastSeq:adoptedPrefixContains:)` does not.
    ///
    /// Adopt only a prefix whose ids are all distinct (a fold whose id count is its event
    /// count): a full scan refuses appends to a log with a repeated id (corruption), and
    /// nothing in the prefix is checked after adoption.
    package func adoptVerifiedPrefix(_ point: LogResumePoint) {
        state.withLock { state in
            guard state.scanner.committedPosition.byteOffset < point.position.byteOffset else { return }
            state.scanner = LogScanner(resumingAt: point, tracking: .locations)
            state.adoptedPrefix = point
            state.firstCorruption = nil
            state.scannedLength = -1
        }
    }

    /// Where this log's scan ends: just after the last whole batch it knows of, and the last
    /// seq there (after an append, the end of that append). A checkpoint taken at this point
    /// covers exactly the lines this log has accepted.
    package var committedPoint: LogResumePoint {
        state.withLock { state in state.scanner.committedPoint }
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
        try state.withLock { (state: inout State) throws(EventLogFileError) in
            try descriptor.lockExclusive(timeout: lockTimeout)
            defer { descriptor.unlock() }
            try state.refresh(self)
            return state.scanner.lastReleasedSeq
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

// What a log knows of its file, and every step that reads or changes it: run with the log's
// lock held (`Locked.withLock`).
extension FileEventLog.State {
    /// Appends under the log's lock (held by the caller) and the file's (taken here).
    mutating func append(
        _ events: [Event], to log: FileEventLog, expectedLastSeq: Int?, adoptedPrefixContains: (IdentifierDigest) -> Bool
    ) throws(EventLogFileError) -> [AppendOutcome] {
        try log.descriptor.lockExclusive(timeout: log.lockTimeout)
        defer { log.descriptor.unlock() }
        try LogFilePermissions.refuseUnsafe(path: log.path)
        try removeFailedAppend(log)
        try refresh(log)
        try refuseDamagedLog(log)
        let plan = try AppendPlanner.plan(
            events, lastSeq: scanner.lastReleasedSeq, expectedLastSeq: expectedLastSeq, path: log.path,
            lookup: { (identifier) throws(EventLogFileError) -> RecordedEvent? in
                try existingEvent(identifier: identifier, in: log, adoptedPrefixContains: adoptedPrefixContains)
            }
        )
        guard !plan.bytes.isEmpty else { return plan.outcomes }
        let lengthBefore = try log.descriptor.size()
        let written: Result<Void, EventLogFileError> = plan.bytes.withUnsafeBytes { buffer in
            do throws(EventLogFileError) {
                return .success(try log.descriptor.appendAll(buffer))
            } catch {
                return .failure(error)
            }
        }
        let end = lengthBefore + Int64(plan.bytes.count)
        if case .failure(let error) = written {
            throw rollBack(log, to: lengthBefore, end: end, after: error, step: .write)
        }
        do {
            try log.descriptor.synchronize()
        } catch {
            throw rollBack(log, to: lengthBefore, end: end, after: error, step: .sync)
        }
        // The batch is durable: answer with its seqs even if reading it back fails now; the
        // next append reads the file again from the last line it knew.
        do {
            try refresh(log)
        } catch {
            scannedLength = -1
        }
        return plan.outcomes
    }

    /// Forgets an adopted prefix: the next look scans the whole file.
    mutating func forgetAdoptedPrefix() {
        scanner = LogScanner(tracking: .locations)
        adoptedPrefix = nil
        firstCorruption = nil
        scannedLength = -1
    }

    /// Reads the lines added since the last look (all of them the first time).
    mutating func refresh(_ log: FileEventLog) throws(EventLogFileError) {
        let length = try log.descriptor.size()
        // The same length means nothing was added, unless a torn tail was seen: another
        // writer may have repaired it and appended as many bytes since.
        if length == scannedLength && scanner.tornTail == nil { return }
        if length < scanner.committedPosition.byteOffset {
            // The file shrank below what was scanned (or adopted): scan it from the start.
            forgetAdoptedPrefix()
        }
        scanner.resumeAfterCommitted()
        var reader = try LineReader(path: log.path, startingAt: scanner.committedPosition)
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

    func refuseDamagedLog(_ log: FileEventLog) throws(EventLogFileError) {
        if let issue = firstCorruption {
            throw EventLogFileError(
                code: .corrupt,
                message: "\(issue.message); the log is corrupt, so nothing was written — run 'replay-tool verify' to list every problem",
                path: log.path, line: issue.line
            )
        }
        if let torn = scanner.tornTail {
            throw EventLogFileError(
                code: .tornTail,
                message: "\(torn.description); nothing was written — run 'replay-tool repair \(log.path)' to remove it, then append again",
                path: log.path, line: torn.firstLine
            )
        }
    }

    func existingEvent(
        identifier: String, in log: FileEventLog, adoptedPrefixContains: (IdentifierDigest) -> Bool
    ) throws(EventLogFileError) -> RecordedEvent? {
        let digest = IdentifierDigest(identifier)
        guard let location = scanner.identifiers[digest] else {
            guard let prefix = adoptedPrefix, adoptedPrefixContains(digest) else { return nil }
            return try AdoptedPrefixSearch.firstEvent(identifier: identifier, path: log.path, before: prefix.position)
        }
        var reader = try LineReader(path: log.path, startingAt: LineReader.Position(byteOffset: location.byteOffset, lineNumber: location.line))
        guard let line = try reader.nextLine() else { return nil }
        var decoder = EventLineDecoder()
        do {
            let event = try decoder.decode(line: line.bytes)
            return event.id == identifier ? event : nil
        } catch {
            throw EventLogFileError(code: .corrupt, message: error.description, path: log.path, line: location.line)
        }
    }

    /// Cuts a failed append off (its bytes may never reach the disk: see `unremovedAppend`)
    /// and says why the append failed; when the cut fails too, remembers it, so that the
    /// next append tries again before writing anything.
    mutating func rollBack(_ log: FileEventLog, to length: Int64, end: Int64, after failure: EventLogFileError, step: FileEventLog.FailedStep) -> EventLogFileError {
        scannedLength = -1
        do {
            try log.descriptor.truncate(to: length)
            return FileEventLog.failedAppend(failure, step: step, removalFailure: nil, path: log.path)
        } catch {
            unremovedAppend = (length, end)
            return FileEventLog.failedAppend(failure, step: step, removalFailure: error, path: log.path)
        }
    }

    /// Cuts off the bytes of an earlier failed append that could not be cut then (under the
    /// lock, before anything else), or refuses to append after them.
    mutating func removeFailedAppend(_ log: FileEventLog) throws(EventLogFileError) {
        guard let failed = unremovedAppend else { return }
        let length = try log.descriptor.size()
        if length <= failed.lengthBefore {
            // Already cut (a repair, or another process).
            unremovedAppend = nil
            return
        }
        guard length <= failed.end else {
            throw EventLogFileError(
                code: .corrupt,
                message: "an earlier append to this log failed and its lines could not be removed, and another writer has "
                    + "appended after them; those lines may never have reached the disk, so nothing was written — "
                    + "run 'replay-tool verify \(log.path)' and keep a copy of the log before appending again",
                path: log.path)
        }
        do {
            try log.descriptor.truncate(to: failed.lengthBefore)
        } catch {
            throw EventLogFileError(
                code: error.code,
                message: "an earlier append to this log failed and its lines still cannot be removed (\(error.message)); "
                    + "nothing was written — free space or fix the disk, then append again",
                path: log.path, systemErrorNumber: error.systemErrorNumber)
        }
        unremovedAppend = nil
        scannedLength = -1
    }
}
