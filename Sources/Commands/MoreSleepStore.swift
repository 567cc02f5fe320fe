import EventLogFile
import Events
import Projections

/// The store a front end embeds: it opens a log, replays it, decides and appends the
/// commands the person sends, serves the projections, and tells observers of each change.
///
/// ```swift
/// let log = try FileEventLog(path: url.path)
/// let store = try MoreSleepStore(log: log, environment: .live(source: .phone))
/// for await snapshot in await store.changes() { render(snapshot.state) }
/// try await store.send(LogBedtime(night: .date(today), moment: .wentToBed))
/// ```
///
/// Use an `InMemoryEventLog` in tests and previews.
public actor MoreSleepStore {
    private let log: any EventLogStorage
    private let environment: StoreEnvironment
    private var runner: ProjectionRunner<LogState>
    private var lastSeq: Int
    private var observers: [Int: AsyncStream<StoreSnapshot>.Continuation] = [:]
    private var nextObserver = 0

    /// Opens the store on `log`, replaying it whole.
    public init(log: any EventLogStorage, environment: StoreEnvironment) throws(StoreError) {
        self.log = log
        self.environment = environment
        do {
            (self.runner, self.lastSeq) = try Self.fold(log)
        } catch {
            throw .log(error)
        }
    }

    /// The current state, warnings and last seq.
    public var snapshot: StoreSnapshot {
        StoreSnapshot(state: runner.state, warnings: runner.warnings, lastSeq: lastSeq)
    }

    /// The current state.
    public var state: LogState { runner.state }

    /// Decides `command` against the current state now, appends its events (as one
    /// batch, expecting the log not to have moved since this store last read it) and
    /// folds them in.
    ///
    /// - Returns: the events appended (none when the command changes nothing).
    /// - Throws: `.rejected` when the command breaks a rule; `.log` when the append
    ///   failed (`.sequenceConflict`: another writer moved the log on; the store has then
    ///   re-read it, so sending again decides against the fresh state).
    @discardableResult
    public func send(_ command: some Command) throws(StoreError) -> [Event] {
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

    /// Re-reads the whole log (e.g. after another process appended).
    public func reload() throws(StoreError) {
        do {
            (runner, lastSeq) = try Self.fold(log)
        } catch {
            throw .log(error)
        }
        publish()
    }

    /// Folds newly appended events: in place when they come after everything folded so
    /// far in (`at`, `seq`) order, else by a full rebuild from the log.
    private func fold(_ newEvents: [RecordedEvent]) {
        let latest = runner.latestInstant?.millisecondsSince1970 ?? .min
        lastSeq = max(lastSeq, newEvents.map(\.seq).max() ?? lastSeq)
        if newEvents.allSatisfy({ $0.at.millisecondsSince1970 >= latest }) {
            runner.apply(contentsOf: EventOrdering.sorted(newEvents))
            publish()
        } else if (try? reload()) == nil {
            // The log could not be re-read: fold in place rather than lose the events;
            // the next reload puts them in order.
            runner.apply(contentsOf: EventOrdering.sorted(newEvents))
            publish()
        }
    }

    /// Folds a whole log in (`at`, `seq`) order, streamed (a file is never held whole); a
    /// torn tail becomes a warning. Returns the folded runner and the log's last seq.
    private static func fold(_ log: any EventLogStorage) throws(EventLogFileError) -> (ProjectionRunner<LogState>, Int) {
        var runner = ProjectionRunner<LogState>()
        var lastSeq = 0
        let torn = try log.forEachEventInTimeOrder(restart: {
            runner = ProjectionRunner<LogState>()
            lastSeq = 0
        }, { event in
            lastSeq = max(lastSeq, event.seq)
            runner.apply(event)
        })
        if let torn {
            runner.warn(.init(seq: nil, message: "line \(torn.firstLine): \(torn.description) — not read, and appends are refused until it is repaired"))
        }
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
