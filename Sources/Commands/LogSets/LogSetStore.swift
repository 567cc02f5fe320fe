import Dispatch
import EventLogFile
import Events
import Projections

/// The store of one device in a log set (docs/sync.md): it folds every stream of the set,
/// decides commands against that state at the device's clock, appends only to the device's
/// own stream, and takes what another device sends (`StreamLines`) with `StreamSync`'s
/// checks.
///
/// **This version folds every stream again after each change** (a send, a receive, a
/// refresh): it has no checkpoints of a log set and no rewind yet, so a change costs a
/// fold of the whole set (about 0.2 s for ten years of one device on a laptop-class core).
/// `MoreSleepStore` is the store of a single log file, with checkpoints.
///
/// Like `MoreSleepStore`, it runs on a serial queue of its own, so file I/O never blocks
/// Swift's cooperative pool or the caller's actor.
public actor LogSetStore {
    /// The log set.
    public let logSet: LogSetDirectory
    /// This device's own stream, the only one it appends to.
    public let ownStream: StreamName
    let environment: StoreEnvironment
    let executor = StoreExecutor(label: "LogSetStore")
    private let own: FileEventLog
    private var folded: LogSetFold.Folded<LogState>

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens the log set at `path` (a directory) as the device whose stream is `ownStream`
    /// (its file is created, 0600, when missing), folding every stream, off the caller's
    /// actor.
    ///
    /// - Throws: `StoreError.log` when the directory or a stream cannot be read (a stream's
    ///   corrupt line names its file and line), or the own stream cannot be created.
    public static func open(logSet path: String, ownStream: StreamName, environment: StoreEnvironment) async throws(StoreError) -> LogSetStore {
        let result: Result<LogSetStore, StoreError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                do throws(StoreError) {
                    continuation.resume(returning: .success(try LogSetStore(logSet: LogSetDirectory(path: path), ownStream: ownStream, environment: environment)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// The store, opened on the calling thread (the tests; a front end calls ``open(logSet:ownStream:environment:)``).
    package init(logSet: LogSetDirectory, ownStream: StreamName, environment: StoreEnvironment) throws(StoreError) {
        self.logSet = logSet
        self.ownStream = ownStream
        self.environment = environment
        do throws(EventLogFileError) {
            guard LogSetDirectory.isDirectory(logSet.path) else {
                throw EventLogFileError(code: .notFound, message: "the log set does not exist (a directory of streams)", path: logSet.path)
            }
            own = try FileEventLog(path: logSet.path(of: ownStream))
            folded = try LogSetFold.fold(logSet, tornTail: MoreSleepStore.tornTailNotice)
        } catch {
            throw .log(error)
        }
    }

    /// The state of every stream folded together.
    public var state: LogState { folded.runner.state }

    /// The fold's warnings (each naming its stream), torn tails included.
    public var warnings: ProjectionWarnings { folded.runner.warnings }

    /// The largest `at` among the lines read: the default instant of queries.
    public var latestLineAt: Instant? { folded.latestLineAt }

    /// Folds every stream again (after another process appended or synced).
    ///
    /// - Throws: `StoreError.log` when a stream cannot be read; the state is then as before.
    public func refresh() throws(StoreError) {
        do {
            folded = try LogSetFold.fold(logSet, tornTail: MoreSleepStore.tornTailNotice)
        } catch {
            throw .log(error)
        }
    }

    /// Decides `command` against the state of every stream (folded again first, so that
    /// what other processes wrote counts) at the device's clock, appends its events to the
    /// own stream only, and folds again.
    ///
    /// - Returns: the events appended (none when the command has nothing to record).
    /// - Throws: `StoreError.rejected` (nothing appended) or `.log`.
    @discardableResult
    public func send(_ command: some Command) throws(StoreError) -> [Event] {
        try refresh()
        let context = CommandContext(
            now: environment.now(), timeZone: environment.timeZone(),
            source: environment.source, makeIdentifier: environment.makeIdentifier)
        let events: [Event]
        do {
            events = try command.decide(in: folded.runner.state, context: context)
        } catch {
            throw .rejected(error)
        }
        guard !events.isEmpty else { return [] }
        do {
            _ = try own.append(events)
        } catch {
            throw .log(error)
        }
        try refresh()
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
    /// of this device's own stream is refused), and folds again when lines were appended.
    ///
    /// - Returns: what receiving did (a refusal changes nothing).
    public func receive(_ incoming: StreamLines) throws(StoreError) -> StreamSync.Outcome {
        let outcome: StreamSync.Outcome
        do {
            outcome = try StreamSync.receive(incoming, into: logSet, ownStream: ownStream)
        } catch {
            throw .log(error)
        }
        if case .appended = outcome { try refresh() }
        return outcome
    }

    /// Each stream's last seq, as this device holds it (what to tell another device, so
    /// that it sends only the lines after).
    public var heldSeqs: [StreamName: Int] {
        Dictionary(uniqueKeysWithValues: folded.streams.map { ($0.name, $0.lastSeq) })
    }
}
