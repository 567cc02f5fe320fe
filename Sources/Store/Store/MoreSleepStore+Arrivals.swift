import Commands
import EventLogFile
import Foundation
import Events
import Projections

// Folding what arrived since the store last read the log: its own appends, other writers'
// lines, another device's; and reading the log again.
extension MoreSleepStore {
    /// Folds the lines every stream gained since the store last read it (another process's
    /// appends, a sync), and only those; storage that is not a file is read again when its
    /// last seq moved. The file-system watch calls this too. While the store is out of date,
    /// this is ``reload()``.
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

    /// Reads each stream from where its folded lines end and folds what it gained
    /// (``foldArrivals(_:)``); a stream gone, or now shorter than what was folded (cut,
    /// repaired, replaced), or whose bytes after that point are not lines continuing it,
    /// folds the log again. Storage that is not a file is folded again when its last seq
    /// moved.
    func catchUp() throws(EventLogFileError) {
        guard let source else {
            if try log.lastSeq() != lastSeq { try refold() }
            return
        }
        let streams = try source.streams()
        let ends = fold.ends
        for (stream, end) in ends where end.byteOffset > 0 {
            if !streams.contains(stream) || Self.fileLength(source.path(of: stream)) < end.byteOffset {
                try refold()
                return
            }
        }
        let read: LogSetFold.Read
        do {
            read = try LogSetFold.readTails(of: streams, in: source, from: { ends[$0] ?? .start })
        } catch {
            // Not lines continuing what was folded: fold again, which reports a real fault.
            try refold()
            return
        }
        try foldArrivals(read)
    }

    /// Folds the lines `read` (each stream's lines after what was folded): in place when they
    /// come after every event folded (`CheckpointedFold.foldArrivals`), else by rewinding to
    /// the checkpoint before the earliest of them; the first events of a new night first
    /// save the state before them, to rewind to.
    func foldArrivals(_ read: LogSetFold.Read) throws(EventLogFileError) {
        let tornTails = fold.tornTails
        if let first = read.all.first, let latest = fold.latestLineAt,
           CheckpointRetention.night(of: first.at.millisecondsSince1970) > CheckpointRetention.night(of: latest.millisecondsSince1970) {
            saveCheckpoint()
        }
        if fold.foldArrivals(read) {
            let sameTails = fold.tornTails.elementsEqual(tornTails) { $0.stream == $1.stream && $0.tornTail == $1.tornTail }
            if !read.all.isEmpty || !sameTails { publish() }
            return
        }
        guard let first = read.all.first else { return }
        try rewind(toFold: EventOrdering.Key(first))
    }

    /// Folds lines just appended or received (`recorded`, the store's own events as appended,
    /// used as they are by storage that is not a file): read back with every other stream's
    /// new lines. If that fails they are not folded at all (out of order would be wrong):
    /// the store keeps its state and is out of date until a re-read succeeds.
    func foldAppended(_ recorded: [RecordedEvent]) {
        let seqs = recorded.map(\.seq)
        guard let first = seqs.min(), let last = seqs.max() else { return }
        do {
            if source == nil {
                try foldInMemory(recorded)
            } else {
                try catchUp()
            }
        } catch {
            unfoldedOwnSeq = max(unfoldedOwnSeq ?? 0, last)
            outOfDate = outOfDate?.adding(seqs: first...last, count: seqs.count, error: error)
                ?? StoreStaleness(unfoldedSeqs: first...last, unfoldedEventCount: seqs.count, error: error)
            publish()
        }
    }

    /// Folds the events just appended to storage that is not a file: in place after
    /// everything folded, else the whole log again.
    private func foldInMemory(_ appended: [RecordedEvent]) throws(EventLogFileError) {
        let sorted = EventOrdering.sorted(appended)
        let lastSeq = max(self.lastSeq, appended.map(\.seq).max() ?? 0)
        let read = LogSetFold.Read(
            all: sorted, places: sorted.map { _ in LogSetFold.LinePlace(line: 0, byteOffset: 0) }, leftOut: [:],
            latestLineAt: sorted.last?.at, tornTails: fold.tornTails,
            streams: [LogSetFold.Stream(
                name: nil, lineCount: sorted.count, eventCount: sorted.count, lastSeq: lastSeq,
                end: LogResumePoint(byteOffset: 0, lineNumber: 1, lastSeq: lastSeq))])
        if fold.foldArrivals(read) {
            publish()
        } else {
            try refold()
        }
    }

    /// Folds again from the newest checkpoint known valid whose last event comes before
    /// `key` (the earliest arrival's), reading each stream's lines after it: the cost is in
    /// proportion to the events since that checkpoint's night, not to the log. Without one
    /// that can be the start, the log is folded again from its newest valid checkpoint.
    func rewind(toFold key: EventOrdering.Key) throws(EventLogFileError) {
        guard let source, let keeper = checkpoints else {
            try refold()
            return
        }
        let streams = try source.streams()
        for entry in keeper.rewindCandidates(before: key.moment) {
            guard entry.position.lastKey.map({ $0 < key }) ?? true, let saved = keeper.state(of: entry) else { continue }
            // Consumed: a second binding of the decoded state would make its first change copy
            // whole arrays (copy on write).
            guard let resumed = try CheckpointedFold.resume(from: entry, state: consume saved, streams: streams, in: source) else { continue }
            replaceFold(with: resumed)
            outOfDate = nil
            unfoldedOwnSeq = nil
            rewindCount += 1
            publish()
            return
        }
        try refold()
    }

    /// Re-reads and folds the log (from checkpoints, checked as `check` says), clears
    /// `outOfDate` and publishes; on failure changes nothing.
    func refold(check: CheckpointFolder.Check = .tail) throws(EventLogFileError) {
        if let source {
            // Noted before folding: a checkpoint refused while this fold runs may be in it.
            let generation = checkpoints?.generation ?? 0
            let refolded = try CheckpointedFold.fold(source, checkpoints: checkpoints?.folderPath, check: check)
            foldGeneration = generation
            checkpoints?.reopened(with: refolded)
            if !source.isLogSet, refolded.identifiersAreDistinct { own?.adoptVerifiedPrefix(refolded.end) }
            replaceFold(with: refolded)
        } else {
            replaceFold(with: try Self.foldWhole(log))
        }
        outOfDate = nil
        unfoldedOwnSeq = nil
        refoldCount += 1
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

    /// Takes `replacement` as the fold; the state replaced, megabytes, is freed on a utility
    /// thread, not the actor's.
    private func replaceFold(with replacement: consuming CheckpointedFold) {
        let retired = fold
        fold = replacement
        Self.release(consume retired)
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

    /// Folds a whole log that is not a file, in (`at`, `seq`) order: the fold of one unnamed
    /// stream (without a torn tail's warning).
    static func foldWhole(_ log: any EventLogStorage) throws(EventLogFileError) -> CheckpointedFold {
        var lastSeq = 0
        var latest: Instant?
        var lastKey: EventOrdering.Key?
        var count = 0
        let (runner, tornTail): (ProjectionRunner<LogState>, TornTail?) = try LogFold.fold(
            log: log, tornTail: nil,
            restart: {
                lastSeq = 0
                latest = nil
                lastKey = nil
                count = 0
            },
            beforeEach: { (event, _: inout ProjectionRunner<LogState>) in
                lastSeq = max(lastSeq, event.seq)
                count += 1
                lastKey = EventOrdering.Key(event)
                if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latest = event.at }
            }
        )
        let stream = LogSetFold.Stream(
            name: nil, lineCount: count, eventCount: count, lastSeq: lastSeq, end: LogResumePoint(byteOffset: 0, lineNumber: 1, lastSeq: lastSeq))
        return CheckpointedFold(
            runner: runner, streams: [stream], tornTails: tornTail.map { [(nil, $0)] } ?? [], latestLineAt: latest, lastKey: lastKey,
            eventCount: count, recentCopies: RecentFirstCopies(), startedFrom: nil, linesAfterCheckpoint: count,
            validCheckpoints: [], problems: [])
    }

    /// Frees `value` (the last reference to a replaced state) on a utility thread, so that
    /// deallocating it does not lengthen the operation that replaced it.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let retired = Locked<Value?>(value)
        DispatchQueue.global(qos: .utility).async { retired.withLock { $0 = nil } }
    }

    /// The length of the file at `path` (0 when it cannot be read: then the re-read says why).
    static func fileLength(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
