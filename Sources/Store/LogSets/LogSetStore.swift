import Commands
import Dispatch
import EventLogFile
import Events
import Foundation
import Projections

/// The store of one device in a log set (docs/sync.md): it folds every stream of the set,
/// decides commands against that state at the device's clock, appends only to the device's
/// own stream, and takes what another device sends (`StreamLines`) with `StreamSync`'s
/// checks.
///
/// - Opening starts from the set's newest valid checkpoint (`DIR/checkpoints/` by default)
///   and reads only each stream's lines after it (`LogSetCheckpointedFold`); the store
///   writes checkpoints as nights pass, off its actor.
/// - Lines that arrive (its own, another process's, a sync's) are read from where each
///   stream's folded lines end, and only they are folded: in place when they come after
///   every event folded in fold order, else — a watch's night synced in the morning — by
///   rewinding to the checkpoint before the earliest of them and folding each stream's lines
///   after it. The cost is the events since that night, not the set.
/// - It runs on a serial queue of its own, so file I/O never blocks Swift's cooperative pool
///   or the caller's actor; a file-system watch of the directory notices other writers.
///
/// The state is always the fold of the stream prefixes read, byte for byte what
/// `replay-tool show` gives for the same files.
public actor LogSetStore {
    /// The log set.
    public let logSet: LogSetDirectory
    /// This device's own stream, the only one it appends to.
    public let ownStream: StreamName
    let environment: StoreEnvironment
    let executor = StoreExecutor(label: "LogSetStore")
    private let own: FileEventLog
    let checkpoints: CheckpointKeeper?
    /// The fold of the stream prefixes read (its runner without the torn tails' warnings),
    /// where each stream's folded lines end, and the first copies of its last 14 days.
    private var fold: LogSetCheckpointedFold
    /// Why the last read after an append failed (the state then lacks lines the streams
    /// hold; the next ``refresh()`` reads them).
    private var behind: EventLogFileError?
    private var watcher: LogWatcher?
    private var observers = StoreObservers()
    /// How many arrivals were folded by rewinding to a checkpoint, and how many by folding
    /// the set again (tests, benchmark).
    package private(set) var rewindCount = 0
    package private(set) var refoldCount = 0
    /// The check of the checkpoints' whole prefixes after opening (`StorePrefixCheck`).
    package private(set) var prefixCheck: Task<Void, Never>?
    /// Set when that check found a checkpoint of an edited prefix: a warning.
    private var prefixCheckNotice: String?

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens the log set at `path` (a directory) as the device whose stream is `ownStream`
    /// (its file is created, 0600, when missing), from the set's newest valid checkpoint,
    /// off the caller's actor.
    ///
    /// - Parameter checkpoints: where the set's checkpoints live (`.besideLog`: the folder
    ///   `checkpoints` inside the set), or `.off`.
    /// - Throws: `StoreError.log` when the directory or a stream cannot be read (a stream's
    ///   corrupt line names its file and line), or the own stream cannot be created. A bad
    ///   checkpoint never throws: it is passed over with a warning (``checkpointWarnings``).
    public static func open(
        logSet path: String, ownStream: StreamName, environment: StoreEnvironment, checkpoints: CheckpointOptions = .besideLog
    ) async throws(StoreError) -> LogSetStore {
        let result: Result<LogSetStore, StoreError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                do throws(StoreError) {
                    continuation.resume(returning: .success(try LogSetStore(
                        logSet: LogSetDirectory(path: path), ownStream: ownStream, environment: environment, checkpoints: checkpoints)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        let store = try result.get()
        await store.start()
        return store
    }

    /// The store, opened on the calling thread (the tests; a front end calls
    /// ``open(logSet:ownStream:environment:checkpoints:)``, which also starts the watch and
    /// the first checkpoints).
    package init(logSet: LogSetDirectory, ownStream: StreamName, environment: StoreEnvironment, checkpoints options: CheckpointOptions = .besideLog) throws(StoreError) {
        self.logSet = logSet
        self.ownStream = ownStream
        self.environment = environment
        let keeper = options.folderPath(forLogSetAt: logSet.path).map { CheckpointKeeper(folderPath: $0, logPath: logSet.path) }
        checkpoints = keeper
        do throws(EventLogFileError) {
            guard LogSetDirectory.isDirectory(logSet.path) else {
                throw EventLogFileError(code: .notFound, message: "the log set does not exist (a directory of streams)", path: logSet.path)
            }
            own = try FileEventLog(path: logSet.path(of: ownStream))
            fold = try LogSetCheckpointedFold.fold(logSet, checkpoints: keeper?.folderPath, check: .tail)
            keeper?.opened(with: fold)
        } catch {
            throw .log(error)
        }
    }

    /// Starts what runs after opening: the watch of the directory, and checkpoints of the
    /// state opened when it folded many lines past the newest one (or none was usable).
    package func start() {
        watcher = LogWatcher(directory: logSet.path, queue: .global(qos: .utility)) { [weak self] in
            Task { try? await self?.refresh() }
        }
        guard let checkpoints else { return }
        // First on the keeper's queue, so no checkpoint is saved before it.
        prefixCheck = StorePrefixCheck.start(checkpoints, logSet: true) { [weak self] in await self?.refoldAfterPrefixCheck() }
        guard checkpoints.wantsCheckpointAfterOpening else { return }
        if checkpoints.openedWithoutCheckpoint {
            checkpoints.saveAll(logSet: true)
        } else {
            saveCheckpoint()
        }
    }

    /// The state of every stream folded together.
    public var state: LogState { fold.runner.state }

    /// The fold's warnings (each naming its stream), each stream's torn tail, and, when the
    /// last read failed, that the state is behind.
    public var warnings: ProjectionWarnings {
        var warned = fold.warnedRunner(MoreSleepStore.tornTailNotice)
        if let prefixCheckNotice { warned.warn(.init(seq: nil, message: prefixCheckNotice)) }
        if let behind {
            warned.warn(.init(seq: nil, message: "the state is behind the streams: reading them failed (\(behind.description)); refresh() reads them again"))
        }
        return warned.warnings
    }

    /// The current state and warnings (as ``state`` and ``warnings``), with the own stream's
    /// last seq as `lastSeq`. `outOfDate` is always `nil`: a log set store that could not
    /// read what arrived says so in its warnings, and ``refresh()`` retries.
    public var snapshot: StoreSnapshot {
        StoreSnapshot(state: fold.runner.state, warnings: warnings, lastSeq: fold.ends[ownStream]?.lastSeq ?? 0, outOfDate: nil)
    }

    /// A stream of snapshots: the current one at once, then one after every change (a
    /// send, a receive, a refresh, the watch). The stream ends when the caller stops
    /// iterating.
    public func changes() -> AsyncStream<StoreSnapshot> {
        observers.add(current: snapshot) { [weak self] key in
            Task { await self?.removeObserver(key) }
        }
    }

    private func removeObserver(_ key: Int) {
        observers.remove(key)
    }

    private func publish() {
        guard !observers.isEmpty else { return }
        observers.yield(snapshot)
    }

    /// The largest `at` among the lines read: the default instant of queries.
    public var latestLineAt: Instant? { fold.latestLineAt }

    /// What was wrong with checkpoints passed over since opening.
    public var checkpointWarnings: [String] { checkpoints?.warnings ?? [] }

    /// Folds what every stream gained since the store last read it (another process's
    /// appends, a sync), and only that (see the type's notes).
    ///
    /// - Throws: `StoreError.log` when a stream cannot be read; the state is then as before.
    public func refresh() throws(StoreError) {
        do {
            try catchUp()
            behind = nil
        } catch {
            throw .log(error)
        }
        publish()
    }

    /// Decides `command` against the state of every stream (what others wrote read first)
    /// at the device's clock, appends its events to the own stream only, and folds them.
    ///
    /// - Returns: the events appended (none when the command has nothing to record).
    /// - Throws: `StoreError.rejected` (nothing appended) or `.log` (reading the streams or
    ///   the append failed; if only the fold after a good append failed, the events are
    ///   returned and ``warnings`` says the state is behind until ``refresh()`` succeeds).
    @discardableResult
    public func send(_ command: some Command) throws(StoreError) -> [Event] {
        try refresh()
        let context = CommandContext(
            now: environment.now(), timeZone: environment.timeZone(),
            source: environment.source, makeIdentifier: environment.makeIdentifier)
        let events: [Event]
        do {
            events = try command.decide(in: fold.runner.state, context: context)
        } catch {
            throw .rejected(error)
        }
        guard !events.isEmpty else { return [] }
        do {
            _ = try own.append(events, expectedLastSeq: fold.ends[ownStream]?.lastSeq ?? 0)
        } catch {
            throw .log(error)
        }
        do {
            try catchUp()
        } catch {
            behind = error
        }
        publish()
        return events
    }

    /// What to send another device that holds `stream` up to seq `afterSeq`: the stream's
    /// lines after it, from its sound prefix (`StreamSync.lines(of:in:after:)`).
    public func lines(of stream: StreamName, after afterSeq: Int) throws(StoreError) -> StreamLines {
        do {
            return try StreamSync.lines(of: stream, in: logSet, after: afterSeq).lines
        } catch {
            throw .log(error)
        }
    }

    /// Takes lines another device sent, with `StreamSync.receive`'s checks (a longer copy
    /// of this device's own stream is refused), and folds what was appended.
    ///
    /// - Returns: what receiving did (a refusal changes nothing).
    /// - Throws: `.log` when the files cannot be read or written. If only the fold after a
    ///   good append failed, the outcome is returned and ``warnings`` says the state is behind.
    public func receive(_ incoming: StreamLines) throws(StoreError) -> StreamSync.Outcome {
        let outcome: StreamSync.Outcome
        do {
            outcome = try StreamSync.receive(incoming, into: logSet, ownStream: ownStream)
        } catch {
            throw .log(error)
        }
        if case .appended = outcome {
            do {
                try catchUp()
            } catch {
                behind = error
            }
            publish()
        }
        return outcome
    }

    /// Each stream's last seq, as this device holds it (what to tell another device, so
    /// that it sends only the lines after).
    public var heldSeqs: [StreamName: Int] {
        fold.ends.mapValues(\.lastSeq)
    }

    /// Waits until the checkpoints asked for so far are written (tests, the benchmark).
    package func waitForCheckpointWrites() async {
        await checkpoints?.waitForWrites()
    }

    // MARK: Folding what arrived

    /// Reads each stream from where its folded lines end and folds what it gained; a stream
    /// gone or now shorter than what was folded (repaired, replaced) folds the set again.
    private func catchUp() throws(EventLogFileError) {
        let streams = try logSet.list().streams
        let present = Set(streams)
        let ends = fold.ends
        for (stream, end) in ends where end.byteOffset > 0 {
            if !present.contains(stream) || MoreSleepStore.fileLength(logSet.path(of: stream)) < end.byteOffset {
                try refold()
                return
            }
        }
        let read: LogSetFold.Read
        do {
            read = try LogSetFold.readTails(of: streams, in: logSet, from: { ends[$0] ?? .start })
        } catch {
            // Bytes after a folded end that are not lines continuing it: fold again, which
            // reports a real fault.
            try refold()
            return
        }
        if let first = read.all.first, let latest = fold.latestLineAt,
           CheckpointRetention.night(of: first.at.millisecondsSince1970) > CheckpointRetention.night(of: latest.millisecondsSince1970) {
            // The first events of a new night: keep the state before them, to rewind to.
            saveCheckpoint()
        }
        if fold.foldArrivals(read) { return }
        guard let first = read.all.first else { return }
        try rewind(toFold: EventOrdering.Key(first))
    }

    /// Folds again from the newest checkpoint known valid whose last event comes before
    /// `key` (the earliest arrival's), reading each stream's lines after it; without one
    /// that can be the start, the set is folded again from its newest valid checkpoint.
    private func rewind(toFold key: EventOrdering.Key) throws(EventLogFileError) {
        guard let keeper = checkpoints else {
            try refold()
            return
        }
        let streams = try logSet.list().streams
        for entry in keeper.rewindCandidates(before: key.moment) {
            guard let position = try? keeper.checkpointFolder.position(of: entry),
                  position.lastKey.map({ $0 < key }) ?? true,
                  let saved = keeper.decoded(entry, LogSetCheckpointState.decode) else { continue }
            guard let resumed = try LogSetCheckpointedFold.resume(
                from: .init(entry: entry, position: position), state: consume saved, streams: streams, in: logSet)
            else { continue }
            // The state replaced is megabytes: freed on another thread, not the actor's.
            let retired = fold
            fold = resumed
            MoreSleepStore.release(consume retired)
            rewindCount += 1
            return
        }
        try refold()
    }

    /// Folds the set again after the check of the checkpoints' prefixes found one of a
    /// changed prefix (`StorePrefixCheck`): every checkpoint's prefix checked this time; the
    /// checkpoints removed are written again, off the actor.
    private func refoldAfterPrefixCheck() {
        do {
            try refold(check: .full)
            prefixCheckNotice = StorePrefixCheck.notice()
            checkpoints?.saveAll(logSet: true)
        } catch {
            prefixCheckNotice = StorePrefixCheck.notice(refoldFailure: error)
        }
        publish()
    }

    /// Folds the set again from its newest valid checkpoint (every line when none).
    private func refold(check: CheckpointFolder.Check = .tail) throws(EventLogFileError) {
        let refolded = try LogSetCheckpointedFold.fold(logSet, checkpoints: checkpoints?.folderPath, check: check)
        checkpoints?.reopened(with: refolded)
        fold = refolded
        refoldCount += 1
    }

    /// Asks the keeper to save the current state (written off the actor).
    private func saveCheckpoint() {
        guard let checkpoints, behind == nil else { return }
        // A copy of the fold (its arrays are shared until the actor changes one), encoded on
        // the keeper's queue.
        let fold = fold
        checkpoints.save { LogSetCheckpointDraft(fold) }
    }
}
