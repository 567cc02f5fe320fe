import Commands
import EventLogFile
import Events
import Projections

extension LogSetCheckpointedFold {
    /// Brings the checkpoints of the log set `logSet` up to date (`replay-tool checkpoint DIR`,
    /// and a log set store whose open found none), as `CheckpointedFold.writeCheckpoints` does
    /// for a file: folds from the newest valid checkpoint and saves the state of every line;
    /// or, when none was usable, folds every line and also saves the state before each night
    /// `CheckpointRetention.agesSavedFromTheStart` names, where the streams allow (see
    /// ``closedEnds(_:before:)``). Then removes what `CheckpointRetention` no longer keeps.
    package static func writeCheckpoints(
        _ logSet: LogSetDirectory, into folder: CheckpointFolder, report: (CheckpointProblem) -> Void = { _ in }
    ) throws(EventLogFileError) -> CheckpointedFold.Written {
        let fold = try fold(logSet, checkpoints: folder.path)
        fold.problems.forEach(report)
        guard fold.eventCount > 0 else { return .init(outcome: .emptyLog, kept: CheckpointRetention.kept(folder.entries().entries)) }
        if let start = fold.startedFrom, fold.linesAfterCheckpoint == 0 {
            return .init(outcome: .upToDate(start), kept: CheckpointRetention.kept(folder.entries().entries))
        }
        var written: [CheckpointEntry] = []
        if fold.startedFrom == nil {
            written = try writeNightCheckpoints(logSet, into: folder)
        }
        if let draft = LogSetCheckpointDraft(fold), !written.contains(where: { $0.header.byteOffset == draft.ends.values.reduce(0) { $0 + $1.byteOffset } }) {
            written.append(try draft.write(logSet: logSet, into: folder, prune: false))
        }
        let kept = CheckpointRetention.prune(folder)
        let keptNames = Set(kept.map(\.fileName))
        return .init(outcome: .written(written.filter { keptNames.contains($0.fileName) }), kept: kept)
    }

    /// Folds every line of `logSet` once, saving the state before the first event of each
    /// chosen night (in fold order) where that cut is *closed* (``closedEnds(_:before:)``).
    static func writeNightCheckpoints(_ logSet: LogSetDirectory, into folder: CheckpointFolder) throws(EventLogFileError) -> [CheckpointEntry] {
        let read = try LogSetFold.read(logSet)
        guard let last = read.all.last else { return [] }
        let lastNight = CheckpointRetention.night(of: last.at.millisecondsSince1970)
        // The nights to save before, oldest first.
        var due = CheckpointRetention.agesSavedFromTheStart.sorted(by: >).map { lastNight - $0 }
        var cuts: [(index: Int, ends: [StreamName: LogResumePoint])] = []
        var refused = 0
        for index in read.all.indices.dropFirst() {
            guard let next = due.first else { break }
            let night = CheckpointRetention.night(of: read.all[index].at.millisecondsSince1970)
            guard night > CheckpointRetention.night(of: read.all[index - 1].at.millisecondsSince1970), night >= next else { continue }
            if let ends = closedEnds(read, before: index) {
                cuts.append((index, ends))
                while let first = due.first, night >= first { due.removeFirst() }
                refused = 0
            } else {
                // A night whose boundary no stream prefix matches: try the next few, then give up on it.
                refused += 1
                if refused >= 16 {
                    due.removeFirst()
                    refused = 0
                }
            }
        }
        var written: [CheckpointEntry] = []
        var runner = ProjectionRunner<LogState>(position: .end)
        var done = 0
        for cut in cuts {
            LogSetFold.apply(read, done..<cut.index, to: &runner, position: .end)
            done = cut.index
            let previous = read.all[cut.index - 1]
            if let draft = LogSetCheckpointDraft(
                runner: runner, ends: cut.ends, lastKey: EventOrdering.Key(previous), latestLineAt: previous.at, eventCount: cut.index,
                recentCopies: recentCopies(read, before: cut.index)) {
                written.append(try draft.write(logSet: logSet, into: folder, prune: false))
            }
        }
        return written
    }

    /// Where each stream ends if the fold stops just before `read.all[index]`, when that cut
    /// is *closed*: in every stream, the events before it are exactly its first lines, and
    /// the next line starts a batch. Then the state a fold of every line passes through there
    /// is the fold of those stream prefixes, and a checkpoint of it is sound. `nil` otherwise.
    static func closedEnds(_ read: LogSetFold.Read, before index: Int) -> [StreamName: LogResumePoint]? {
        var lastBefore: [String: Int] = [:]
        for event in read.all[..<index] {
            guard let stream = event.stream else { return nil }
            lastBefore[stream] = max(lastBefore[stream] ?? 0, event.seq)
        }
        var firstAfter: [String: Int] = [:]
        for position in index..<read.all.count {
            let event = read.all[position]
            guard let stream = event.stream else { return nil }
            if let known = firstAfter[stream], read.all[known].seq <= event.seq { continue }
            firstAfter[stream] = position
        }
        var ends: [StreamName: LogResumePoint] = [:]
        for stream in read.streams {
            guard let before = lastBefore[stream.name.text] else { continue }
            guard let after = firstAfter[stream.name.text] else {
                ends[stream.name] = stream.end
                continue
            }
            let next = read.all[after]
            guard next.seq > before, (next.batch?.index ?? 1) == 1 else { return nil }
            let place = read.places[after]
            ends[stream.name] = LogResumePoint(byteOffset: place.byteOffset, lineNumber: place.line, lastSeq: before)
        }
        return ends
    }
}
