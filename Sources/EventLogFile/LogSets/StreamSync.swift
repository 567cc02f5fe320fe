import Foundation
import Events

/// Sync between log sets (devices.md's rules): for each stream, the receiver appends the
/// whole lines it lacks, after checking that its replica is a byte prefix of the sender's
/// copy; nothing is ever rewritten.
///
/// - The sender offers only its copy's **sound prefix**: up to a torn tail or the first line
///   that breaks the reading rules, in whole batches; what follows is not sent, and is
///   reported (``Unsent``).
/// - The receiver appends the missing lines one unit (a batch, or an event alone) at a time,
///   each with one write and one fsync (`F_FULLFSYNC` on Apple platforms), under the stream
///   file's lock, so a crash mid-sync leaves at most a torn tail (`repair` removes it), even
///   on a disk that writes unsynced sectors in any order. A replica ending in a partial line that the incoming bytes
///   complete is completed: a byte prefix is a byte prefix.
/// - When the sender is behind (its copy a prefix of the replica), nothing is added and
///   nothing is refused. Syncing twice changes nothing.
/// - Refused, with nothing changed in that stream: a replica that is not a prefix (the stream
///   diverged: two writers used one name), incoming lines that start after the replica's
///   end (a gap), incoming lines that are not sound, and an incoming copy of the
///   receiver's own stream that is longer than its own.
public enum StreamSync {
    /// The part of a sender's stream that was not sent: from a torn tail or an invalid line.
    public struct Unsent: Sendable, Hashable, CustomStringConvertible {
        /// The first line not sent.
        public var line: Int
        /// Why (the reading rule it breaks; never the line's content).
        public var reason: String

        public var description: String { "line \(line) on was not sent: \(reason)" }
    }

    /// What receiving lines into a stream did.
    public enum Outcome: Sendable, Hashable {
        /// Lines were appended: their number and their first and last seq.
        case appended(lineCount: Int, firstSeq: Int, lastSeq: Int)
        /// Nothing was missing (the replica holds every line sent, or more).
        case upToDate(lastSeq: Int)
        /// Refused, nothing changed: why, naming the first line concerned.
        case refused(reason: String)

        /// Whether the lines were refused.
        public var isRefused: Bool {
            if case .refused = self { return true }
            return false
        }
    }

    // MARK: Sending

    /// The lines of `stream` in `logSet` after seq `afterSeq` (0 for all), from its sound
    /// prefix, and what of the stream was not sent, if anything.
    ///
    /// - Throws: `EventLogFileError` when the stream's file cannot be read (`.notFound`, …),
    ///   or `.invalidArgument` for a negative `afterSeq`.
    public static func lines(of stream: StreamName, in logSet: LogSetDirectory, after afterSeq: Int = 0) throws(EventLogFileError) -> (lines: StreamLines, unsent: Unsent?) {
        try lines(of: stream, in: logSet, after: afterSeq, window: tailWindow)
    }

    /// ``lines(of:in:after:)`` reading the stream's last `window` bytes first (the tests try
    /// every size; 0 reads the whole stream).
    static func lines(of stream: StreamName, in logSet: LogSetDirectory, after afterSeq: Int, window: Int64) throws(EventLogFileError) -> (lines: StreamLines, unsent: Unsent?) {
        guard afterSeq >= 0 else {
            throw EventLogFileError(code: .invalidArgument, message: "a seq to send after cannot be negative (\(afterSeq))", path: logSet.path(of: stream))
        }
        if afterSeq > 0, let sent = try linesFromTheEnd(of: stream, in: logSet, after: afterSeq, window: window) { return sent }
        let bytes = try readWhole(logSet.path(of: stream))
        let scan = scanSound(bytes, after: 0)
        let soundLines = splitLines(bytes[..<scan.soundEnd])
        // Asked for lines after the sound prefix's end: nothing to send.
        let sent = afterSeq < soundLines.count ? Array(soundLines[afterSeq...]) : []
        return (StreamLines(stream: stream, afterSeq: afterSeq, lines: sent), scan.unsent)
    }

    /// ``lines(of:in:after:)`` from the stream's end alone: the lines of its last `window`
    /// bytes are read from the first whole one that starts a batch or is alone (its seq is
    /// its line number in a sound stream), and must be sound up to line `afterSeq + 1`; the lines before the window were
    /// sent before and are not read again. `nil` when the end does not settle it (line
    /// `afterSeq + 1` is not in the window, or a line up to it is not sound): then the whole
    /// stream is read.
    private static func linesFromTheEnd(of stream: StreamName, in logSet: LogSetDirectory, after afterSeq: Int, window: Int64) throws(EventLogFileError) -> (lines: StreamLines, unsent: Unsent?)? {
        guard window > 0, let (tail, start) = try readEnd(logSet.path(of: stream), window: window) else { return nil }
        let newline = UInt8(ascii: "\n")
        // The first whole line of the window that starts a batch (or is alone).
        var first = start == 0 ? 0 : (tail.firstIndex(of: newline).map { $0 + 1 } ?? tail.count)
        var decoder = FastEventLineDecoder()
        var firstSeq: Int?
        while firstSeq == nil {
            guard let end = tail[first...].firstIndex(of: newline),
                  let event = tail[first..<end].withUnsafeBufferPointer({ line in try? decoder.decode(line: line) })
            else { return nil }
            if event.batch.map({ $0.index == 1 }) ?? true {
                firstSeq = event.seq
            } else {
                first = end + 1
            }
        }
        guard let firstSeq, firstSeq >= 1, firstSeq <= afterSeq + 1 else { return nil }
        let lines = Array(tail[first...])
        let scan = scanSound(lines, after: firstSeq - 1, base: start + Int64(first))
        if let unsent = scan.unsent, unsent.line <= afterSeq + 1 { return nil }
        // The sound lines of the window, and those after `afterSeq` among them.
        let sound = splitLines(lines[..<scan.soundEnd])
        let skip = afterSeq - (firstSeq - 1)
        guard skip <= sound.count else { return nil }
        return (StreamLines(stream: stream, afterSeq: afterSeq, lines: Array(sound[skip...])), scan.unsent)
    }

    // MARK: Receiving

    /// Applies `incoming` to its stream in `logSet`, with the checks of the type's notes;
    /// `ownStream` is the receiving device's own stream, whose longer copies are refused.
    ///
    /// - Throws: `EventLogFileError` when the stream's file cannot be read, created, locked,
    ///   written or synced, or when its group or others can write it (`.permissionDenied`,
    ///   nothing written, as an append refuses it); a refusal of the lines is an
    ///   ``Outcome``, not an error.
    public static func receive(
        _ incoming: StreamLines, into logSet: LogSetDirectory, ownStream: StreamName?,
        lockTimeout: Duration = .seconds(10)
    ) throws(EventLogFileError) -> Outcome {
        try receive(incoming, into: logSet, ownStream: ownStream, lockTimeout: lockTimeout, operations: SystemFileOperations())
    }

    /// ``receive(_:into:ownStream:lockTimeout:)``, changing files only through `operations`.
    package static func receive(
        _ incoming: StreamLines, into logSet: LogSetDirectory, ownStream: StreamName?,
        lockTimeout: Duration = .seconds(10), operations: any FileOperations
    ) throws(EventLogFileError) -> Outcome {
        let path = logSet.path(of: incoming.stream)
        let bytes = incoming.bytes
        if let problem = checkIncoming(incoming, bytes: bytes) { return .refused(reason: problem) }
        let isOwn = incoming.stream == ownStream
        // Plan on what the file holds now; create it only when something is to be appended.
        let first = FileManager.default.fileExists(atPath: path)
            ? try plan(replicaAt: path, incoming: bytes, afterSeq: incoming.afterSeq, isOwnStream: isOwn)
            : plan(replica: [], incoming: bytes, afterSeq: incoming.afterSeq, isOwnStream: isOwn)
        guard case .append = first else { return first.outcome }
        let file = try LogFileDescriptor.openForAppending(path: path, createIfMissing: true, operations: operations)
        defer { file.unlock() }
        try file.lockExclusive(timeout: lockTimeout)
        // A stream others can write is refused, as an append refuses it.
        try LogFilePermissions.refuseUnsafe(path: path, for: .append)
        // Plan again under the lock: another process may have synced meanwhile.
        let decided = try plan(replicaAt: path, incoming: bytes, afterSeq: incoming.afterSeq, isOwnStream: isOwn)
        guard case .append(let extra, let outcome) = decided else { return decided.outcome }
        // One unit (a batch, or an event alone) a write and a sync: a crash can then leave at
        // most the last unit torn, whatever order the disk wrote its sectors in (several
        // units in one unsynced write could leave zeros followed by sound lines, which no
        // reader can tell from corruption). A unit whose write or sync fails is cut off
        // again before the error is thrown (its bytes may never reach the disk).
        var linesWritten = 0
        for unit in units(of: extra) {
            let lengthBefore = try file.size()
            let written = extra[unit].withUnsafeBytes { raw in Result { () throws(EventLogFileError) in try file.appendAll(raw) } }
            let failure: EventLogFileError?
            switch written {
            case .failure(let error): failure = error
            case .success:
                do {
                    try file.synchronize()
                    failure = nil
                } catch {
                    failure = error
                }
            }
            if let failure {
                do {
                    try file.truncate(to: lengthBefore)
                } catch {
                    throw EventLogFileError(
                        code: .ioError,
                        message: "\(failure.message), and the lines could not be removed (\(error.message)); the stream may end with "
                            + "lines that never reached the disk — run 'replay-tool repair \(path)' before syncing again",
                        path: path, systemErrorNumber: failure.systemErrorNumber)
                }
                guard linesWritten > 0 else { throw failure }
                throw EventLogFileError(
                    code: failure.code,
                    message: "\(failure.message) (the sync's first \(linesWritten) lines were written, the rest were not: sync again)",
                    path: path, systemErrorNumber: failure.systemErrorNumber)
            }
            linesWritten += extra[unit].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        return outcome
    }

    /// The byte ranges of `bytes` (whole lines) that hold one unit each: a batch's lines, or
    /// an event alone.
    static func units(of bytes: [UInt8]) -> [Range<Int>] {
        var units: [Range<Int>] = []
        var decoder = FastEventLineDecoder()
        var unitStart = 0
        var lineStart = 0
        while lineStart < bytes.count {
            let end = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            let batch = bytes[lineStart..<end].withUnsafeBufferPointer { line in
                (try? decoder.decode(line: UnsafeBufferPointer(rebasing: line[..<(line.last == UInt8(ascii: "\n") ? line.count - 1 : line.count)])))?.batch
            }
            if batch.map({ $0.index >= $0.count }) ?? true {
                units.append(unitStart..<end)
                unitStart = end
            }
            lineStart = end
        }
        if unitStart < bytes.count { units.append(unitStart..<bytes.count) }
        return units
    }

    /// What receiving will do.
    enum Plan: Equatable {
        case append([UInt8], Outcome)
        case nothing(Outcome)

        var outcome: Outcome {
            switch self {
            case .append(_, let outcome), .nothing(let outcome): return outcome
            }
        }
    }

    /// The plan for the replica in the file at `path`: ``plan(replica:incoming:afterSeq:isOwnStream:)``
    /// of its bytes, reading only its end when the lines sent follow its last whole line
    /// and there is something to append or nothing to do (the usual sync: a night's lines
    /// into a replica of years costs the night, not the years). Anything else (a gap, an
    /// overlap, a refusal) reads the whole replica, so that every answer and message is
    /// the one of the whole bytes (the tests compare the two on random replicas).
    static func plan(
        replicaAt path: String, incoming: [UInt8], afterSeq: Int, isOwnStream: Bool, window: Int64 = tailWindow
    ) throws(EventLogFileError) -> Plan {
        if let tail = try tailPlan(replicaAt: path, incoming: incoming, afterSeq: afterSeq, isOwnStream: isOwnStream, window: window) { return tail }
        return plan(replica: try readWhole(path), incoming: incoming, afterSeq: afterSeq, isOwnStream: isOwnStream)
    }

    /// How much of a replica's end ``plan(replicaAt:incoming:afterSeq:isOwnStream:)`` reads
    /// first: enough for any last line and a partial one after it, short of the longest.
    static let tailWindow: Int64 = 1 << 18

    /// The plan from the replica's end alone, or `nil` when the end does not settle it.
    private static func tailPlan(replicaAt path: String, incoming: [UInt8], afterSeq: Int, isOwnStream: Bool, window: Int64) throws(EventLogFileError) -> Plan? {
        guard let (tail, start) = try readEnd(path, window: window) else { return nil }
        let newline = UInt8(ascii: "\n")
        // The last whole line: the replica's line count is its seq (a replica is a prefix of
        // a sound stream).
        let wholeLines: Int
        let partialStart: Int
        if let last = tail.lastIndex(of: newline) {
            let lineStart = tail[..<last].lastIndex(of: newline).map { $0 + 1 } ?? 0
            guard lineStart > 0 || start == 0 else { return nil }
            let seq = tail[lineStart..<last].withUnsafeBufferPointer { line -> Int? in
                var decoder = FastEventLineDecoder()
                return try? decoder.decode(line: line).seq
            }
            guard let seq else { return nil }
            wholeLines = seq
            partialStart = last + 1
        } else {
            guard start == 0 else { return nil }
            wholeLines = 0
            partialStart = 0
        }
        guard afterSeq == wholeLines else { return nil }
        let plan = plan(replica: Array(tail[partialStart...]), incoming: incoming, afterSeq: 0, isOwnStream: isOwnStream)
        switch plan {
        case .append(let extra, .appended(let count, let first, let last)):
            return .append(extra, .appended(lineCount: count, firstSeq: first + wholeLines, lastSeq: last + wholeLines))
        case .nothing(.upToDate(let last)):
            return .nothing(.upToDate(lastSeq: last + wholeLines))
        default:
            return nil
        }
    }

    /// The plan for a replica holding `replica` and lines (`incoming`, each ended by `\n`)
    /// that start after line `afterSeq`. Pure: the tests call it directly.
    static func plan(replica: [UInt8], incoming: [UInt8], afterSeq: Int, isOwnStream: Bool) -> Plan {
        let newline = UInt8(ascii: "\n")
        var wholeLines = 0
        var start = replica.count
        for index in replica.indices where replica[index] == newline {
            wholeLines += 1
            if wholeLines == afterSeq { start = index + 1 }
        }
        if afterSeq == 0 { start = 0 }
        guard afterSeq <= wholeLines else {
            return .nothing(.refused(reason: "the replica holds \(wholeLines) whole lines, and these lines start after line \(afterSeq): send the lines after seq \(wholeLines)"))
        }
        let have = replica[start...]
        if have.count <= incoming.count, incoming.starts(with: have) {
            let extra = Array(incoming[have.count...])
            let added = extra.reduce(0) { $1 == newline ? $0 + 1 : $0 }
            guard added > 0 else { return .nothing(.upToDate(lastSeq: wholeLines)) }
            if isOwnStream {
                return .nothing(.refused(reason: "an incoming copy of this device's own stream is longer than its own (line \(wholeLines + 1) on): only this device writes it"))
            }
            return .append(extra, .appended(lineCount: added, firstSeq: wholeLines + 1, lastSeq: wholeLines + added))
        }
        if have.count > incoming.count, have.starts(with: incoming) {
            return .nothing(.upToDate(lastSeq: wholeLines))
        }
        // Diverged: the first line whose bytes differ.
        var line = afterSeq + 1
        for (mine, theirs) in zip(have, incoming) {
            if mine != theirs { break }
            if mine == newline { line += 1 }
        }
        return .nothing(.refused(reason: "line \(line) of the replica differs from the sender's copy: the stream diverged (two writers used one name?)"))
    }

    /// Why incoming lines are not sound from line `afterSeq + 1` on, or `nil`.
    private static func checkIncoming(_ incoming: StreamLines, bytes: [UInt8]) -> String? {
        guard incoming.afterSeq >= 0 else { return "the lines start after seq \(incoming.afterSeq), which is negative" }
        if let index = incoming.lines.firstIndex(where: { $0.utf8.contains(UInt8(ascii: "\n")) }) {
            return "incoming line \(incoming.afterSeq + index + 1) holds a line break"
        }
        let scan = scanSound(bytes, after: incoming.afterSeq)
        if let unsent = scan.unsent { return "incoming line \(unsent.line) is not sound: \(unsent.reason)" }
        return nil
    }

    // MARK: Log sets

    /// What syncing one stream did.
    public struct Report: Sendable, Hashable {
        /// The stream.
        public var stream: StreamName
        /// What the receiver did with the sender's sound prefix; `nil` when reading or
        /// writing failed (`failure`).
        public var outcome: Outcome?
        /// What of the sender's copy was not sent (a torn tail, an invalid line).
        public var unsent: Unsent?
        /// The reading or writing failure, if one stopped this stream.
        public var failure: EventLogFileError?

        /// A report of `stream` with nothing in it yet.
        public init(stream: StreamName, outcome: Outcome? = nil, unsent: Unsent? = nil, failure: EventLogFileError? = nil) {
            self.stream = stream
            self.outcome = outcome
            self.unsent = unsent
            self.failure = failure
        }

        /// Whether anything of this stream was refused or not sent.
        public var isRefused: Bool { (outcome?.isRefused ?? false) || unsent != nil }
    }

    /// Syncs every stream of `source` into `destination` (`replay-tool sync FROM TO`): for
    /// each, in name order, the sender's sound prefix received as ``receive(_:into:ownStream:lockTimeout:)``
    /// receives it. A stream that fails or is refused does not stop the others.
    ///
    /// - Throws: `EventLogFileError` when either directory cannot be listed.
    public static func sync(
        from source: LogSetDirectory, to destination: LogSetDirectory, ownStream: StreamName?,
        lockTimeout: Duration = .seconds(10)
    ) throws(EventLogFileError) -> [Report] {
        let streams = try source.list().streams
        _ = try destination.list()
        return streams.map { stream in
            var report = Report(stream: stream)
            do throws(EventLogFileError) {
                let (lines, unsent) = try lines(of: stream, in: source)
                report.unsent = unsent
                report.outcome = try receive(lines, into: destination, ownStream: ownStream, lockTimeout: lockTimeout)
            } catch {
                report.failure = error
            }
            return report
        }
    }

    // MARK: Reading

    /// Where the sound prefix of `bytes` (lines from `afterSeq + 1` on, found at byte `base`
    /// of their file, so that what is said of them names the file's offsets) ends, and why
    /// the rest is not sound.
    static func scanSound(_ bytes: [UInt8], after afterSeq: Int, base: Int64 = 0) -> (soundEnd: Int, unsent: Unsent?) {
        var scanner = afterSeq == 0 && base == 0
            ? LogScanner(tracking: .locations)
            : LogScanner(resumingAt: LogResumePoint(byteOffset: base, lineNumber: afterSeq + 1, lastSeq: afterSeq), tracking: .locations)
        var released: [ScannedEvent] = []
        var issues: [LogIssue] = []
        var soundEnd = 0
        let newline = UInt8(ascii: "\n")
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            var lineNumber = afterSeq + 1
            while lineStart < buffer.count, issues.isEmpty {
                let end = buffer[lineStart...].firstIndex(of: newline)
                let lineEnd = end ?? buffer.count
                let line = LineReader.Line(
                    bytes: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), lineNumber: lineNumber,
                    byteOffset: base + Int64(lineStart), endsWithNewline: end != nil)
                scanner.consume(line, released: &released, issues: &issues)
                if issues.isEmpty, !released.isEmpty {
                    soundEnd = Int(scanner.committedPosition.byteOffset - base)
                }
                released.removeAll(keepingCapacity: true)
                lineStart = lineEnd + 1
                lineNumber += 1
            }
            if issues.isEmpty { scanner.finish(fileLength: base + Int64(buffer.count), issues: &issues) }
        }
        guard let first = issues.min(by: { $0.line < $1.line }) else { return (soundEnd, nil) }
        return (soundEnd, Unsent(line: first.line, reason: first.message))
    }

    /// The lines of `bytes`, each without its `\n` (the bytes end with one, or are empty).
    static func splitLines(_ bytes: ArraySlice<UInt8>) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The last `window` bytes of the file at `path` (all of a shorter one) and where they
    /// start; `nil` when the file shrank while it was read.
    static func readEnd(_ path: String, window: Int64) throws(EventLogFileError) -> (bytes: [UInt8], start: Int64)? {
        let file = try LogFileDescriptor.openForReading(path: path)
        let size = try file.size()
        let start = max(0, size - max(1, window))
        let tail = try file.readFully(from: start, count: Int(size - start))
        return tail.count == Int(size - start) ? (tail, start) : nil
    }

    /// The whole file at `path`.
    static func readWhole(_ path: String) throws(EventLogFileError) -> [UInt8] {
        let file = try LogFileDescriptor.openForReading(path: path)
        return try file.readFully(from: 0, count: Int(try file.size()))
    }
}
