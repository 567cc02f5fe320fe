import Commands
import EventLogFile
import Foundation
import Events
import Projections

// Folding what arrived since the store last read the log, and reading it again.
extension MoreSleepStore {
    /// Folds only the lines each stream gained since the store last read it (another
    /// process's appends, a sync); the file-system watch calls it too. While out of date,
    /// this is ``reload()``. Throws `.log` when the log cannot be read, the state unchanged.
    public func refresh() throws(StoreError) {
        if outOfDate != nil {
            try reload()
            return
        }
        do { try catchUp() } catch { throw .log(error) }
    }

    /// Re-reads the log from its newest valid checkpoint and publishes the new snapshot: the
    /// retry while out of date, which success clears. Throws `.log` when the log cannot be
    /// read, the state unchanged.
    public func reload() throws(StoreError) {
        do {
            try refold()
        } catch {
            if let stale = outOfDate { noteFailedReread(error, whileOutOfDate: stale) }
            throw .log(error)
        }
    }

    /// Reads each stream from where its folded lines end and folds what it gained; a stream
    /// gone, shorter than what was folded, or not continued by lines, folds the log again.
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
            // Not lines continuing the fold: folding again reports the real fault.
            try refold()
            return
        }
        try foldArrivals(read)
    }

    /// Folds `read` in place when it comes after every event folded, else by rewinding; the
    /// first events of a new night first save the state before them, to rewind to.
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

    /// Folds lines just appended or received, read back with the other streams' new lines.
    /// If that fails none is folded (out of order would be wrong): the store is out of date.
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

    /// Folds events appended to storage that is not a file: in place, else the whole log.
    private func foldInMemory(_ appended: [RecordedEvent]) throws(EventLogFileError) {
        if fold.foldArrivals(Self.memoryRead(appended, lastSeq: max(lastSeq, appended.map(\.seq).max() ?? 0), tornTails: fold.tornTails)) {
            publish()
        } else {
            try refold()
        }
    }

    /// `events` of storage that is not a file as a read of one unnamed stream, in fold order.
    private static func memoryRead(
        _ events: [RecordedEvent], lastSeq: Int, tornTails: [(stream: StreamName?, tornTail: TornTail)]
    ) -> LogSetFold.Read {
        let sorted = EventOrdering.sorted(events)
        return LogSetFold.Read(
            all: sorted, places: sorted.map { _ in LogSetFold.LinePlace(line: 0, byteOffset: 0) }, leftOut: [:],
            latestLineAt: nil, tornTails: tornTails,
            streams: [LogSetFold.Stream(
                name: nil, lineCount: sorted.count, eventCount: sorted.count, lastSeq: lastSeq,
                end: LogResumePoint(byteOffset: 0, lineNumber: 1, lastSeq: lastSeq))])
    }

    /// Folds again from the newest checkpoint known valid before `key` (the earliest
    /// arrival's), else from the newest valid checkpoint.
    func rewind(toFold key: EventOrdering.Key) throws(EventLogFileError) {
        guard let source, let keeper = checkpoints else {
            try refold()
            return
        }
        let streams = try source.streams()
        for entry in keeper.rewindCandidates(before: key.moment) {
            guard entry.position.lastKey.map({ $0 < key }) ?? true, let saved = keeper.state(of: entry) else { continue }
            // Consumed: a second binding would make its first change copy whole arrays.
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

    /// Re-reads and folds the log, clears `outOfDate` and publishes; on failure changes nothing.
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

    /// Folds again with the full check after `StorePrefixCheck` removed a checkpoint.
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

    /// Takes `replacement` as the fold; the old state, megabytes, is freed off the actor.
    private func replaceFold(with replacement: consuming CheckpointedFold) {
        let retired = fold
        fold = replacement
        Self.release(consume retired)
    }

    /// Notes a re-read that failed while out of date (publishing if that changes anything).
    @discardableResult
    func noteFailedReread(_ error: EventLogFileError, whileOutOfDate stale: StoreStaleness) -> StoreStaleness {
        guard stale.error != error else { return stale }
        var updated = stale
        updated.error = error
        outOfDate = updated
        publish()
        return updated
    }

    /// Folds a whole log that is not a file, as one unnamed stream.
    static func foldWhole(_ log: any EventLogStorage) throws(EventLogFileError) -> CheckpointedFold {
        let events = try log.read().events
        var fold = CheckpointedFold.empty
        _ = fold.foldArrivals(memoryRead(events, lastSeq: events.map(\.seq).max() ?? 0, tornTails: []))
        return fold
    }

    /// Frees `value` on a utility thread, so deallocating a replaced state delays nobody.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let retired = Locked<Value?>(value)
        DispatchQueue.global(qos: .utility).async { retired.withLock { $0 = nil } }
    }

    /// The file's length (0 when unreadable: the re-read then says why).
    static func fileLength(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
