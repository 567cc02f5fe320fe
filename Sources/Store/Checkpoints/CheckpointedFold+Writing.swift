import Commands
import EventLogFile
import Events
import Projections

extension CheckpointedFold {
    /// What ``writeCheckpoints(logAt:into:report:)`` did.
    package struct Written: Sendable {
        package enum Outcome: Sendable {
            /// The log has no events: nothing to save.
            case emptyLog
            /// The newest valid checkpoint already covers every line.
            case upToDate(CheckpointEntry)
            /// The checkpoints written and kept, oldest first (the last covers every line).
            case written([CheckpointEntry])
        }

        package var outcome: Outcome
        /// The checkpoints the folder keeps now, by position.
        package var kept: [CheckpointEntry]
    }

    /// Brings the checkpoints of the log at `path` up to date (`replay-tool checkpoint`, and a
    /// store whose open found none): folds from the newest valid checkpoint and saves the
    /// state of every line; or, when none was usable, folds from the first line and also saves
    /// the state before each night ``CheckpointRetention/agesSavedFromTheStart`` names (what a
    /// late event rewinds to). Then
    /// removes what ``CheckpointRetention`` no longer keeps. `report` hears each checkpoint
    /// passed over.
    package static func writeCheckpoints(
        logAt path: String, into folder: CheckpointFolder, report: (CheckpointProblem) -> Void = { _ in }
    ) throws(EventLogFileError) -> Written {
        let fold = try fold(logAt: path, checkpoints: folder.path)
        fold.problems.forEach(report)
        guard fold.eventCount > 0 else { return Written(outcome: .emptyLog, kept: CheckpointRetention.kept(folder.entries().entries)) }
        if let start = fold.startedFrom, fold.linesAfterCheckpoint == 0 {
            return Written(outcome: .upToDate(start), kept: CheckpointRetention.kept(folder.entries().entries))
        }
        var written: [CheckpointEntry] = []
        if fold.startedFrom == nil {
            written = try writeNightCheckpoints(logAt: path, into: folder)
        }
        if let draft = CheckpointDraft(fold), !written.contains(where: { $0.header.byteOffset == draft.end.byteOffset }) {
            written.append(try draft.write(logAt: path, into: folder, prune: false))
        }
        let kept = CheckpointRetention.prune(folder)
        let keptNames = Set(kept.map(\.fileName))
        return Written(outcome: .written(written.filter { keptNames.contains($0.fileName) }), kept: kept)
    }

    /// Saves the state before the first line of each chosen night (see
    /// ``writeCheckpoints(logAt:into:report:)``), in two passes. The first reads every line's
    /// `at` and finds the *closed* boundaries: a batch's first line before which no line is
    /// dated after any line that follows. At such a boundary the fold of the lines before it,
    /// in (`at`, `seq`) order, is exactly the state a fold of the whole log passes through
    /// just before the boundary's line; so the second pass, one fold of the whole log, saves
    /// it there. A log whose lines come late at every night keeps only the checkpoints its
    /// closed boundaries allow.
    static func writeNightCheckpoints(logAt path: String, into folder: CheckpointFolder) throws(EventLogFileError) -> [CheckpointEntry] {
        struct Line {
            var at: Int64
            var seq: Int
            var byteOffset: Int64
            var line: Int
            var startsBatch: Bool
        }
        var lines: [Line] = []
        try EventLogReader.forEachEvent(path: path) { scanned in
            lines.append(Line(
                at: scanned.event.at.millisecondsSince1970, seq: scanned.event.seq, byteOffset: scanned.byteOffset,
                line: scanned.line, startsBatch: (scanned.event.batch?.index ?? 1) == 1
            ))
        }
        guard !lines.isEmpty else { return [] }
        // The first line of each suffix in (`at`, `seq`) order: where a whole-log fold is when it
        // has folded exactly the lines before the suffix.
        var suffixFirst = [Int](repeating: -1, count: lines.count + 1)
        var suffixMinimum = [Int64](repeating: .max, count: lines.count + 1)
        for index in lines.indices.reversed() {
            let later = suffixFirst[index + 1]
            // Lines come in seq order, so on equal `at` the earlier line is first.
            if later < 0 || lines[index].at <= lines[later].at {
                suffixFirst[index] = index
            } else {
                suffixFirst[index] = later
            }
            suffixMinimum[index] = lines[suffixFirst[index]].at
        }
        let lastNight = CheckpointRetention.night(of: lines.map(\.at).max() ?? 0)
        // The nights to save before, oldest first: the first closed night boundary at or after each.
        var due = CheckpointRetention.agesSavedFromTheStart.sorted(by: >).map { lastNight - $0 }
        var chosen: [Int: (index: Int, end: LogResumePoint)] = [:]
        var prefixMaximum = Int64.min
        for index in lines.indices {
            let line = lines[index]
            if index > 0, line.startsBatch, prefixMaximum <= suffixMinimum[index],
               CheckpointRetention.night(of: line.at) > CheckpointRetention.night(of: prefixMaximum) {
                var isDue = false
                while let next = due.first, CheckpointRetention.night(of: line.at) >= next {
                    due.removeFirst()
                    isDue = true
                }
                if isDue {
                    // Saved when the fold reaches the suffix's first line in time order.
                    let first = lines[suffixFirst[index]]
                    chosen[first.seq] = (index, LogResumePoint(byteOffset: line.byteOffset, lineNumber: line.line, lastSeq: lines[index - 1].seq))
                }
            }
            prefixMaximum = max(prefixMaximum, line.at)
        }
        guard !chosen.isEmpty else { return [] }
        lines = []
        var written: [CheckpointEntry] = []
        var done: Set<Int> = []
        var latest: Instant?
        var count = 0
        var failure: EventLogFileError?
        _ = try LogFold.fold(
            path: path, tornTail: nil,
            restart: {
                latest = nil
                count = 0
            },
            beforeEach: { (event, runner: inout ProjectionRunner<LogState>) in
                if let point = chosen[event.seq], !done.contains(event.seq), failure == nil,
                   let draft = CheckpointDraft(runner: runner, end: point.end, latestLineAt: latest, eventCount: count) {
                    done.insert(event.seq)
                    // Written at once: a payload is megabytes.
                    do throws(EventLogFileError) {
                        written.append(try draft.write(logAt: path, into: folder, prune: false))
                    } catch {
                        failure = error
                    }
                }
                if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latest = event.at }
                count += 1
            } as (RecordedEvent, inout ProjectionRunner<LogState>) -> Void
        )
        if let failure { throw failure }
        return written
    }
}
