import Commands
import EventLogFile
import Foundation
import Events
import Projections

// Reading what the store has not folded yet: other writers' lines, late events, re-reads.
extension MoreSleepStore {
    /// Folds the lines other processes appended since the store last read the log (a widget
    /// extension, an intent, a sync), and only those; a log that is not a file is read again
    /// when its last seq moved. The file-system watch calls this too. While the store is out
    /// of date, this is ``reload()``.
    ///
    /// - Throws: `.log` when the log could not be read; the state is then unchanged.
    public func refresh() throws(StoreError) {
        if outOfDate != nil {
            try reload()
            return
        }
        do { try catchUp() } catch { throw .log(error) }
    }

    /// Re-reads the log from its newest valid checkpoint (the whole log when none), and
    /// publishes the new snapshot. This is also the retry while the store is out of date: on
    /// success ``StoreSnapshot/outOfDate`` is cleared.
    ///
    /// - Throws: `.log` when the log could not be read; the state is then unchanged (and,
    ///   if the store was out of date, still is, with this error).
    public func reload() throws(StoreError) {
        do {
            try refold()
        } catch {
            if let stale = outOfDate { noteFailedReread(error, whileOutOfDate: stale) }
            throw .log(error)
        }
    }

    /// What the file-system watch calls after a change.
    func noticeWatchedChange() {
        try? refresh()
    }

    /// Folds what was appended since the last read: from the byte where the folded lines
    /// end, for a file; a whole re-read for other storage, when its last seq moved. A file
    /// now shorter than what was folded (repaired, or replaced) is folded again from its
    /// checkpoints.
    func catchUp() throws(EventLogFileError) {
        guard let file, let end else {
            if try log.lastSeq() != lastSeq { try refold() }
            return
        }
        if Self.fileLength(file.path) < end.byteOffset {
            // Shorter than what was folded: cut, repaired or replaced.
            try refold()
            return
        }
        var appended: [RecordedEvent] = []
        let read: EventLogReader.Summary
        do {
            read = try EventLogReader.forEachEvent(path: file.path, from: end) { appended.append($0.event) }
        } catch {
            // The bytes after `end` are not lines continuing the log: it was cut, repaired or
            // replaced. Fold it again (which reports a real fault).
            try refold()
            return
        }
        if appended.isEmpty {
            if read.tornTail != tornTail {
                tornTail = read.tornTail
                publish()
            }
            return
        }
        tornTail = read.tornTail
        fold(appended, endingAt: read.committedPoint)
    }

    /// Re-reads and folds the log (from checkpoints, for a file, checked as `check` says),
    /// clears `outOfDate` and publishes; on failure changes nothing.
    func refold(check: CheckpointFolder.Check = .tail) throws(EventLogFileError) {
        if let file {
            let fold = try CheckpointedFold.fold(logAt: file.path, checkpoints: checkpoints?.folderPath, check: check)
            checkpoints?.reopened(with: fold)
            adopt(fold)
            if fold.identifiersAreDistinct { file.adoptVerifiedPrefix(fold.end) }
        } else {
            (runner, lastSeq, tornTail, latestLineAt, eventCount) = try StoreOpening.foldWhole(log)
        }
        outOfDate = nil
        publish()
    }

    /// Folds the log again after the check of the checkpoints' prefixes found one of a
    /// changed prefix (`StorePrefixCheck`): every checkpoint's prefix checked this time; the
    /// checkpoints removed are written again, off the actor.
    func refoldAfterPrefixCheck() {
        do {
            try refold(check: .full)
            prefixCheckNotice = StorePrefixCheck.notice()
            checkpoints?.saveAll()
        } catch {
            prefixCheckNotice = StorePrefixCheck.notice(refoldFailure: error)
        }
        publish()
    }

    /// Takes a fold of the file as the store's state.
    func adopt(_ fold: CheckpointedFold) {
        runner = fold.runner
        lastSeq = fold.end.lastSeq
        tornTail = fold.tornTail
        end = fold.end
        latestLineAt = fold.latestLineAt
        eventCount = fold.eventCount
    }

    /// Notes that a re-read failed with `error` while out of date as `stale` says
    /// (publishing only when the snapshot changes), and answers the staleness now.
    @discardableResult
    func noteFailedReread(_ error: EventLogFileError, whileOutOfDate stale: StoreStaleness) -> StoreStaleness {
        guard stale.error != error else { return stale }
        var updated = stale
        updated.error = error
        outOfDate = updated
        publish()
        return updated
    }

    /// Folds newly read events (the store's own batch, or lines other writers appended),
    /// which end the file at `point`: in place when they come after every line folded so far
    /// in (`at`, `seq`) order, else by rewinding to the checkpoint before the earliest of them
    /// (``rewind(toFold:)``). If that fails, they are not folded at all (folding them out of
    /// order would give a wrong state): the store keeps its state and is out of date until a
    /// re-read succeeds.
    func fold(_ newEvents: [RecordedEvent], endingAt point: LogResumePoint?) {
        guard let earliest = newEvents.map(\.at.millisecondsSince1970).min(),
              let newest = newEvents.max(by: { $0.at.millisecondsSince1970 < $1.at.millisecondsSince1970 })?.at else { return }
        let latest = latestLineAt?.millisecondsSince1970 ?? .min
        lastSeq = max(lastSeq, newEvents.map(\.seq).max() ?? lastSeq)
        if outOfDate == nil, earliest >= latest {
            if let latestLineAt, CheckpointRetention.night(of: earliest) > CheckpointRetention.night(of: latestLineAt.millisecondsSince1970) {
                // The first events of a new night: keep the state before them, to rewind to.
                saveCheckpoint()
            }
            runner.apply(contentsOf: EventOrdering.sorted(newEvents))
            if newest.millisecondsSince1970 >= latest { latestLineAt = newest }
            eventCount += newEvents.count
            end = point
            publish()
            return
        }
        do {
            try rewind(toFold: earliest)
        } catch {
            let seqs = newEvents.map(\.seq)
            guard let first = seqs.min(), let last = seqs.max() else { return }
            outOfDate = outOfDate?.adding(seqs: first...last, count: seqs.count, error: error)
                ?? StoreStaleness(unfoldedSeqs: first...last, unfoldedEventCount: seqs.count, error: error)
            publish()
        }
    }

    /// Folds the file again from the newest checkpoint known valid whose lines all come
    /// before `moment` (a late event's `at`), reading only the lines after it: the cost is in
    /// proportion to the events since that checkpoint's night, not to the log. Without such a
    /// checkpoint (or for a log that is not a file), the log is folded again from its newest
    /// valid checkpoint or whole.
    func rewind(toFold moment: Int64) throws(EventLogFileError) {
        guard let file, let keeper = checkpoints else {
            try refold()
            return
        }
        for entry in keeper.rewindCandidates(before: moment) {
            // Bound as `var` at once: a second binding of the decoded runner would make its
            // first change copy whole arrays (copy on write).
            guard case (var rewound, let savedLatest)? = keeper.runner(from: entry) else { continue }
            var lines: [RecordedEvent] = []
            var datedBefore = false
            let read = try EventLogReader.forEachEvent(path: file.path, from: entry.header.resumePoint) { scanned in
                if scanned.event.at.millisecondsSince1970 < entry.header.latestAt { datedBefore = true }
                lines.append(scanned.event)
            }
            if datedBefore { continue }
            rewound.apply(contentsOf: EventOrdering.sorted(lines))
            // The state replaced is megabytes: freed on another thread, not the actor's.
            let retired = runner
            runner = rewound
            Self.release(consume retired)
            end = read.committedPoint
            lastSeq = read.committedPoint.lastSeq
            tornTail = read.tornTail
            latestLineAt = lines.reduce(savedLatest) { $1.at.millisecondsSince1970 >= $0.millisecondsSince1970 ? $1.at : $0 }
            eventCount = entry.header.eventCount + lines.count
            outOfDate = nil
            rewindCount += 1
            publish()
            return
        }
        try refold()
    }

    /// Frees `value` (the last reference to a replaced state) on a utility thread, so that
    /// deallocating it does not lengthen the operation that replaced it.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let retired = RetiredValue(value)
        DispatchQueue.global(qos: .utility).async { retired.drop() }
    }

    /// The length of the file at `path` (0 when it cannot be read: then the re-read says why).
    static func fileLength(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}

/// A value held only to be dropped on another thread (``MoreSleepStore/release(_:)``).
private final class RetiredValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is set once here and dropped once by the thread that runs `drop`.
    private var value: Value?
    init(_ value: consuming Value) { self.value = value }
    func drop() { value = nil }
}
