import Commands
import Dispatch
import EventLogFile
import Events
import Projections

/// The store a front end embeds: it opens a log, folds it, decides and appends the commands
/// the person sends, serves the projections, and tells observers of each change.
///
/// ```swift
/// let store = try await MoreSleepStore.open(path: url.path, environment: .live(source: .phone))
/// // Render every change in a task of its own: the loop below never ends by itself.
/// let renderer = Task { for await snapshot in await store.changes() { render(snapshot.state) } }
/// try await store.send(LogBedtime(night: .date(today), moment: .wentToBed))
/// renderer.cancel()
/// ```
///
/// Use an `InMemoryEventLog` in tests and previews.
///
/// - Opening a log file starts from its newest valid checkpoint (`LOG.checkpoints/` by
///   default) and folds only the lines after it; the store writes checkpoints as nights
///   pass, off its actor (docs/checkpoints.md). A checkpoint is a cache: without one the
///   state is the same, only slower to reach.
/// - The store runs on a serial queue of its own (`StoreExecutor`): lock waits and `fsync`
///   never block the caller's actor or Swift's cooperative pool.
/// - Lines another process appends (a widget, an intent, a sync) are noticed on every
///   ``send(_:)``, on ``refresh()``, and through a file-system watch, and only they are folded.
/// - An event dated before what was folded already (a watch's queue, a clock that went
///   back) rewinds to the checkpoint before it and folds forward from there.
///
/// The state is always a correct fold of the log, in (`at`, `seq`) order. If a fold that
/// needs the log re-read fails, the store keeps the last correct state and says so: every
/// snapshot then carries ``StoreSnapshot/outOfDate`` and a warning, ``reload()`` retries, and
/// ``send(_:)`` retries first and refuses with ``StoreError/outOfDate(_:)`` while the log
/// still cannot be read.
public actor MoreSleepStore {
    let log: any EventLogStorage
    /// The log as a file, when it is one: then the store reads from byte positions, keeps
    /// checkpoints and watches the file.
    let file: FileEventLog?
    let environment: StoreEnvironment
    let executor = StoreExecutor(label: "MoreSleepStore")
    /// The fold, without a torn tail's warning (see ``snapshot``).
    var runner: ProjectionRunner<LogState>
    var lastSeq: Int
    /// The torn tail the last read ended with, if any.
    var tornTail: TornTail?
    /// Where the folded lines of ``file`` end.
    var end: LogResumePoint?
    /// The largest `at` among the lines folded, and how many events they are (for checkpoints).
    var latestLineAt: Instant?
    var eventCount = 0
    /// Set while appended events wait to be folded in order (a re-read failed).
    var outOfDate: StoreStaleness?
    /// The checkpoints: where, which are known valid for this log, what was wrong with others.
    let checkpoints: CheckpointKeeper?
    var observers = StoreObservers()
    var watcher: LogWatcher?
    /// How many late events were folded by rewinding to a checkpoint (tests, benchmark).
    package internal(set) var rewindCount = 0
    /// The check of the checkpoints' whole prefixes after opening (`StorePrefixCheck`).
    package internal(set) var prefixCheck: Task<Void, Never>?
    /// Set when that check found a checkpoint of an edited prefix: the snapshot's warning.
    var prefixCheckNotice: String?

    /// The store's own serial queue (`StoreExecutor`): its work, and the disk waits in it,
    /// never run on the caller's executor or the cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens the store on the log file at `path` (created, 0600, when missing), from its
    /// newest valid checkpoint plus the lines after it. The file is opened and read on a
    /// thread of its own, never on the caller's actor: call it from the main actor at launch.
    ///
    /// - Parameters:
    ///   - checkpoints: where checkpoints live (`LOG.checkpoints/` beside the log by default),
    ///     or `.off`.
    ///   - progress: called (on another thread) as a fold from the first line advances, with
    ///     the share of the log folded (by seq, against the last line's), from 0 to 1, about
    ///     every 1 %; not called when the store starts from a checkpoint.
    /// - Throws: ``StoreError/log(_:)`` when the file cannot be opened, locked or read (the
    ///   error says which, and what to do). A bad checkpoint never throws: it is passed over
    ///   with a warning (``checkpointWarnings``) and replaced.
    public static func open(
        path: String, environment: StoreEnvironment, checkpoints: CheckpointOptions = .besideLog,
        progress: (@Sendable (Double) -> Void)? = nil
    ) async throws(StoreError) -> MoreSleepStore {
        let store = try await offCallersActor { () throws(StoreError) in
            let log: FileEventLog
            do throws(EventLogFileError) { log = try FileEventLog(path: path) } catch { throw .log(error) }
            return try MoreSleepStore(file: log, environment: environment, checkpoints: checkpoints, progress: progress)
        }
        await store.start()
        return store
    }

    /// Opens the store on `log`, folding it on a thread of its own, never on the caller's
    /// actor (see ``open(path:environment:checkpoints:progress:)``). A `FileEventLog` uses
    /// checkpoints beside its file.
    public static func open(log: any EventLogStorage, environment: StoreEnvironment) async throws(StoreError) -> MoreSleepStore {
        let store = try await offCallersActor { () throws(StoreError) in
            try MoreSleepStore(log: log, environment: environment)
        }
        await store.start()
        return store
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

    /// Opens the store on `log`, folding it on the calling thread (which it blocks: tests and
    /// tools only; front ends call ``open(log:environment:)``). A `FileEventLog` uses
    /// checkpoints beside its file.
    package init(log: any EventLogStorage, environment: StoreEnvironment) throws(StoreError) {
        self.init(try StoreOpening(log: log, checkpoints: .besideLog, progress: nil), environment: environment)
    }

    /// Opens the store on a log file, from its checkpoints (see `open(path:…)`).
    package init(
        file: FileEventLog, environment: StoreEnvironment, checkpoints: CheckpointOptions,
        progress: (@Sendable (Double) -> Void)?
    ) throws(StoreError) {
        self.init(try StoreOpening(log: file, checkpoints: checkpoints, progress: progress), environment: environment)
    }

    private init(_ opening: StoreOpening, environment: StoreEnvironment) {
        log = opening.log
        file = opening.file
        self.environment = environment
        checkpoints = opening.checkpoints
        runner = opening.runner
        lastSeq = opening.lastSeq
        tornTail = opening.tornTail
        end = opening.end
        latestLineAt = opening.latestLineAt
        eventCount = opening.eventCount
    }

    /// Starts what runs after opening: the file-system watch, and a checkpoint of the state
    /// opened when it folded many lines past the newest one (or none was usable).
    private func start() {
        guard let file else { return }
        watcher = LogWatcher(path: file.path, queue: .global(qos: .utility)) { [weak self] in
            Task { await self?.noticeWatchedChange() }
        }
        guard let checkpoints else { return }
        // First on the keeper's queue, so no checkpoint is saved before it.
        prefixCheck = StorePrefixCheck.start(checkpoints, logSet: false) { [weak self] in await self?.refoldAfterPrefixCheck() }
        guard checkpoints.wantsCheckpointAfterOpening else { return }
        if checkpoints.openedWithoutCheckpoint {
            checkpoints.saveAll()
        } else {
            saveCheckpoint()
        }
    }

    /// The current state, warnings and last seq, and whether the state is behind the log
    /// (then its warning comes last in `warnings`).
    public var snapshot: StoreSnapshot {
        var warnings = runner.warnings
        if let tornTail { warnings.append(.init(seq: nil, message: Self.tornTailNotice.text(tornTail))) }
        if let prefixCheckNotice { warnings.append(.init(seq: nil, message: prefixCheckNotice)) }
        if let outOfDate { warnings.append(.init(seq: nil, message: outOfDate.warning)) }
        return StoreSnapshot(state: runner.state, warnings: warnings, lastSeq: lastSeq, outOfDate: outOfDate)
    }

    /// The current state (while ``StoreSnapshot/outOfDate`` is set, the last correct fold,
    /// without the events it names).
    public var state: LogState { runner.state }

    /// What was wrong with checkpoints passed over since opening (each was ignored, the state
    /// folded without it, and a new checkpoint written): for a diagnostics screen or a log.
    public var checkpointWarnings: [String] {
        checkpoints?.warnings ?? []
    }

    /// How the torn tail's warning reads in a snapshot.
    package static let tornTailNotice = TornTailNotice(.line, .appendsRefusedUntilRepaired)

    /// Decides `command` against the current state now, appends its events (as one
    /// batch, expecting the log not to have moved since this store last read it) and
    /// folds them in.
    ///
    /// First it folds what other processes appended to the file since the store last read it. While
    /// the store is out of date (``StoreSnapshot/outOfDate``), it first re-reads the log, so the
    /// command is decided against every event; if the log still cannot be read, nothing is
    /// decided or appended. Events dated before what was folded already rewind to the
    /// checkpoint before them; when that fails, they are appended all the same (and returned),
    /// and the store is out of date until a re-read succeeds.
    ///
    /// - Returns: the events appended (none when the command changes nothing).
    /// - Throws: `.rejected` when the command breaks a rule; `.log` when reading what others
    ///   appended or the append failed (`.sequenceConflict`: another writer moved the log on;
    ///   the store has then read it, so sending again decides against the fresh state);
    ///   `.outOfDate` when the store is out of date and re-reading the log failed again
    ///   (nothing was appended: make the log readable, then send again or call ``reload()``).
    @discardableResult
    public func send(_ command: some Command) throws(StoreError) -> [Event] {
        if let stale = outOfDate {
            do {
                try refold()
            } catch {
                throw .outOfDate(noteFailedReread(error, whileOutOfDate: stale))
            }
        } else if file != nil {
            // Another process may have appended (a widget, an intent, a sync): fold its lines
            // first, so the command is decided against them and the append does not conflict.
            // Other storage has no other process; a conflict there re-reads it (below).
            do { try catchUp() } catch { throw .log(error) }
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
            if let file, end != nil {
                let runner = self.runner
                outcomes = try file.append(events, expectedLastSeq: lastSeq, adoptedPrefixContains: { runner.containsIdentifier($0) })
            } else {
                outcomes = try log.append(events, expectedLastSeq: lastSeq)
            }
        } catch {
            if error.code == .sequenceConflict { try? refresh() }
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
        fold(recorded, endingAt: file?.committedPoint)
        return events
    }

    /// A stream of snapshots: the current one at once, then one after every change.
    /// The stream ends when the caller stops iterating.
    public func changes() -> AsyncStream<StoreSnapshot> {
        observers.add(current: snapshot) { [weak self] key in
            Task { await self?.removeObserver(key) }
        }
    }

    func publish() {
        guard !observers.isEmpty else { return }
        observers.yield(snapshot)
    }

    private func removeObserver(_ key: Int) {
        observers.remove(key)
    }

    /// Whether the caller runs on the store's own queue (tests: the store's work never runs
    /// on the cooperative pool).
    package func runsOnItsOwnQueue() -> Bool {
        executor.isCurrent
    }
}
