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
            /// The checkpoints written, oldest first (the last covers every line).
            case written([CheckpointEntry])
        }

        package var outcome: Outcome
        /// The checkpoints the folder keeps now, by position.
        package var kept: [CheckpointEntry]
    }

    /// Brings the checkpoints of the log at `path` up to date (`replay-tool checkpoint`, and a
    /// store whose open found none): folds from the newest valid checkpoint and saves the
    /// state of every line; or, when none was usable, folds from the first line and also saves
    /// the state before each of the last ``CheckpointRetention/nightly`` nights and about
    /// ``CheckpointRetention/sparseAges`` nights back (what a late event rewinds to). Then
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
        return Written(outcome: .written(written), kept: kept)
    }

    /// Folds the log in file order from the first line and saves the state before the first
    /// line of each chosen night (see ``writeCheckpoints(logAt:into:report:)``), as long as the
    /// lines are in time order: such a state is then exactly the fold of the lines before it.
    /// Past the first line dated before an earlier one, nothing more is saved.
    static func writeNightCheckpoints(logAt path: String, into folder: CheckpointFolder) throws(EventLogFileError) -> [CheckpointEntry] {
        guard let lastNight = try EventLogReader.lastLineEvent(path: path).map({ CheckpointRetention.night(of: $0.at.millisecondsSince1970) }) else {
            return []
        }
        var sparseDue = CheckpointRetention.sparseAges.sorted(by: >).map { lastNight - Int64($0) }
        var runner = ProjectionRunner<LogState>()
        var latest = Int64.min
        var latestInstant: Instant?
        var previousSeq = 0
        var count = 0
        var inOrder = true
        var written: [CheckpointEntry] = []
        var failure: EventLogFileError?
        try EventLogReader.forEachEvent(path: path) { scanned in
            let event = scanned.event
            let moment = event.at.millisecondsSince1970
            if inOrder, moment < latest { inOrder = false }
            if inOrder, count > 0, (event.batch?.index ?? 1) == 1 {
                let night = CheckpointRetention.night(of: moment)
                if night > CheckpointRetention.night(of: latest) {
                    var due = night >= lastNight - Int64(CheckpointRetention.nightly)
                    while let next = sparseDue.first, night >= next {
                        sparseDue.removeFirst()
                        due = true
                    }
                    let end = LogResumePoint(byteOffset: scanned.byteOffset, lineNumber: scanned.line, lastSeq: previousSeq)
                    if due, failure == nil,
                       let draft = CheckpointDraft(runner: runner, end: end, latestLineAt: latestInstant, eventCount: count) {
                        // Written at once: a payload is megabytes, and the pass may save many.
                        do throws(EventLogFileError) {
                            written.append(try draft.write(logAt: path, into: folder, prune: false))
                        } catch {
                            failure = error
                        }
                    }
                }
            }
            if inOrder {
                runner.apply(event)
                if moment >= latest { latestInstant = event.at }
                latest = max(latest, moment)
                previousSeq = event.seq
                count += 1
            }
        }
        if let failure { throw failure }
        return written
    }
}
