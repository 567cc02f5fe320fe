import Commands
import Dispatch
import EventLogFile
import Foundation
import Events
import Projections

/// The store a front end embeds: it opens a log — a file, or a log set (a directory with
/// one stream per device, docs/sync.md) — folds it, decides and appends the commands the
/// person sends, serves the projections, takes what other devices send, and tells
/// observers of each change.
///
/// ```swift
/// let store = try await MoreSleepStore.open(path: url.path, environment: .live(source: .phone))
/// // Render every change in a task of its own: the loop never ends by itself.
/// let renderer = Task { for await snapshot in await store.changes() { render(snapshot.state) } }
/// try await store.send(LogBedtime(night: .date(today), moment: .wentToBed))
/// renderer.cancel()
/// ```
///
/// Use `MoreSleepStore.open(log: InMemoryEventLog(), …)` in tests and previews.
///
/// - A log file is a log set of one stream: both are opened from their newest valid
///   checkpoint (`LOG.checkpoints/` beside a file, `DIR/checkpoints/` in a set), folding
///   only the lines after it; the store writes checkpoints as nights pass, off its actor
///   (docs/checkpoints.md). A checkpoint is a cache: without one the state is the same.
/// - The store runs on a serial queue of its own (`StoreExecutor`): lock waits and `fsync`
///   never block the caller's actor or Swift's cooperative pool.
/// - Lines that arrive — its own appends, another process's (a widget, an intent), another
///   device's (``receive(_:)``) — are read from where each stream's folded lines end, and
///   only they are folded: in place when they come after every event folded, else (a watch's
///   night synced in the morning, a clock that went back) by rewinding to the checkpoint
///   before the earliest of them. They are noticed on every ``send(_:)``, on ``refresh()``,
///   and through a file-system watch.
///
/// The state is always a correct fold of the log, in (`at`, stream, `seq`) order, byte for
/// byte what `replay-tool show` gives for the same files. If lines the store appended or
/// received cannot be folded (the log cannot be re-read), it keeps the last correct state
/// and says so: every snapshot then carries ``StoreSnapshot/outOfDate`` and a warning,
/// ``reload()`` retries, and ``send(_:)`` retries first and refuses with
/// ``StoreError/outOfDate(_:)`` while the log still cannot be read.
public actor MoreSleepStore {
    /// What the store folds; `nil` for storage that is not a file (`InMemoryEventLog`).
    let source: LogSource?
    /// Where the store appends: the log file, this device's stream, or other storage.
    let log: any EventLogStorage
    /// ``log`` as a file, when it is one.
    let own: FileEventLog?
    /// In a log set, this device's stream (the only one it appends to); `nil` for a file.
    public nonisolated let ownStream: StreamName?
    let environment: StoreEnvironment
    let executor = StoreExecutor(label: "MoreSleepStore")
    /// The fold: its state (without torn tails' warnings), where each stream's folded lines
    /// end, and what arrivals need.
    var fold: CheckpointedFold
    /// Set while appended or received lines wait to be folded in order (a re-read failed).
    var outOfDate: StoreStaleness?
    /// While out of date, the last seq this store appended (the log's, or its stream's).
    var unfoldedOwnSeq: Int?
    /// The checkpoints: where, which are known valid for this log, what was wrong with others.
    let checkpoints: CheckpointKeeper?
    var observers = StoreObservers()
    var watcher: LogWatcher?
    /// How many arrivals were folded by rewinding to a checkpoint, and how many by folding
    /// the log again (tests, benchmark).
    package internal(set) var rewindCount = 0
    package internal(set) var refoldCount = 0
    /// The check of the checkpoints' whole prefixes after opening (`StorePrefixCheck`).
    package internal(set) var prefixCheck: Task<Void, Never>?
    /// Set when that check found a checkpoint of an edited prefix: the snapshot's warning.
    var prefixCheckNotice: String?
    /// The keeper's generation when the fold started (`CheckpointKeeper.save(generation:_:)`):
    /// a state that may come from a checkpoint the full check refused is never saved.
    var foldGeneration = 0

    /// The store's own serial queue (`StoreExecutor`): its work, and the disk waits in it,
    /// never run on the caller's executor or the cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens the store on the log at `path`, from its newest valid checkpoint plus the lines
    /// after it, on a thread of its own, never on the caller's actor: call it from the main
    /// actor at launch.
    ///
    /// - Parameters:
    ///   - path: a log file (created, 0600, when missing), or a log set's directory.
    ///   - ownStream: in a log set, this device's stream (its file is created, 0600, when
    ///     missing): the only one the store appends to. `nil` for a log file.
    ///   - checkpoints: where checkpoints live (beside the log by default), or `.off`.
    ///   - progress: called (on another thread) as a fold of a log file from its first line
    ///     advances, with the share folded (by seq), from 0 to 1, about every 1 %; not
    ///     called when the store starts from a checkpoint.
    /// - Throws: ``StoreError/log(_:)`` when the log cannot be opened, locked or read (the
    ///   error says which, and what to do): `.invalidArgument` for a log set without
    ///   `ownStream` or a file with one, `.notFound` for a missing log set. A bad checkpoint
    ///   never throws: it is passed over with a warning (``checkpointWarnings``) and replaced.
    public static func open(
        path: String, ownStream: StreamName? = nil, environment: StoreEnvironment, checkpoints: CheckpointOptions = .besideLog,
        progress: (@Sendable (Double) -> Void)? = nil
    ) async throws(StoreError) -> MoreSleepStore {
        let store = try await offCallersActor { () throws(StoreError) in
            try MoreSleepStore(path: path, ownStream: ownStream, environment: environment, checkpoints: checkpoints, progress: progress)
        }
        await store.start()
        return store
    }

    /// Opens the store on `log`, folding it on a thread of its own, never on the caller's
    /// actor (see ``open(path:ownStream:environment:checkpoints:progress:)``). A
    /// `FileEventLog` uses checkpoints beside its file.
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

    /// Opens the store on the log at `path` on the calling thread, which it blocks (tests
    /// and tools; front ends call ``open(path:ownStream:environment:checkpoints:progress:)``,
    /// which also starts the watch, the check after opening and the first checkpoints).
    package init(
        path: String, ownStream: StreamName? = nil, environment: StoreEnvironment, checkpoints: CheckpointOptions = .besideLog,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws(StoreError) {
        do throws(EventLogFileError) {
            let isSet = LogSetDirectory.isDirectory(path)
            switch (isSet, ownStream) {
            case (true, let stream?):
                let set = LogSetDirectory(path: path)
                try self.init(source: .logSet(set), own: FileEventLog(path: set.path(of: stream)), ownStream: stream,
                              environment: environment, checkpoints: checkpoints, progress: progress)
            case (true, nil):
                throw EventLogFileError(
                    code: .invalidArgument, message: "a log set is opened as one of its devices: name this device's stream (ownStream)", path: path)
            case (false, _?):
                guard FileManager.default.fileExists(atPath: path) else {
                    throw EventLogFileError(code: .notFound, message: "the log set does not exist (a directory of streams)", path: path)
                }
                throw EventLogFileError(
                    code: .invalidArgument, message: "this is a log file, not a log set: open it without ownStream", path: path)
            case (false, nil):
                try self.init(source: .file(path: path), own: FileEventLog(path: path), ownStream: nil,
                              environment: environment, checkpoints: checkpoints, progress: progress)
            }
        } catch {
            throw .log(error)
        }
    }

    /// Opens the store on the log set `logSet` as the device whose stream is `ownStream` (see
    /// ``init(path:ownStream:environment:checkpoints:progress:)``).
    package init(logSet: LogSetDirectory, ownStream: StreamName, environment: StoreEnvironment, checkpoints: CheckpointOptions = .besideLog) throws(StoreError) {
        try self.init(path: logSet.path, ownStream: ownStream, environment: environment, checkpoints: checkpoints)
    }

    /// Opens the store on the log file `file` (see ``init(path:ownStream:environment:checkpoints:progress:)``).
    package init(
        file: FileEventLog, environment: StoreEnvironment, checkpoints: CheckpointOptions, progress: (@Sendable (Double) -> Void)?
    ) throws(StoreError) {
        do throws(EventLogFileError) {
            try self.init(source: .file(path: file.path), own: file, ownStream: nil, environment: environment, checkpoints: checkpoints, progress: progress)
        } catch {
            throw .log(error)
        }
    }

    /// Opens the store on `log` on the calling thread (tests and tools): a `FileEventLog`
    /// with checkpoints beside it, any other storage folded whole.
    package init(log: any EventLogStorage, environment: StoreEnvironment) throws(StoreError) {
        do throws(EventLogFileError) {
            if let file = log as? FileEventLog {
                try self.init(source: .file(path: file.path), own: file, ownStream: nil, environment: environment, checkpoints: .besideLog, progress: nil)
            } else {
                self.init(memory: log, fold: try Self.foldWhole(log), environment: environment)
            }
        } catch {
            throw .log(error)
        }
    }

    private init(
        source: LogSource, own: FileEventLog, ownStream: StreamName?, environment: StoreEnvironment, checkpoints options: CheckpointOptions,
        progress: (@Sendable (Double) -> Void)?
    ) throws(EventLogFileError) {
        let keeper = options.folderPath(for: source).map { CheckpointKeeper(folderPath: $0, source: source) }
        // The open checks each checkpoint's last line only; the whole prefix is checked after
        // opening (`start`, `StorePrefixCheck`).
        let fold = try CheckpointedFold.fold(source, checkpoints: keeper?.folderPath, check: .tail, progress: progress)
        keeper?.opened(with: fold)
        // The fold read every line of the file (or a checkpoint vouched for them, its prefix
        // checked after opening): the first append need not read them again.
        if !source.isLogSet, fold.identifiersAreDistinct { own.adoptVerifiedPrefix(fold.end) }
        self.source = source
        log = own
        self.own = own
        self.ownStream = ownStream
        self.environment = environment
        checkpoints = keeper
        self.fold = fold
    }

    private init(memory log: any EventLogStorage, fold: CheckpointedFold, environment: StoreEnvironment) {
        source = nil
        self.log = log
        own = nil
        ownStream = nil
        self.environment = environment
        checkpoints = nil
        self.fold = fold
    }

    /// Starts what runs after opening: the file-system watch, the check of the checkpoints'
    /// whole prefixes, and a checkpoint of the state opened when it folded many lines past
    /// the newest one (or none was usable).
    private func start() {
        guard let source else { return }
        let onChange: @Sendable () -> Void = { [weak self] in Task { try? await self?.refresh() } }
        watcher = source.isLogSet
            ? LogWatcher(directory: source.path, queue: .global(qos: .utility), onChange: onChange)
            : LogWatcher(path: source.path, queue: .global(qos: .utility), onChange: onChange)
        guard let checkpoints else { return }
        // First on the keeper's queue, so no checkpoint is saved before it.
        prefixCheck = StorePrefixCheck.start(checkpoints) { [weak self] in await self?.refoldAfterPrefixCheck() }
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
        var warned = fold.warnedRunner(Self.tornTailNotice)
        if let prefixCheckNotice { warned.warn(.init(seq: nil, message: prefixCheckNotice)) }
        if let outOfDate { warned.warn(.init(seq: nil, message: outOfDate.warning)) }
        return StoreSnapshot(state: fold.runner.state, warnings: warned.warnings, lastSeq: lastSeq, outOfDate: outOfDate)
    }

    /// The current state (while ``StoreSnapshot/outOfDate`` is set, the last correct fold,
    /// without the events it names).
    public var state: LogState { fold.runner.state }

    /// The snapshot's warnings: the fold's (each naming its stream in a log set), each
    /// stream's torn tail, and the store's own notices.
    public var warnings: ProjectionWarnings { snapshot.warnings }

    /// The largest `at` among the lines folded (opaque lines too): the default instant of
    /// queries.
    public var latestLineAt: Instant? { fold.latestLineAt }

    /// The last seq of the log file, or of this device's stream in a log set (while out of
    /// date, counting what it appended but could not fold yet).
    var lastSeq: Int { max(fold.ends[ownStream]?.lastSeq ?? 0, unfoldedOwnSeq ?? 0) }

    /// What was wrong with checkpoints passed over since opening (each was ignored, the state
    /// folded without it, and a new checkpoint written): for a diagnostics screen or a log.
    public var checkpointWarnings: [String] {
        checkpoints?.warnings ?? []
    }

    /// How a torn tail's warning reads in a snapshot.
    package static let tornTailNotice = TornTailNotice(.line, .appendsRefusedUntilRepaired)

    /// Decides `command` against the current state now, appends its events (as one batch,
    /// expecting the log — in a log set, this device's stream — not to have moved since this
    /// store last read it) and folds them in.
    ///
    /// First it folds what others appended since the store last read the log. While the
    /// store is out of date (``StoreSnapshot/outOfDate``), it first re-reads the log, so the
    /// command is decided against every event; if the log still cannot be read, nothing is
    /// decided or appended. Events dated before what was folded already rewind to the
    /// checkpoint before them; when that fails, they are appended all the same (and
    /// returned), and the store is out of date until a re-read succeeds.
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
        } else if source != nil {
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
            events = try command.decide(in: fold.runner.state, context: context)
        } catch {
            throw .rejected(error)
        }
        guard !events.isEmpty else { return [] }
        let outcomes: [AppendOutcome]
        do {
            if let own, ownStream == nil {
                let runner = fold.runner
                outcomes = try own.append(events, expectedLastSeq: lastSeq, adoptedPrefixContains: { runner.containsIdentifier($0) })
            } else {
                outcomes = try log.append(events, expectedLastSeq: lastSeq)
            }
        } catch {
            if error.code == .sequenceConflict { try? refresh() }
            throw .log(error)
        }
        // The append expected `lastSeq`, so the log holds exactly these new events after it.
        let fresh = zip(events, outcomes).filter { !$0.1.alreadyPresent }
        foldAppended(fresh.enumerated().map { position, pair in
            RecordedEvent(
                seq: pair.1.seq, batch: fresh.count >= 2 ? BatchPosition(index: position + 1, count: fresh.count) : nil, event: pair.0)
        })
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
