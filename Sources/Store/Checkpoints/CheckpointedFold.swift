import Commands
import EventLogFile
import Events
import Projections

/// A log (`LogSource`: a log file, or a log set) folded from its newest usable checkpoint
/// plus each stream's lines after it, or from the first line of every stream when no
/// checkpoint is usable: the one way the store and `replay-tool` open a log
/// (docs/checkpoints.md). Its ``foldArrivals(_:)`` is the one way lines that arrive later
/// (an append, another process's lines, a sync) are folded.
///
/// A checkpoint (`CheckpointPosition`) covers a prefix of each stream. It is used only when
/// - its header is sound, of this format and of this fold's version (`FoldVersion.current`);
/// - every stream it covers is still there and holds its position: at least that long, with
///   the same last line there (the digest of the at most 4 KiB before it); with `check`
///   `.full`, the stream also starts with the very bytes it covered;
/// - its payload is whole (its own digest) and decodes, and it folds nothing the position
///   leaves out (its last seq and latest `at`);
/// - every line after it, in every stream, comes after the last event it folded in fold
///   order (`at`, stream, `seq`): a line dated before it (a watch's queue, a night synced
///   late) makes an older checkpoint, or the first line, the start;
/// - in a log set, no line after it is a copy of an id it folded already whose first copy it
///   does not know: a copy of an id in another stream counts once, the first in fold order,
///   and is left out silently or with a warning by the first's content. The checkpoint keeps
///   the first copies of its last 14 days (`RecentFirstCopies`); for an older one, an older
///   checkpoint is the start.
/// Every checkpoint passed over for a fault is named in ``problems``. The output is the same
/// as a fold of every line (`LogSetFold`, `LogFold`) in every case.
package struct CheckpointedFold: Sendable {
    /// The fold, without the torn tails' warnings (a checkpoint never holds one: a tail may be
    /// repaired; see ``warnedRunner(_:)``).
    package var runner: ProjectionRunner<LogState>
    /// The streams read, in name order, each with where its whole lines end (for the lines
    /// after the checkpoint: the counts are of those lines).
    package var streams: [LogSetFold.Stream]
    /// Each stream's torn tail.
    package var tornTails: [(stream: StreamName?, tornTail: TornTail)]
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
    package var validCheckpoints: [CheckpointEntry]
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
    package var ends: [StreamName?: LogResumePoint] {
        Dictionary(uniqueKeysWithValues: streams.map { ($0.name, $0.end) })
    }

    /// Where a log file's whole lines end (its one stream's end).
    package var end: LogResumePoint { ends[nil] ?? .start }

    /// A log file's torn tail, if it ends with one.
    package var tornTail: TornTail? { tornTails.first { $0.stream == nil }?.tornTail }

    /// Whether the events folded have distinct ids (so an appender may trust the fold's ids
    /// instead of reading the lines again).
    package var identifiersAreDistinct: Bool {
        runner.position == .end && runner.identifierCount == eventCount
    }

    /// The fold of no line, to fold arrivals into.
    package static var empty: CheckpointedFold {
        CheckpointedFold(
            runner: ProjectionRunner(position: .end), streams: [], tornTails: [], latestLineAt: nil, lastKey: nil, eventCount: 0,
            recentCopies: RecentFirstCopies(), startedFrom: nil, linesAfterCheckpoint: 0, validCheckpoints: [], problems: [])
    }

    /// Folds `source` as of `position` (`untilSeq` only in a log file), from the newest
    /// usable checkpoint in the folder at `folderPath` (none when `nil`), checked as `check`
    /// says (`.full` unless the caller checks the prefixes later: a store). With
    /// `invalidLines` `.skip` every stream is read from its first line, no checkpoint used,
    /// and each invalid line is left out with a warning. `progress` hears, during a fold of
    /// a log file from its first line, the share folded (by seq, from 0 to 1).
    ///
    /// - Throws: `EventLogFileError`: what listing or reading a stream throws, or
    ///   `.invalidArgument` for a log set's position with `untilSeq`.
    package static func fold(
        _ source: LogSource, checkpoints folderPath: String?, position: ReplayPosition = .end,
        check: CheckpointFolder.Check = .full, invalidLines: EventLogReader.InvalidLines = .stop,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws(EventLogFileError) -> CheckpointedFold {
        try LogSetFold.refuseUntilSeq(position, in: source)
        let streams = try source.streams()
        var problems: [CheckpointProblem] = []
        var valid: [CheckpointEntry] = []
        if let folderPath, invalidLines == .stop {
            let folder = CheckpointFolder(path: folderPath)
            let listed = folder.entries()
            problems += listed.problems
            let checked = folder.validate(listed.entries, log: source, streams: streams, foldVersion: FoldVersion.current, check: check)
            problems += checked.problems
            valid = checked.valid.sorted { $0.header.byteOffset < $1.header.byteOffset }
            for checkpoint in valid.reversed() where admits(checkpoint, position: position) {
                switch decode(checkpoint, in: folder, position: position) {
                case .failure(let problem):
                    problems.append(problem)
                case .success(let state):
                    if var fold = try resume(from: checkpoint, state: state, streams: streams, in: source) {
                        fold.validCheckpoints = valid.filter { candidate in !problems.contains { $0.file == candidate.path } }
                        fold.problems = problems
                        return fold
                    }
                }
            }
        }
        var fold: CheckpointedFold
        if case .file(let path) = source {
            fold = try foldFile(path, position: position, invalidLines: invalidLines, progress: progress)
        } else {
            let read = try LogSetFold.read(source, invalidLines: invalidLines)
            var runner = ProjectionRunner<LogState>(position: position)
            LogSetFold.apply(read, read.all.indices, to: &runner, position: position)
            LogSetFold.warnSkippedLines(read, into: &runner)
            fold = CheckpointedFold(
                runner: runner, streams: read.streams, tornTails: read.tornTails, latestLineAt: read.latestLineAt,
                lastKey: read.lastKey, eventCount: read.all.count, recentCopies: recentCopies(read, before: read.all.count),
                startedFrom: nil, linesAfterCheckpoint: read.all.count, validCheckpoints: [], problems: [],
                skippedLines: read.skippedLines.map { $0.issue.leftOutWarning(file: $0.stream?.fileName) })
        }
        fold.validCheckpoints = valid.filter { candidate in !problems.contains { $0.file == candidate.path } }
        fold.problems = problems
        return fold
    }

    /// Whether a checkpoint folds nothing `position` leaves out.
    static func admits(_ entry: CheckpointEntry, position: ReplayPosition) -> Bool {
        if let untilSeq = position.untilSeq, entry.header.lastSeq > untilSeq { return false }
        if let instant = position.instant, entry.header.latestAt > instant.millisecondsSince1970 { return false }
        return true
    }

    /// The fold of a log file from its first line, streamed (`LogFold`: the file is never
    /// held whole, unlike a log set's streams, which are sorted together in memory).
    private static func foldFile(
        _ path: String, position: ReplayPosition, invalidLines: EventLogReader.InvalidLines, progress: (@Sendable (Double) -> Void)?
    ) throws(EventLogFileError) -> CheckpointedFold {
        var latest: Instant?
        var lastKey: EventOrdering.Key?
        // Progress by seq against the last line's, told every 1 % (a hint: cheap to find).
        let lastSeq = progress == nil ? nil : (try? EventLogReader.lastLineEvent(path: path))??.seq
        let step = max(1, (lastSeq ?? 0) / 100)
        var told = 0
        let (runner, summary): (ProjectionRunner<LogState>, EventLogReader.Summary) = try LogFold.fold(
            path: path, position: position, tornTail: nil, invalidLines: invalidLines,
            restart: {
                latest = nil
                lastKey = nil
            },
            beforeEach: { (event, _: inout ProjectionRunner<LogState>) in
                if position.untilSeq.map({ event.seq <= $0 }) ?? true,
                   latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
                    latest = event.at
                }
                lastKey = EventOrdering.Key(event)
                if let progress, let lastSeq, event.seq >= told + step {
                    told = event.seq
                    progress(min(0.99, Double(event.seq) / Double(lastSeq)))
                }
            }
        )
        progress?(1)
        let stream = LogSetFold.Stream(
            name: nil, lineCount: summary.lineCount, eventCount: summary.eventCount, lastSeq: summary.lastSeq, end: summary.committedPoint)
        return CheckpointedFold(
            runner: runner, streams: [stream], tornTails: summary.tornTail.map { [(nil, $0)] } ?? [], latestLineAt: latest,
            lastKey: lastKey, eventCount: summary.eventCount, recentCopies: RecentFirstCopies(), startedFrom: nil,
            linesAfterCheckpoint: summary.eventCount, validCheckpoints: [], problems: [],
            skippedLines: summary.skippedLines.map { $0.leftOutWarning() })
    }

    /// The state saved in `entry`, decoded to fold as of `position`, or why it cannot be: a
    /// file that cannot be read is its problem, a state that does not decode is `.corrupt`.
    package static func decode(_ entry: CheckpointEntry, in folder: CheckpointFolder, position: ReplayPosition) -> Result<CheckpointState, CheckpointProblem> {
        do throws(CheckpointProblem) {
            let decoded = try folder.withPayload(of: entry) { bytes in
                Result { () throws(CheckpointDecodingError) in try CheckpointState.decode(bytes, position: position) }
            }
            do {
                return .success(try decoded.get())
            } catch {
                throw CheckpointProblem.corrupt(file: entry.path, reason: "its state does not decode: \(error.description)")
            }
        } catch {
            return .failure(error)
        }
    }

    /// The fold from `checkpoint` (its state decoded as `state`, for the position it is to
    /// fold as of) and the lines of `streams` after it, or `nil` when it cannot be the start
    /// (see the type's rules).
    package static func resume(
        from checkpoint: CheckpointEntry, state: consuming CheckpointState,
        streams: [StreamName?], in source: LogSource
    ) throws(EventLogFileError) -> CheckpointedFold? {
        let read = try LogSetFold.readTails(of: streams, in: source, from: { checkpoint.position.end(of: $0) })
        // The decoded state is taken apart and let go before folding: while a second value
        // held the runner, its first change would copy whole arrays (copy on write).
        let runner = state.runner
        let latestLineAt = state.latestLineAt
        let recentCopies = state.recentCopies
        _ = consume state
        var fold = CheckpointedFold(
            runner: consume runner, streams: [], tornTails: [], latestLineAt: latestLineAt, lastKey: checkpoint.position.lastKey,
            eventCount: checkpoint.header.eventCount, recentCopies: recentCopies,
            startedFrom: checkpoint, linesAfterCheckpoint: 0, validCheckpoints: [], problems: [])
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
        streams = byName.values.sorted { ($0.name?.text ?? "").utf8.lexicographicallyPrecedes(($1.name?.text ?? "").utf8) }
        tornTails = read.tornTails
        // The latest line's instant, of the lines the position folds (a log file's `untilSeq`).
        let untilSeq = runner.position.untilSeq
        for event in read.all where untilSeq.map({ event.seq <= $0 }) ?? true {
            if latestLineAt.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latestLineAt = event.at }
        }
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
