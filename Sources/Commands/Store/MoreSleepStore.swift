import Dispatch
import EventLogFile
import Events
import Projections

/// The store a front end embeds: it opens a log, replays it, decides and appends the
/// commands the person sends, serves the projections, and tells observers of each change.
///
/// ```swift
/// let store = try await MoreSleepStore.open(path: url.path, environment: .live(source: .phone))
/// for await snapshot in await store.changes() { render(snapshot.state) }
/// try await store.send(LogBedtime(night: .date(today), moment: .wentToBed))
/// ```
///
/// Use an `InMemoryEventLog` in tests and previews.
///
/// The state is always a correct fold of the log, in (`at`, `seq`) order. Events appended
/// after everything folded so far are folded in place; earlier-dated ones (a clock that
/// went back) need the log re-read. If that re-read fails, the store keeps the last
/// correct state and says so: every snapshot then carries ``StoreSnapshot/outOfDate`` and a
/// warning, ``reload()`` retries, and ``send(_:)`` retries first and refuses with
/// ``StoreError/outOfDate(_:)`` while the log still cannot be read.
public actor MoreSleepStore {
    private let log: any EventLogStorage
    private let environment: StoreEnvironment
    private var runner: ProjectionRunner<LogState>
    private var lastSeq: Int
    /// Set while appended events wait to be folded in order (a re-read failed).
    private var outOfDate: StoreStaleness?
    private var observers: [Int: AsyncStream<StoreSnapshot>.Continuation] = [:]
    private var nextObserver = 0

    /// Opens the store on the log file at `path` (created, 0600, when missing), replaying it
    /// whole. The file is opened and read on a thread of its own, never on the caller's
    /// actor: call it from the main actor at launch without blocking the interface (a log of
    /// years takes about a second to replay).
    ///
    /// - Throws: ``StoreError/log(_:)`` when the file cannot be opened, locked or read (the
    ///   error says which, and what to do).
    public static func open(path: String, environment: StoreEnvironment) async throws(StoreError) -> MoreSleepStore {
        try await offCallersActor { () throws(StoreError) in
            let log: FileEventLog
            do throws(EventLogFileError) { log = try FileEventLog(path: path) } catch { throw .log(error) }
            return try MoreSleepStore(log: log, environment: environment)
        }
    }

    /// Opens the store on `log`, replaying it whole on a thread of its own, never on the
    /// caller's actor (see ``open(path:environment:)``).
    public static func open(log: any EventLogStorage, environment: StoreEnvironment) async throws(StoreError) -> MoreSleepStore {
        try await offCallersActor { () throws(StoreError) in
            try MoreSleepStore(log: log, environment: environment)
        }
    }

    /// Runs `work`, which blocks on file I/O, on a Dispatch queue, so that neither the
    /// caller's actor nor a thread of Swift's cooperative pool waits for the disk.
    private static func offCallersActor<Value: Sendable>(_ work: @escaping @Sendable () throws(StoreError) -> Value) async throws(StoreError) -> Value {
        let result: Result<Value, StoreError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                do throws(StoreError) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Opens the store on `log`, replaying it whole, on the calling thread: it blocks for the
    /// replay, so a front end on the main actor calls ``open(log:environment:)`` instead;
    /// tests and command-line tools may call this.
    public init(log: any EventLogStorage, environment: StoreEnvironment) throws(StoreError) {
        self.log = log
        self.environment = environment
        do {
            (self.runner, self.lastSeq) = try Self.fold(log)
        } catch {
            throw .log(error)
        }
    }

    /// The current state, warnings and last seq, and whether the state is behind the log
    /// (then its warning comes last in `warnings`).
    public var snapshot: StoreSnapshot {
        var warnings = runner.warnings
        if let outOfDate { warnings.append(.init(seq: nil, message: outOfDate.warning)) }
        return StoreSnapshot(state: runner.state, warnings: warnings, lastSeq: lastSeq, outOfDate: outOfDate)
    }

    /// The current state (while ``StoreSnapshot/outOfDate`` is set, the last correct fold,
    /// without the events it names).
    public var state: LogState { runner.state }

    /// Decides `command` against the current state now, appends its events (as one
    /// batch, expecting the log not to have moved since this store last read it) and
    /// folds them in.
    ///
    /// While the store is out of date (``StoreSnapshot/outOfDate``), it first re-reads the
    /// log, so the command is decided against every event; if the log still cannot be
    /// read, nothing is decided or appended. Events dated before what was folded already
    /// are folded by re-reading the log; when that fails, they are appended all the same
    /// (and returned), and the store is out of date until a re-read succeeds.
    ///
    /// - Returns: the events appended (none when the command changes nothing).
    /// - Throws: `.rejected` when the command breaks a rule; `.log` when the append
    ///   failed (`.sequenceConflict`: another writer moved the log on; the store has then
    ///   re-read it, so sending again decides against the fresh state); `.outOfDate` when
    ///   the store is out of date and re-reading the log failed again (nothing was
    ///   appended: make the log readable, then send again or call ``reload()``).
    @discardableResult
    public func send(_ command: some Command) throws(StoreError) -> [Event] {
        if let stale = outOfDate {
            do {
                try refold()
            } catch {
                throw .outOfDate(noteFailedReread(error, whileOutOfDate: stale))
            }
        }
        let context = CommandContext(
            now: environment.now(), timeZone: environment.timeZone(),
            source: environment.source, makeIdentifier: environment.makeIdentifier
        )
        let events: [Event]
        do {
            events = try command.decide(in: runner.state, context: context)
        } catch {
            throw .rejected(error)
        }
        guard !events.isEmpty else { return [] }
        let outcomes: [AppendOutcome]
        do {
            outcomes = try log.append(events, expectedLastSeq: lastSeq)
        } catch {
            if error.code == .sequenceConflict { try? reload() }
            throw .log(error)
        }
        // The append expected `lastSeq`, so the log holds exactly these new events after it.
        let fresh = zip(events, outcomes).filter { !$0.1.alreadyPresent }
        let recorded = fresh.enumerated().map { position, pair in
            RecordedEvent(
                seq: pair.1.seq,
                batch: fresh.count >= 2 ? BatchPosition(index: position + 1, count: fresh.count) : nil,
                event: pair.0
            )
        }
        fold(recorded)
        return events
    }

    /// A stream of snapshots: the current one at once, then one after every change.
    /// The stream ends when the caller stops iterating.
    public func changes() -> AsyncStream<StoreSnapshot> {
        let (stream, continuation) = AsyncStream<StoreSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = nextObserver
        nextObserver += 1
        observers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(key) }
        }
        continuation.yield(snapshot)
        return stream
    }

    /// Re-reads the whole log (e.g. after another process appended), and publishes the
    /// new snapshot. This is also the retry while the store is out of date: on success
    /// ``StoreSnapshot/outOfDate`` is cleared.
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

    /// Re-reads and folds the whole log, clears `outOfDate` and publishes; on failure
    /// changes nothing.
    private func refold() throws(EventLogFileError) {
        (runner, lastSeq) = try Self.fold(log)
        outOfDate = nil
        publish()
    }

    /// Notes that a re-read failed with `error` while out of date as `stale` says
    /// (publishing only when the snapshot changes), and answers the staleness now.
    @discardableResult
    private func noteFailedReread(_ error: EventLogFileError, whileOutOfDate stale: StoreStaleness) -> StoreStaleness {
        guard stale.error != error else { return stale }
        var updated = stale
        updated.error = error
        outOfDate = updated
        publish()
        return updated
    }

    /// Folds newly appended events: in place when they come after everything folded so
    /// far in (`at`, `seq`) order, else by re-reading the whole log. If that fails, they
    /// are not folded at all (folding them out of order would give a wrong state): the
    /// store keeps its state and is out of date until a re-read succeeds.
    private func fold(_ newEvents: [RecordedEvent]) {
        let latest = runner.latestInstant?.millisecondsSince1970 ?? .min
        lastSeq = max(lastSeq, newEvents.map(\.seq).max() ?? lastSeq)
        if outOfDate == nil, newEvents.allSatisfy({ $0.at.millisecondsSince1970 >= latest }) {
            runner.apply(contentsOf: EventOrdering.sorted(newEvents))
            publish()
            return
        }
        do {
            try refold()
        } catch {
            let seqs = newEvents.map(\.seq)
            guard let first = seqs.min(), let last = seqs.max() else { return }
            outOfDate = outOfDate?.adding(seqs: first...last, count: seqs.count, error: error)
                ?? StoreStaleness(unfoldedSeqs: first...last, unfoldedEventCount: seqs.count, error: error)
            publish()
        }
    }

    /// Folds a whole log in (`at`, `seq`) order, streamed (a file is never held whole); a
    /// torn tail becomes a warning. Returns the folded runner and the log's last seq.
    private static func fold(_ log: any EventLogStorage) throws(EventLogFileError) -> (ProjectionRunner<LogState>, Int) {
        var lastSeq = 0
        let (runner, _) = try LogFold.fold(
            log: log, tornTail: TornTailNotice(.line, .appendsRefusedUntilRepaired),
            restart: { lastSeq = 0 }, beforeEach: { (event, _: inout ProjectionRunner<LogState>) in lastSeq = max(lastSeq, event.seq) }
        )
        return (runner, lastSeq)
    }

    private func publish() {
        let current = snapshot
        for continuation in observers.values { continuation.yield(current) }
    }

    private func removeObserver(_ key: Int) {
        observers[key] = nil
    }
}
