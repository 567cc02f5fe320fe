import Commands
import EventLogFile
import Events
import Projections

extension CheckpointedFold {
    /// What ``writeCheckpoints(_:into:report:)`` did.
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

    /// Brings the checkpoints of `source` up to date (`replay-tool checkpoint`, a store opened
    /// without one): the state of every line and, folding from the first line, the states
    /// before the nights ``CheckpointRetention/agesSavedFromTheStart`` names; then prunes.
    package static func writeCheckpoints(
        _ source: LogSource, into folder: CheckpointFolder, report: (CheckpointProblem) -> Void = { _ in }
    ) throws(EventLogFileError) -> Written {
        let fold = try fold(source, checkpoints: folder.path)
        fold.problems.forEach(report)
        guard fold.eventCount > 0 else { return Written(outcome: .emptyLog, kept: CheckpointRetention.kept(folder.entries().entries)) }
        if let start = fold.startedFrom, fold.linesAfterCheckpoint == 0 {
            return Written(outcome: .upToDate(start), kept: CheckpointRetention.kept(folder.entries().entries))
        }
        var written: [CheckpointEntry] = []
        if fold.startedFrom == nil {
            switch source {
            case .file(let path): written = try writeNightCheckpoints(ofFileAt: path, into: folder)
            case .logSet(let set): written = try writeNightCheckpoints(of: set, into: folder)
            }
        }
        if let draft = CheckpointDraft(fold), !written.contains(where: { $0.header.byteOffset == draft.ends.values.reduce(0) { $0 + $1.byteOffset } }) {
            written.append(try draft.write(source, into: folder, prune: false))
        }
        let kept = CheckpointRetention.prune(folder)
        let keptNames = Set(kept.map(\.fileName))
        return Written(outcome: .written(written.filter { keptNames.contains($0.fileName) }), kept: kept)
    }

    /// Saves the state before each chosen night where the cut is *closed* (a batch starts,
    /// and no line before it is dated after one after it): there a whole-log fold passes
    /// through the fold of the lines before. Reads every line's `at` first, then folds once.
    static func writeNightCheckpoints(ofFileAt path: String, into folder: CheckpointFolder) throws(EventLogFileError) -> [CheckpointEntry] {
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
        // The first line of each suffix in fold order: where a whole-log fold stands after the lines before it.
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
        // The nights to save before, oldest first: the first closed boundary at or after each.
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
        var lastKey: EventOrdering.Key?
        var count = 0
        var failure: EventLogFileError?
        _ = try LogFold.fold(
            path: path, tornTail: nil,
            restart: {
                latest = nil
                lastKey = nil
                count = 0
            },
            beforeEach: { (event, runner: inout ProjectionRunner<LogState>) in
                if let point = chosen[event.seq], !done.contains(event.seq), failure == nil,
                   let draft = CheckpointDraft(
                    runner: runner, ends: [nil: point.end], lastKey: lastKey, latestLineAt: latest, eventCount: count,
                    recentCopies: RecentFirstCopies()) {
                    done.insert(event.seq)
                    // Written at once: a payload is megabytes.
                    do throws(EventLogFileError) {
                        written.append(try draft.write(.file(path: path), into: folder, prune: false))
                    } catch {
                        failure = error
                    }
                }
                if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latest = event.at }
                lastKey = EventOrdering.Key(event)
                count += 1
            } as (RecordedEvent, inout ProjectionRunner<LogState>) -> Void
        )
        if let failure { throw failure }
        return written
    }

    /// Folds the log set once, saving the state before each chosen night whose cut is closed (``closedEnds(_:before:)``).
    static func writeNightCheckpoints(of logSet: LogSetDirectory, into folder: CheckpointFolder) throws(EventLogFileError) -> [CheckpointEntry] {
        let read = try LogSetFold.read(.logSet(logSet))
        guard let last = read.all.last else { return [] }
        let lastNight = CheckpointRetention.night(of: last.at.millisecondsSince1970)
        // The nights to save before, oldest first.
        var due = CheckpointRetention.agesSavedFromTheStart.sorted(by: >).map { lastNight - $0 }
        var cuts: [(index: Int, ends: [StreamName?: LogResumePoint])] = []
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
            if let draft = CheckpointDraft(
                runner: runner, ends: cut.ends, lastKey: EventOrdering.Key(previous), latestLineAt: previous.at, eventCount: cut.index,
                recentCopies: recentCopies(read, before: cut.index)) {
                written.append(try draft.write(.logSet(logSet), into: folder, prune: false))
            }
        }
        return written
    }

    /// Where each stream ends if the fold stops before `read.all[index]`, when that cut is *closed*:
    /// in every stream the events before it are its first lines, and the next starts a batch.
    static func closedEnds(_ read: LogSetFold.Read, before index: Int) -> [StreamName?: LogResumePoint]? {
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
        var ends: [StreamName?: LogResumePoint] = [:]
        for stream in read.streams {
            guard let name = stream.name?.text, let before = lastBefore[name] else { continue }
            guard let after = firstAfter[name] else {
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
