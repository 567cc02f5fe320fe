import Commands
import EventLogFile
import Events
import Projections

/// A log file folded from its newest usable checkpoint plus the lines after it, or from the
/// first line when no checkpoint is usable: the one way the store and `replay-tool` open a
/// log file (docs/checkpoints.md).
///
/// A checkpoint is used only when
/// - its header is sound, of this format and of this fold's version (`FoldVersion.current`);
/// - the log still holds its position: at least that long, with the same last line there
///   (the digest of the at most 4 KiB before it); with `check` `.full`, the log also starts
///   with the very bytes it covers (the digest of the whole prefix);
/// - its payload is whole (its own digest) and decodes;
/// - it folds nothing the position leaves out (its last seq and latest `at`);
/// - no line after it is dated before its latest `at` (such a late line must be folded
///   before events the checkpoint holds, so an older checkpoint, or the first line, is the
///   start instead).
/// Every checkpoint passed over for a fault is named in ``problems`` (a warning for the
/// caller to show); the output is the same as a fold from the first line in every case.
package struct CheckpointedFold: Sendable {
    /// The fold, without a torn tail's warning (a checkpoint must never hold one: the tail
    /// may be repaired). Add it with ``warnedRunner(_:)``.
    package var runner: ProjectionRunner<LogState>
    /// Where the folded lines end (before a torn tail): the next read starts here.
    package var end: LogResumePoint
    /// The torn tail after ``end``, if the log ends with one.
    package var tornTail: TornTail?
    /// The checkpoint the fold started from; `nil` when it folded from the first line.
    package var startedFrom: CheckpointEntry?
    /// The lines folded after ``startedFrom`` (every line when `nil`).
    package var linesAfterCheckpoint: Int
    /// The checkpoints of this log found valid, by position (for rewinds to an earlier one).
    package var validCheckpoints: [CheckpointEntry]
    /// The checkpoints passed over, and why.
    package var problems: [CheckpointProblem]
    /// The largest `at` among the lines folded (opaque events too): the default instant of
    /// queries, and the fold point of a checkpoint taken at ``end``.
    package var latestLineAt: Instant?
    /// The events up to ``end``.
    package var eventCount: Int
    /// The invalid lines a fold that skips them left out, as its warnings word them.
    package var skippedLines: [String] = []

    /// The runner with the torn tail's warning, worded by `notice`, appended as a fold from
    /// the first line appends it (`LogFold`).
    package func warnedRunner(_ notice: TornTailNotice?) -> ProjectionRunner<LogState> {
        var warned = runner
        if let notice, let tornTail { warned.warn(.init(seq: nil, message: notice.text(tornTail))) }
        return warned
    }

    /// Whether the events up to ``end`` have distinct ids (so an appender may trust the fold's
    /// ids instead of reading the lines again).
    package var identifiersAreDistinct: Bool {
        runner.position == .end && runner.identifierCount == eventCount
    }

    /// Folds the log file at `path` as of `position`, starting from the newest usable
    /// checkpoint in the folder at `folderPath` (none when `nil`), checked as `check` says
    /// (`.full` unless the caller checks the prefix later: a store). `progress` hears, during a
    /// fold from the first line, the share of the log folded (by seq, from 0 to 1). With
    /// `invalidLines` `.skip` the log is folded from its first line, no checkpoint used, and
    /// each invalid line is left out with a warning (`LogFold`).
    package static func fold(
        logAt path: String, checkpoints folderPath: String?, position: ReplayPosition = .end,
        check: CheckpointFolder.Check = .full, invalidLines: EventLogReader.InvalidLines = .stop,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws(EventLogFileError) -> CheckpointedFold {
        var problems: [CheckpointProblem] = []
        var valid: [CheckpointEntry] = []
        if let folderPath, invalidLines == .stop {
            let folder = CheckpointFolder(path: folderPath)
            let listed = folder.entries()
            problems += listed.problems
            let checked = folder.validate(listed.entries, log: .file(path: path), foldVersion: FoldVersion.current, check: check)
            problems += checked.problems
            valid = checked.valid.map(\.entry).sorted { $0.header.byteOffset < $1.header.byteOffset }
            for entry in valid.reversed() where admits(entry, position: position) {
                let decoded = decode(entry, in: folder, position: position)
                if let fold = try resume(from: entry, decoded: decoded, logAt: path, position: position, problems: &problems) {
                    var result = fold
                    result.validCheckpoints = valid.filter { candidate in !problems.contains { $0.file == candidate.path } }
                    result.problems = problems
                    return result
                }
            }
        }
        var result = try foldFromTheStart(logAt: path, position: position, invalidLines: invalidLines, progress: progress)
        result.validCheckpoints = valid.filter { candidate in !problems.contains { $0.file == candidate.path } }
        result.problems = problems
        return result
    }

    /// Whether a checkpoint folds nothing `position` leaves out.
    static func admits(_ entry: CheckpointEntry, position: ReplayPosition) -> Bool {
        if let untilSeq = position.untilSeq, entry.header.lastSeq > untilSeq { return false }
        if let instant = position.instant, entry.header.latestAt > instant.millisecondsSince1970 { return false }
        return true
    }

    /// The state saved in `entry`, decoded to fold as of `position`, or why it cannot be.
    package static func decode(
        _ entry: CheckpointEntry, in folder: CheckpointFolder, position: ReplayPosition
    ) -> Result<(ProjectionRunner<LogState>, Instant), CheckpointProblem> {
        decoding(entry) { () throws(CheckpointProblem) in
            try folder.withState(of: entry) { payload in
                Swift.Result { () throws(CheckpointDecodingError) in
                    try CheckpointState.decode(payload, position: position)
                }
            }
        }
    }

    /// What `read` decodes from `entry`'s file: a file that cannot be read is its problem, a
    /// state that does not decode is `.corrupt`.
    package static func decoding<State>(
        _ entry: CheckpointEntry, _ read: () throws(CheckpointProblem) -> Result<State, CheckpointDecodingError>
    ) -> Result<State, CheckpointProblem> {
        do throws(CheckpointProblem) {
            let decoded = try read()
            do {
                return .success(try decoded.get())
            } catch {
                throw CheckpointProblem.corrupt(file: entry.path, reason: "its state does not decode: \(error.description)")
            }
        } catch {
            return .failure(error)
        }
    }

    /// The fold from `entry` (its state `decoded`) and the lines after it, or `nil` (noting why
    /// in `problems` when it is a fault) when it cannot be the start.
    private static func resume(
        from entry: CheckpointEntry, decoded: Result<(ProjectionRunner<LogState>, Instant), CheckpointProblem>, logAt path: String,
        position: ReplayPosition, problems: inout [CheckpointProblem]
    ) throws(EventLogFileError) -> CheckpointedFold? {
        var runner: ProjectionRunner<LogState>
        var latestInstant: Instant
        switch decoded {
        case .success(let state): (runner, latestInstant) = state
        case .failure(let problem):
            problems.append(problem)
            return nil
        }
        let foldPoint = entry.header.latestAt
        var tail: [RecordedEvent] = []
        var datedBefore = false
        var latest = foldPoint
        let read = try EventLogReader.forEachEvent(path: path, from: entry.header.resumePoint) { scanned in
            let moment = scanned.event.at.millisecondsSince1970
            if moment < foldPoint { datedBefore = true }
            if position.untilSeq.map({ scanned.event.seq <= $0 }) ?? true, moment >= latest {
                latest = moment
                latestInstant = scanned.event.at
            }
            tail.append(scanned.event)
        }
        // A later line dated before what the checkpoint folded: not a fault, just not a start.
        if datedBefore { return nil }
        runner.apply(contentsOf: EventOrdering.sorted(tail))
        return CheckpointedFold(
            runner: runner, end: read.committedPoint, tornTail: read.tornTail, startedFrom: entry,
            linesAfterCheckpoint: tail.count, validCheckpoints: [], problems: [],
            latestLineAt: latestInstant,
            eventCount: entry.header.eventCount + tail.count
        )
    }

    /// The fold from the first line (`LogFold`).
    private static func foldFromTheStart(
        logAt path: String, position: ReplayPosition, invalidLines: EventLogReader.InvalidLines, progress: (@Sendable (Double) -> Void)?
    ) throws(EventLogFileError) -> CheckpointedFold {
        var latest: Instant?
        // Progress by seq against the last line's, told every 1 % (a hint: cheap to find).
        let lastSeq = progress == nil ? nil : (try? EventLogReader.lastLineEvent(path: path))??.seq
        let step = max(1, (lastSeq ?? 0) / 100)
        var told = 0
        let (runner, summary): (ProjectionRunner<LogState>, EventLogReader.Summary) = try LogFold.fold(
            path: path, position: position, tornTail: nil, invalidLines: invalidLines, restart: { latest = nil },
            beforeEach: { (event, _: inout ProjectionRunner<LogState>) in
                if position.untilSeq.map({ event.seq <= $0 }) ?? true,
                   latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
                    latest = event.at
                }
                if let progress, let lastSeq, event.seq >= told + step {
                    told = event.seq
                    progress(min(0.99, Double(event.seq) / Double(lastSeq)))
                }
            }
        )
        progress?(1)
        return CheckpointedFold(
            runner: runner, end: summary.committedPoint, tornTail: summary.tornTail, startedFrom: nil,
            linesAfterCheckpoint: summary.eventCount, validCheckpoints: [], problems: [],
            latestLineAt: latest, eventCount: summary.eventCount,
            skippedLines: summary.skippedLines.map { $0.leftOutWarning() }
        )
    }
}
