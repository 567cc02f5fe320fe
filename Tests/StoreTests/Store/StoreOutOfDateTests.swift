import Commands
import EventLogFile
import Events
import Foundation
import Projections
import Store
import Testing
import TestSupport

/// The store never folds events in the wrong order silently: a late event whose re-read
/// fails leaves the last correct state, marked out of date, until a re-read succeeds.
struct StoreOutOfDateTests {
    /// A log held in memory whose reads can be made to fail on demand (appends still work),
    /// like a file whose disk stops answering reads.
    final class FlakyLog: EventLogStorage, @unchecked Sendable {
        // @unchecked: `readsFail` is only touched under `lock`; `memory` is thread-safe.
        private let lock = NSLock()
        private let memory: InMemoryEventLog
        private var failing = false

        /// The error every read gives while reads fail.
        static let readError = EventLogFileError(code: .ioError, message: "the disk did not answer a read (test); nothing was read — try again")

        init() throws {
            memory = try InMemoryEventLog()
        }

        /// Whether reads fail.
        var readsFail: Bool {
            get { lock.withLock { failing } }
            set { lock.withLock { failing = newValue } }
        }

        func append(_ events: [Event], expectedLastSeq: Int?) throws(EventLogFileError) -> [AppendOutcome] {
            try memory.append(events, expectedLastSeq: expectedLastSeq)
        }

        func read() throws(EventLogFileError) -> EventLogContents {
            if readsFail { throw Self.readError }
            return memory.read()
        }

        func lastSeq() throws(EventLogFileError) -> Int {
            if readsFail { throw Self.readError }
            return memory.lastSeq()
        }

        func forEachEventInTimeOrder(restart: () -> Void, _ body: (RecordedEvent) -> Void) throws(EventLogFileError) -> TornTail? {
            let contents = try read()
            for event in EventOrdering.sorted(contents.events) { body(event) }
            return contents.tornTail
        }

        /// Every event, whatever `readsFail` says (what the test compares with).
        var events: [RecordedEvent] { memory.readAll() }
    }

    /// A clock the test moves, backwards too.
    final class Clock: @unchecked Sendable {
        // @unchecked: `instant` is only touched under `lock`.
        private let lock = NSLock()
        private var instant: Instant

        init(_ text: String) throws { instant = try Instant(rfc3339: text) }

        var now: Instant { lock.withLock { instant } }

        func set(_ text: String) throws {
            let new = try Instant(rfc3339: text)
            lock.withLock { instant = new }
        }
    }

    static func environment(_ clock: Clock) -> StoreEnvironment {
        let counter = MoreSleepStoreTests.Counter()
        return StoreEnvironment(now: { clock.now }, timeZone: { "Europe/Berlin" }, makeIdentifier: { "id-\(counter.next())" }, source: .phone)
    }

    /// The state a replay of every event of `log` gives, folded from scratch.
    static func freshFold(of log: FlakyLog) -> ProjectionRunner<LogState> {
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: EventOrdering.sorted(log.events))
        return runner
    }

    /// A store that placed Reddit in `blockFirst` at 22:00, then, with the clock gone back
    /// to 21:00 and reads failing, in `block30Min`: the second event is earlier than the
    /// first, so in (`at`, `seq`) order Reddit stays in `blockFirst`.
    struct LateEvent {
        var log: FlakyLog
        var clock: Clock
        var store: MoreSleepStore
        var before: LogState
        var changes: AsyncStream<StoreSnapshot>.Iterator

        init() async throws {
            log = try FlakyLog()
            clock = try Clock("2026-11-30T22:00:00+01:00")
            store = try MoreSleepStore(log: log, environment: StoreOutOfDateTests.environment(clock))
            try await store.send(AssignAppTier(app: "Reddit", tier: .blockFirst))
            before = await store.state
            changes = await store.changes().makeAsyncIterator()
            _ = await changes.next()  // the current snapshot

            try clock.set("2026-11-30T21:00:00+01:00")
            log.readsFail = true
            let appended = try await store.send(AssignAppTier(app: "Reddit", tier: .block30Min))
            #expect(appended.count == 1, "the event is appended, only its fold waits")
        }
    }

    @Test func aLateEventWhoseReReadFailsLeavesTheLastCorrectStateMarkedOutOfDate() async throws {
        var late = try await LateEvent()
        let snapshot = await late.store.snapshot
        #expect(late.log.events.count == 2)
        // The state is the fold before the late event, not the late event folded out of order.
        #expect(snapshot.state == late.before)
        #expect(snapshot.state.appTiers.tier(of: "Reddit") == .blockFirst)
        #expect(snapshot.lastSeq == 2)
        // The snapshot says so, with a value and a warning a front end can show.
        let stale = try #require(snapshot.outOfDate)
        #expect(stale.unfoldedEventCount == 1)
        #expect(stale.unfoldedSeqs == 2...2)
        #expect(stale.error == FlakyLog.readError)
        #expect(stale.warning.hasPrefix("out of date: 1 event recorded (seq 2) is not shown yet"))
        #expect(stale.warning.contains(FlakyLog.readError.message))
        #expect(snapshot.warnings.all.last?.message == stale.warning)
        // Observers got the out-of-date snapshot.
        let observed = await late.changes.next()
        #expect(observed == snapshot)
    }

    @Test func sendWhileOutOfDateRetriesTheReadAndRefusesWhileItFails() async throws {
        let late = try await LateEvent()
        do {
            try await late.store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
            Issue.record("a store that cannot fold its log in order must not decide commands")
        } catch .outOfDate(let stale) {
            #expect(stale.unfoldedEventCount == 1)
            #expect(stale.error == FlakyLog.readError)
            let message = StoreError.outOfDate(stale).description
            #expect(message.contains("out of date"))
            #expect(message.contains("nothing was sent — make the log readable, then send again or reload the store"))
        } catch {
            Issue.record("expected .outOfDate, got \(error)")
        }
        #expect(late.log.events.count == 2, "nothing was appended")
        #expect(await late.store.snapshot.outOfDate != nil)
        // Once the log can be read, send re-reads it first and lands.
        late.log.readsFail = false
        try await late.store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
        let snapshot = await late.store.snapshot
        #expect(snapshot.outOfDate == nil)
        #expect(snapshot.lastSeq == 3)
        #expect(snapshot.state == Self.freshFold(of: late.log).state)
    }

    @Test func reloadIsTheRetryAndClearsTheMarkerOnSuccess() async throws {
        var late = try await LateEvent()
        _ = await late.changes.next()  // the out-of-date snapshot
        await #expect(throws: StoreError.log(FlakyLog.readError)) {
            try await late.store.reload()
        }
        #expect(await late.store.snapshot.outOfDate != nil, "still out of date while reads fail")

        late.log.readsFail = false
        try await late.store.reload()
        let snapshot = await late.store.snapshot
        let fresh = Self.freshFold(of: late.log)
        #expect(snapshot.outOfDate == nil)
        #expect(snapshot.state == fresh.state)
        #expect(snapshot.warnings == fresh.warnings, "no out-of-date warning left")
        #expect(snapshot.lastSeq == 2)
        #expect(snapshot.state.appTiers.tier(of: "Reddit") == .blockFirst, "22:00 comes after 21:00")
        #expect(snapshot.state.statistics.countsByType["appTierAssigned"] == 2)
        let observed = await late.changes.next()
        #expect(observed == snapshot, "observers see the marker cleared")
    }

    @Test func aLateEventWhoseReReadWorksIsFoldedInOrderAtOnce() async throws {
        let log = try FlakyLog()
        let clock = try Clock("2026-11-30T22:00:00+01:00")
        let store = try MoreSleepStore(log: log, environment: Self.environment(clock))
        try await store.send(AssignAppTier(app: "Reddit", tier: .blockFirst))
        try clock.set("2026-11-30T21:00:00+01:00")
        try await store.send(AssignAppTier(app: "Reddit", tier: .block30Min))
        let snapshot = await store.snapshot
        #expect(snapshot.outOfDate == nil)
        #expect(snapshot.state == Self.freshFold(of: log).state)
        #expect(snapshot.state.appTiers.tier(of: "Reddit") == .blockFirst)
    }
}
