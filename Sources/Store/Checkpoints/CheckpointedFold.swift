import Commands
import EventLogFile
import Events
import Projections

/// A log (`LogSource`) folded from its newest usable checkpoint plus each stream's lines after
/// it, or from every stream's first line: the one way the store and `replay-tool` open a log.
/// ``foldArrivals(_:)`` is the one way later lines (an append, a sync) are folded.
///
/// A checkpoint is used only when (docs/checkpoints.md)
/// - its header is sound, of this format and of `FoldVersion.current`;
/// - each stream it covers is still there, at least as long, with the same 4 KiB before its
///   position (with `.full`, the same whole prefix);
/// - its payload is whole and decodes, and it folds nothing the position leaves out (so none
///   is used for a position that skips events);
/// - every line after it comes after its last event in fold order (`at`, stream, `seq`);
/// - in a log set, no line after it copies an id it folded whose first copy it does not know
///   (it keeps the last 14 days' first copies, `RecentFirstCopies`).
/// Otherwise an older checkpoint, or the first lines, is the start; one passed over for a fault
/// is in ``problems``. The output always equals a fold of every line (`LogSetFold`, `LogFold`).
package struct CheckpointedFold: Sendable {
    /// The fold without torn tails' warnings (a tail may be repaired; ``warnedRunner(_:)``).
    package var runner: ProjectionRunner<LogState>
    /// The streams read, in name order; counts are of the lines after the checkpoint.
    package var streams: [LogSetFold.Stream]
    package var tornTails: [(stream: StreamName?, tornTail: TornTail)]
    /// The largest `at` of the lines read (opaque ones too); on a tie, the last read.
    package var latestLineAt: Instant?
    /// The last event folded in fold order, a copy left out included.
    package var lastKey: EventOrdering.Key?
    /// The events read, copies left out included.
    package var eventCount: Int
    package var recentCopies: RecentFirstCopies
    /// `nil` when it folded every line.
    package var startedFrom: CheckpointEntry?
    package var linesAfterCheckpoint: Int
    /// The checkpoints found valid, by position (for rewinds).
    package var validCheckpoints: [CheckpointEntry]
    package var problems: [CheckpointProblem]
    /// The warnings of invalid lines left out (`invalidLines` `.skip`).
    package var skippedLines: [String] = []

    /// The runner with each torn tail's warning appended, worded by `notice`.
    package func warnedRunner(_ notice: TornTailNotice?) -> ProjectionRunner<LogState> {
        var warned = runner
        LogSetFold.warnTornTails(tornTails, notice: notice, into: &warned)
        return warned
    }

    /// Where each stream's whole lines end: where the next read of it starts.
    package var ends: [StreamName?: LogResumePoint] {
        Dictionary(uniqueKeysWithValues: streams.map { ($0.name, $0.end) })
    }

    package var end: LogResumePoint { ends[nil] ?? .start }

    package var tornTail: TornTail? { tornTails.first { $0.stream == nil }?.tornTail }

    /// Whether the folded ids are distinct, so that an appender may trust them.
    package var identifiersAreDistinct: Bool {
        runner.position == .end && runner.identifierCount == eventCount
    }

    /// The fold of no line, to fold arrivals into.
    package static var empty: CheckpointedFold {
        CheckpointedFold(
            runner: ProjectionRunner(position: .end), streams: [], tornTails: [], latestLineAt: nil, lastKey: nil, eventCount: 0,
            recentCopies: RecentFirstCopies(), startedFrom: nil, linesAfterCheckpoint: 0, validCheckpoints: [], problems: [])
    }

    /// Folds `source` as of `position` from the newest usable checkpoint in `folderPath`, checked
    /// as `check` says (`.tail` only if the caller checks prefixes later, as a store does).
    /// `invalidLines` `.skip` uses no checkpoint; `progress` hears a log file's fold from its
    /// first line (0 to 1).
    /// - Throws: `EventLogFileError` from listing or reading a stream; `.invalidArgument` for
    ///   `untilSeq` in a log set.
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
            let read = try LogSetFold.read(source, invalidLines: invalidLines, skipping: position.skipped)
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

    /// Whether a checkpoint folds nothing `position` leaves out. A position that skips events
    /// admits none: a checkpoint's state already holds them, wherever they stand.
    static func admits(_ entry: CheckpointEntry, position: ReplayPosition) -> Bool {
        guard position.skipped.isEmpty else { return false }
        if let untilSeq = position.untilSeq, entry.header.lastSeq > untilSeq { return false }
        if let instant = position.instant, entry.header.latestAt > instant.millisecondsSince1970 { return false }
        return true
    }

    /// A log file's fold from its first line, streamed (`LogFold`): never held whole.
    private static func foldFile(
        _ path: String, position: ReplayPosition, invalidLines: EventLogReader.InvalidLines, progress: (@Sendable (Double) -> Void)?
    ) throws(EventLogFileError) -> CheckpointedFold {
        var latest: Instant?
        var lastKey: EventOrdering.Key?
        // Progress by seq against the last line's (cheap to find), told every 1 %.
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

    /// The state in `entry`, to fold as of `position`, or its problem (`.corrupt`: no decoding).
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

    /// The fold from `checkpoint` and the lines after it, or `nil` when it cannot be the start.
    package static func resume(
        from checkpoint: CheckpointEntry, state: consuming CheckpointState,
        streams: [StreamName?], in source: LogSource
    ) throws(EventLogFileError) -> CheckpointedFold? {
        let read = try LogSetFold.readTails(of: streams, in: source, from: { checkpoint.position.end(of: $0) })
        // Let `state` go before folding, else the runner's first change copies whole arrays.
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

    /// Folds `read` (each stream's lines after ``ends``, in fold order) and answers `true` when
    /// every line comes after ``lastKey`` and every copy can be sorted out with ``recentCopies``;
    /// else `false`, nothing changed: the lines must be folded from further back.
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
        // Only lines the position folds count (a log file's `untilSeq`).
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

    /// What a fold (`runner` and its `recent` first copies) holds of an id.
    package static func earlierCopies(_ runner: ProjectionRunner<LogState>, _ recent: RecentFirstCopies) -> (String) -> LogSetFold.EarlierCopy {
        { id in
            guard runner.containsIdentifier(IdentifierDigest(id)) else { return .none }
            return recent.byIdentifier[id].map { .known($0) } ?? .unknown
        }
    }

    /// Notes `read`'s first copies in `recent`, forgetting those older than its window.
    package static func note(_ read: LogSetFold.Read, into recent: inout RecentFirstCopies, lastMoment: Int64?) {
        guard let lastMoment else { return }
        let limit = lastMoment - RecentFirstCopies.window
        for index in read.firstCopies where read.all[index].at.millisecondsSince1970 >= limit {
            recent.note(read.all[index])
        }
        recent.prune(before: lastMoment)
    }

    /// The recent first copies of a fold of `read.all[..<end]` from every first line.
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
