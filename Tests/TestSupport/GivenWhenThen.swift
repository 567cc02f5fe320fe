import Commands
import EventLogFile
import Events
import Projections
import Store
import Testing
import Foundation

/// Given these events, when this command is sent at this instant, then exactly these
/// events are appended (and the state is this): the pattern every feature's command tests
/// follow, exhaustive by default.
///
/// ```swift
/// try await Scenario(given: [goal], at: instant)
///     .when(LogBedtime(night: night, moment: .wentToBed))
///     .then([.wentToBed(NightAction(night: night))])
/// ```
///
/// New events get the ids `when-1`, `when-2`, …, the scenario's instant and zone, and
/// source `phone`.
public struct Scenario: Sendable {
    /// The events already in the log (given without seq; they get 1, 2, 3…).
    public var given: [Event]
    /// When the command is sent.
    public var instant: Instant
    /// The device zone then.
    public var timeZone: String

    public init(given: [Event], at instant: Instant, timeZone: String = "Europe/Berlin") {
        self.given = given
        self.instant = instant
        self.timeZone = timeZone
    }

    /// Sends `command` to a store over an in-memory log holding `given`.
    public func when(_ command: some Command) async throws -> Outcome {
        let log = try InMemoryEventLog(given)
        let counter = IdentifierCounter()
        let environment = StoreEnvironment(
            now: { [instant] in instant },
            timeZone: { [timeZone] in timeZone },
            makeIdentifier: { counter.next() },
            source: .phone
        )
        let store = try MoreSleepStore(log: log, environment: environment)
        let before = await store.snapshot
        var result: Result<[Event], StoreError> = .success([])
        do throws(StoreError) {
            result = .success(try await store.send(command))
        } catch {
            result = .failure(error)
        }
        let appended = log.readAll().filter { $0.seq > before.lastSeq }
        return Outcome(scenario: self, result: result, appended: appended, before: before, after: await store.snapshot)
    }

    /// What happened when the command was sent.
    public struct Outcome: Sendable {
        public var scenario: Scenario
        /// The store's answer.
        public var result: Result<[Event], StoreError>
        /// What the log gained.
        public var appended: [RecordedEvent]
        /// The snapshot before.
        public var before: StoreSnapshot
        /// The snapshot after.
        public var after: StoreSnapshot

        /// Expects exactly `payloads` appended, in order, each stamped with the scenario's
        /// instant and zone and the ids `when-1`, `when-2`, …; `causedBy` gives, per event,
        /// the index of the event (in this list) that caused it.
        @discardableResult
        public func then(
            _ payloads: [EventPayload],
            causedBy: [Int: Int] = [:],
            state assertState: (LogState) throws -> Void = { _ in },
            sourceLocation: SourceLocation = #_sourceLocation
        ) rethrows -> Outcome {
            if case .failure(let error) = result {
                Issue.record("Expected events, but the command was rejected: \(error)", sourceLocation: sourceLocation)
            }
            let expected = payloads.enumerated().map { index, payload in
                Event(
                    id: "when-\(index + 1)", at: scenario.instant, timeZone: scenario.timeZone, source: .phone,
                    causedBy: causedBy[index].map { "when-\($0 + 1)" }, payload: payload
                )
            }
            #expect(appended.map(\.event) == expected, sourceLocation: sourceLocation)
            try assertState(after.state)
            return self
        }

        /// Expects the command to be rejected for `rule`, with nothing appended and the
        /// state unchanged.
        @discardableResult
        public func thenRejected(
            _ rule: CommandError.Rule,
            messageContains fragment: String? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> Outcome {
            switch result {
            case .success(let events):
                Issue.record("Expected a rejection for \(rule), but the command appended \(events.count) events", sourceLocation: sourceLocation)
            case .failure(.rejected(let error)):
                #expect(error.rule == rule, sourceLocation: sourceLocation)
                if let fragment {
                    #expect(error.message.contains(fragment), "message: \(error.message)", sourceLocation: sourceLocation)
                }
            case .failure(.log(let error)):
                Issue.record("Expected a rejection for \(rule), but the log failed: \(error)", sourceLocation: sourceLocation)
            case .failure(.outOfDate(let staleness)):
                Issue.record("Expected a rejection for \(rule), but the store was out of date: \(staleness)", sourceLocation: sourceLocation)
            }
            #expect(appended.isEmpty, "a rejected command must append nothing", sourceLocation: sourceLocation)
            #expect(after == before, "a rejected command must leave the state as it was", sourceLocation: sourceLocation)
            return self
        }
    }
}

/// Deterministic ids for scenarios and stores in tests: `when-1`, `when-2`, … (or another
/// prefix).
public final class IdentifierCounter: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0
    private let prefix: String

    /// A counter whose ids start with `prefix` and a dash.
    public init(prefix: String = "when") {
        self.prefix = prefix
    }

    /// The next id.
    public func next() -> String {
        lock.withLock {
            value += 1
            return "\(prefix)-\(value)"
        }
    }
}
