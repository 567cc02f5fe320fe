import Commands
import EventLogFile
import Events
import Projections

/// A log set folded from its newest usable checkpoint plus each stream's lines after it, or
/// from the first line of every stream when no checkpoint is usable: the one way the store
/// and `replay-tool` open a log set (docs/checkpoints.md, "Log sets").
///
/// A log set's checkpoint (`CheckpointPosition`) covers a prefix of each stream. It is
/// used only when, besides what a log file's checkpoint must pass (`CheckpointedFold`),
/// - every stream it covers is still in the set and holds its position (with `.full`, it
///   also starts with the very bytes it covered; a stream it does not name is read from its
///   first line);
/// - every line after it, in every stream, comes after the last event it folded in fold
///   order (`at`, stream, `seq`): a line synced in late that belongs before it makes an older
///   checkpoint, or the first line, the start;
/// - no line after it is a copy of an id it folded already whose first copy it does not
///   know: a copy of an id in another stream counts once, the first in fold order, and is
///   left out silently or with a warning by the first's content. The checkpoint keeps the
///   first copies of its last 14 days (`RecentFirstCopies`: a watch offline for days, whose
///   samples the phone receives late); for an older one, an older checkpoint is the start.
/// The output is the same as a fold of every line (`LogSetFold`) in every case.
package struct LogSetCheckpointedFold: Sendable {
    /// A usable checkpoint of the log set and the position it states.
    package typealias Checkpoint = CheckpointFolder.Usable

    /// The fold, without the torn tails' warnings (see ``warnedRunner(_:)``).
    package var runner: ProjectionRunner<LogState>
    /// The streams read, in name order, each with where its whole lines end (for the lines
    /// after the checkpoint: the counts are of those lines).
    package var streams: [LogSetFold.Stream]
    /// Each stream's torn tail.
    package var tornTails: [(stream: StreamName, tornTail: TornTail)]
    /// The largest `at` among the lines read (opaque events too), in read order on a tie.
    package var latestLineAt: Instant?
    /// The key of the last event folded in fold order (a copy left out included).
    package var lastKey: EventOrdering.Key?
    /// The events read, over every stream (copies left out included).
    package var eventCount: Int
    /// The first copies of the ids folded in the last 14 days before ``lastKey``.
    package var recentCopies: RecentFirstCopies
    /// The checkpoint the fold started from; `nil` when it folded every line.
    package var startedFrom: CheckpointEntry?
    /// The lines folded after ``startedFrom`` (every line when `nil`).
    package var linesAfterCheckpoint: Int
    /// The checkpoints of this log set found valid, by position (for rewinds).
    package var validCheckpoints: [Checkpoint]
    /// The checkpoints passed over, and why.
    package var problems: [CheckpointProblem]
    /// The invalid lines a fold that skips them left out, as its warnings word them.
    package var skippedLines: [String] = []

    /// The runner with each torn tail's warning, worded by `notice`, appended as
    /// `LogSetFold` appends them.
    package func warnedRunner(_ notice: TornTailNotice?) -> ProjectionRunner<LogState> {
        var warned = runner
        LogSetFold.warnTornTails(tornTails, notice: notice, into: &warned)
        return warned
    }

    /// Where each stream's whole lines end: where the next read of it starts.
    package var ends: [StreamName: LogResumePoint] {
        Dictionary(uniqueKeysWithValues: streams.map { ($0.name, $0.end) })
    }

    /// Folds the log set `logSet` as of `position` (whose `untilSeq` must be `nil`), from the
    /// newest usable checkpoint in the folder at `folderPath` (none when `nil`), checked as
    /// `check` says (`.full` unless the caller checks the prefixes later: a store). With
    /// `invalidLines` `.skip` every stream is read from its first line, no checkpoint used,
    /// and each invalid line is left out with a warning.
    ///
    /// - Throws: `EventLogFileError`: what listing or reading a stream throws, or
    ///   `.invalidArgument` for a position with `untilSeq`.
    package static func fold(
        _ logSet: LogSetDirectory, checkpoints folderPath: String?, position: ReplayPosition = .end,
        check: CheckpointFolder.Check = .full, invalidLines: EventLogReader.InvalidLines = .stop
    ) throws(EventLogFileError) -> LogSetCheckpointedFold {
        guard position.untilSeq == nil else {
            throw EventLogFileError(code: .invalidArgument, message: "--until-seq names a line of one file; a log set has a seq per stream", path: logSet.path)
        }
        let streams = try logSet.list().streams
        var problems: [CheckpointProblem] = []
        var valid: [Checkpoint] = []
        if let folderPath, invalidLines == .stop {
            let folder = CheckpointFolder(path: folderPath)
            let listed = folder.entries()
            problems += listed.problems
            let checked = folder.validate(listed.entries, log: .logSet(logSet, streams: streams), foldVersion: FoldVersion.current, check: check)
            problems += checked.problems
            valid = checked.valid.sorted { $0.entry.header.byteOffset < $1.entry.header.byteOffset }
            for checkpoint in valid.reversed() where CheckpointedFold.admits(checkpoint.entry, position: position) {
                switch LogSetCheckpointState.decode(checkpoint.entry, in: folder, position: position) {
                case .failure(let problem):
                    problems.append(problem)
                case .success(let state):
                    if var fold = try resume(from: checkpoint, state: state, streams: streams, in: logSet) {
                        fold.validCheckpoints = valid.filter { candidate in !problems.contains { $0.file == candidate.entry.path } }
                        fold.problems = problems
                        return fold
                    }
                }
            }
        }
        let read = try LogSetFold.read(logSet, invalidLines: invalidLines)
        var runner = ProjectionRunner<LogState>(position: position)
        LogSetFold.apply(read, read.all.indices, to: &runner, position: position)
        LogSetFold.warnSkippedLines(read, into: &runner)
        return LogSetCheckpointedFold(
            runner: runner, streams: read.streams, tornTails: read.tornTails, latestLineAt: read.latestLineAt,
            lastKey: read.lastKey, eventCount: read.all.count, recentCopies: recentCopies(read, before: read.all.count),
            startedFrom: nil, linesAfterCheckpoint: read.all.count,
            validCheckpoints: valid.filter { candidate in !problems.contains { $0.file == candidate.entry.path } },
            problems: problems,
            skippedLines: read.skippedLines.map { $0.issue.leftOutWarning(file: $0.stream.fileName) })
    }

    /// The fold from `checkpoint` (its state decoded as `state`, for the position it is to
    /// fold as of) and the lines of `streams` after it, or `nil` when it cannot be the start
    /// (see the type's rules).
    package static func resume(
        from checkpoint: Checkpoint, state: consuming LogSetCheckpointState,
        streams: [StreamName], in logSet: LogSetDirectory
    ) throws(EventLogFileError) -> LogSetCheckpointedFold? {
        let read = try LogSetFold.readTails(of: streams, in: logSet, from: { checkpoint.position.end(of: $0) })
        // The decoded state is taken apart and let go before folding: while a second value
        // held the runner, its first change would copy whole arrays (copy on write).
        let runner = state.runner
        let latestLineAt = state.latestLineAt
        let recentCopies = state.recentCopies
        _ = consume state
        var fold = LogSetCheckpointedFold(
            runner: consume runner, streams: [], tornTails: [], latestLineAt: latestLineAt, lastKey: checkpoint.position.lastKey,
            eventCount: checkpoint.entry.header.eventCount, recentCopies: recentCopies,
            startedFrom: checkpoint.entry, linesAfterCheckpoint: 0, validCheckpoints: [], problems: [])
        return fold.foldArrivals(read) ? fold : nil
    }

    /// Folds `read` — each stream's lines after ``ends``, in fold order — into this fold, when
    /// every line comes after ``lastKey`` and every copy among them can be sorted out
    /// (`LogSetFold.sortOutCopies`, knowing ``recentCopies``): then `true`, and the fold is
    /// that of the longer prefixes. Otherwise `false`, and nothing changed: the lines must be
    /// folded from further back (an older checkpoint, or the first lines).
    package mutating func foldArrivals(_ read: LogSetFold.Read) -> Bool {
        if let lastKey, let first = read.all.first, !(lastKey < EventOrdering.Key(first)) { return false }
        guard let copies = LogSetFold.sortOutCopies(read.all, earlier: Self.earlierCopies(runner, recentCopies)) else { return false }
        var arrived = read
        arrived.leftOut = copies.leftOut
        arrived.firstCopies = copies.firstCopies
        LogSetFold.apply(arrived, arrived.all.indices, to: &runner, position: runner.position)
        var byName = Dictionary(uniqueKeysWithValues: streams.map { ($0.name, $0) })
        for stream in read.streams {
            var merged = stream
            if let known = byName[stream.name] {
                merged.lineCount += known.lineCount
                merged.eventCount += known.eventCount
                merged.lastSeq = max(merged.lastSeq, known.lastSeq)
            }
            byName[stream.name] = merged
        }
        streams = byName.values.sorted { $0.name < $1.name }
        tornTails = read.tornTails
        latestLineAt = read.latestLineAt ?? latestLineAt
        lastKey = read.lastKey ?? lastKey
        eventCount += read.all.count
        linesAfterCheckpoint += read.all.count
        Self.note(arrived, into: &recentCopies, lastMoment: lastKey?.moment)
        return true
    }

    /// What a fold (`runner`, with its table of recent first copies `recent`) holds of an id.
    package static func earlierCopies(_ runner: ProjectionRunner<LogState>, _ recent: RecentFirstCopies) -> (String) -> LogSetFold.EarlierCopy {
        { id in
            guard runner.containsIdentifier(IdentifierDigest(id)) else { return .none }
            return recent.byIdentifier[id].map { .known($0) } ?? .unknown
        }
    }

    /// Notes the first copies of `read` in `recent` and forgets those more than 14 days before
    /// `lastMoment`.
    package static func note(_ read: LogSetFold.Read, into recent: inout RecentFirstCopies, lastMoment: Int64?) {
        guard let lastMoment else { return }
        let limit = lastMoment - RecentFirstCopies.window
        for index in read.firstCopies where read.all[index].at.millisecondsSince1970 >= limit {
            recent.note(read.all[index])
        }
        recent.prune(before: lastMoment)
    }

    /// The table of recent first copies of a fold of `read.all[..<end]` from every first line.
    static func recentCopies(_ read: LogSetFold.Read, before end: Int) -> RecentFirstCopies {
        var recent = RecentFirstCopies()
        guard end > 0 else { return recent }
        let limit = read.all[end - 1].at.millisecondsSince1970 - RecentFirstCopies.window
        for index in read.firstCopies where index < end && read.all[index].at.millisecondsSince1970 >= limit {
            recent.note(read.all[index])
        }
        return recent
    }
}
