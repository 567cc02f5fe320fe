import Commands
import Dispatch
import EventLogFile
import Foundation
import Events
import Projections

/// The store a front end embeds: it opens a log file or a log set (a stream per device,
/// docs/sync.md), decides and appends commands, serves the state, takes other devices'
/// lines, and tells observers of each change.
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
/// It runs on a serial queue of its own, never on the caller's actor, and opens from the
/// newest valid checkpoint (docs/checkpoints.md). Other writers' lines are noticed on
/// ``send(_:)``, ``refresh()`` and through a file-system watch. The state is always a correct
/// fold of the log: when lines cannot be folded, the store keeps the last correct state and
/// every snapshot carries ``StoreSnapshot/outOfDate`` until ``reload()`` succeeds.
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
    /// The fold: its state, where each stream's folded lines end, what arrivals need.
    var fold: CheckpointedFold
    /// Set while appended or received lines wait to be folded in order (a re-read failed).
    var outOfDate: StoreStaleness?
    /// While out of date, the last seq this store appended (the log's, or its stream's).
    var unfoldedOwnSeq: Int?
    /// The checkpoints: where, which are known valid for this log, what was wrong with others.
    let checkpoints: CheckpointKeeper?
    var observers = StoreObservers()
    var watcher: LogWatcher?
    /// Arrivals folded by rewinding to a checkpoint, and by folding the log again (tests).
    package internal(set) var rewindCount = 0
    package internal(set) var refoldCount = 0
    /// The check of the checkpoints' whole prefixes after opening (`StorePrefixCheck`).
    package internal(set) var prefixCheck: Task<Void, Never>?
    /// Set when that check found a checkpoint of an edited prefix: the snapshot's warning.
    var prefixCheckNotice: String?
    /// The keeper's generation when the fold started: a state that may come from a
    /// checkpoint the full check refused is never saved.
    var foldGeneration = 0

    /// The store's own serial queue (`StoreExecutor`), off the cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens the store on the log file or log set at `path` (a missing file or own stream is
    /// created 0600) from its newest valid checkpoint, folding off the caller's actor.
    ///
    /// - Parameters:
    ///   - ownStream: in a log set, this device's stream, the only one appended to.
    ///   - progress: called on another thread with the share folded (0 to 1) while a log file
    ///     is folded from its first line.
    /// - Throws: ``StoreError/log(_:)`` when the log cannot be opened, locked or read
    ///   (`.invalidArgument`: a log set without `ownStream`, or a file with one). A bad
    ///   checkpoint never throws: it is passed over with a warning (``checkpointWarnings``).
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

    /// Opens the store on `log`, folding off the caller's actor; a `FileEventLog` uses
    /// checkpoints beside its file.
    public static func open(log: any EventLogStorage, environment: StoreEnvironment) async throws(StoreError) -> MoreSleepStore {
        let store = try await offCallersActor { () throws(StoreError) in
            try MoreSleepStore(log: log, environment: environment)
        }
        await store.start()
        return store
    }

    /// Runs blocking file I/O on a Dispatch queue, off the caller's actor and the cooperative pool.
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

    /// Opens on the calling thread, blocking it (tests, tools), without the watch or checks.
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

    /// Opens `log` on the calling thread (tests, tools): a `FileEventLog` (written through its
    /// own file operations) with `checkpoints`; other storage is folded whole.
    package init(log: any EventLogStorage, environment: StoreEnvironment, checkpoints: CheckpointOptions = .besideLog) throws(StoreError) {
        do throws(EventLogFileError) {
            if let file = log as? FileEventLog {
                try self.init(source: .file(path: file.path), own: file, ownStream: nil, environment: environment, checkpoints: checkpoints, progress: nil)
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
        // The tail check only: whole prefixes are checked after opening (`start`).
        let fold = try CheckpointedFold.fold(source, checkpoints: keeper?.folderPath, check: .tail, progress: progress)
        keeper?.opened(with: fold)
        // Every line was read, or vouched for by a checkpoint: the first append need not re-read them.
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

    /// Starts the watch, the prefix check, and a checkpoint when the open folded many lines.
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

    /// The current state, warnings and last seq; an out-of-date warning comes last.
    public var snapshot: StoreSnapshot {
        var warned = fold.warnedRunner(Self.tornTailNotice)
        if let prefixCheckNotice { warned.warn(.init(seq: nil, message: prefixCheckNotice)) }
        if let outOfDate { warned.warn(.init(seq: nil, message: outOfDate.warning)) }
        return StoreSnapshot(state: fold.runner.state, warnings: warned.warnings, lastSeq: lastSeq, outOfDate: outOfDate)
    }

    /// The current state (while out of date, the last correct fold).
    public var state: LogState { fold.runner.state }

    /// The fold's warnings, each stream's torn tail, and the store's own notices.
    public var warnings: ProjectionWarnings { snapshot.warnings }

    /// The largest `at` of the lines folded (opaque lines too): queries' default instant.
    public var latestLineAt: Instant? { fold.latestLineAt }

    /// The last seq of the log, or of this device's stream (counting appends not yet folded).
    var lastSeq: Int { max(fold.ends[ownStream]?.lastSeq ?? 0, unfoldedOwnSeq ?? 0) }

    /// What was wrong with each checkpoint passed over (and replaced) since opening.
    public var checkpointWarnings: [String] {
        checkpoints?.warnings ?? []
    }

    package static let tornTailNotice = TornTailNotice(.line, .appendsRefusedUntilRepaired)

    /// Decides `command` against the current state (after folding other writers' lines, or
    /// re-reading the log while out of date), appends its events as one batch (to this
    /// device's stream in a log set) and folds them in.
    ///
    /// - Returns: the events appended (none when the command changes nothing).
    /// - Throws: `.rejected` when the command breaks a rule; `.log` when reading or appending
    ///   failed (after `.sequenceConflict` the store has re-read the log: send again);
    ///   `.outOfDate` when out of date and the re-read failed again (nothing appended).
    @discardableResult
    public func send(_ command: some Command) throws(StoreError) -> [Event] {
        if let stale = outOfDate {
            do {
                try refold()
            } catch {
                throw .outOfDate(noteFailedReread(error, whileOutOfDate: stale))
            }
        } else if source != nil {
            // Other processes' lines first, so the command is decided against them and the
            // append does not conflict (other storage has none; a conflict re-reads it).
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

    /// The current snapshot at once, then one after every change, until the caller stops.
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

    /// Whether the caller runs on the store's own queue (tests).
    package func runsOnItsOwnQueue() -> Bool {
        executor.isCurrent
    }
}
