import Commands
import EventLogFile
import Events
import FrontEnd
import Localization
import Observation
import Projections
import Store
import Summaries
import Testing
import TestSupport

/// `MoreSleepModel`: its first values at once, a property assigned only when its value
/// changed, reads at each change of the log and at each instant tonight changes (on a
/// `ManualClock`), and `send` forwarding the store's errors.
@MainActor
@Suite struct MoreSleepModelTests {
    /// How many times each property was invalidated, counted by re-registering an
    /// observation after every change (`withObservationTracking` fires once).
    final class Invalidations: Sendable {
        private let counts = Locked<[String: Int]>([:])

        @MainActor func track<Value>(_ name: String, on model: MoreSleepModel, _ read: @escaping @MainActor (MoreSleepModel) -> Value) {
            withObservationTracking {
                _ = read(model)
            } onChange: { [weak model] in
                self.counts.withLock { $0[name, default: 0] += 1 }
                // Re-register once the change is made (onChange runs before it).
                Task { @MainActor in
                    guard let model else { return }
                    self.track(name, on: model, read)
                }
            }
        }

        func count(_ name: String) -> Int { counts.withLock { $0[name] ?? 0 } }
    }

    static func instant(_ text: String) throws -> Instant { try Instant(rfc3339: text) }

    /// A store over memory whose clock is `clock` (at noon on 2026-11-30, moved to `start`
    /// once set up), with a goal from 2026-11-30 (23:00 to
    /// 22:30 over 3 nights) and two apps in the first tier.
    static func store(clock: ManualClock, openedAt start: String) async throws -> MoreSleepStore {
        let counter = Locked(0)
        let environment = StoreEnvironment(
            now: { clock.now() }, timeZone: { "Europe/Berlin" },
            makeIdentifier: { counter.withLock { $0 += 1; return "id-\($0)" } }, source: .phone)
        let store = try await MoreSleepStore.open(log: try InMemoryEventLog(), environment: environment)
        try await store.send(SetGoal(
            currentBedtime: try TimeOfDay(text: "23:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 3,
            firstNight: try LocalDate(iso: "2026-11-30")))
        try await store.send(AssignAppTier(app: "Reddit", tier: .blockFirst))
        try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
        clock.advance(to: try instant(start))
        return store
    }

    /// Lets the model's tasks run (a snapshot or a clock's wake-up is handled on the main
    /// actor after the call that caused it); with `done`, until it holds (at most 5 s).
    static func settle(until done: (@MainActor () -> Bool)? = nil) async {
        for _ in 0..<50 { await Task.yield() }
        guard let done else { return }
        for _ in 0..<5_000 where !done() { try? await Task.sleep(for: .milliseconds(1)) }
    }

    @Test("the first values are there when the model opens, and match the state's queries")
    func firstValues() async throws {
        let clock = ManualClock(start: try Self.instant("2026-11-30T12:00:00+01:00"))
        let store = try await Self.store(clock: clock, openedAt: "2026-11-30T21:45:00+01:00")
        let model = await MoreSleepModel(store: store, clock: clock)
        let state = await store.state
        #expect(model.tonight == state.tonight(at: clock.now())?.stepped)
        #expect(model.tonight?.phase == .windDown)
        #expect(model.comingNight?.night == (try LocalDate(iso: "2026-11-30")))
        #expect(model.weekPlans.count == 7)
        #expect(model.nextChange == state.nextChange(after: clock.now()))
        #expect(model.pendingNotifications == state.pendingNotifications(at: clock.now()))
        #expect(model.pendingNotifications.contains { $0.variant != nil }, "each reminder names its phrasing")
        #expect(model.together == state.together(at: clock.now()))
    }

    @Test("a share received shows in together, and its words name the person")
    func aShareShowsInTogether() async throws {
        // Tuesday morning: the night holding asOf − 12 h is Monday 2026-11-30.
        let clock = ManualClock(start: try Self.instant("2026-11-30T12:00:00+01:00"))
        let store = try await Self.store(clock: clock, openedAt: "2026-12-01T09:00:00+01:00")
        let model = await MoreSleepModel(store: store, clock: clock)
        #expect(model.together?.lastNight.night == (try LocalDate(iso: "2026-11-30")))
        #expect(model.together?.lastNight.onTarget == [])
        try await model.send(ReceiveShare(share: .night(NightShare(person: "Sam", night: try LocalDate(iso: "2026-11-30"), onTarget: true))))
        #expect(model.together?.lastNight.onTarget == ["Sam"])
        let together = try #require(model.together)
        let sentence = try #require(TogetherSummary(together).lastNight.first)
        let words = try MessageRenderer(locale: MessageLocale("en")).render(sentence)
        #expect(words == "Sam hit their bedtime target last night.")
    }

    /// Every observable property of the model, by name, as a comparable value.
    static let properties: [(name: String, read: @MainActor (MoreSleepModel) -> AnyHashable)] = [
        ("tonight", { AnyHashable($0.tonight) }), ("comingNight", { AnyHashable($0.comingNight) }),
        ("weekPlans", { AnyHashable($0.weekPlans) }), ("lastNight", { AnyHashable($0.lastNight) }),
        ("lastNightRecord", { AnyHashable($0.lastNightRecord) }), ("lastNightScore", { AnyHashable($0.lastNightScore) }),
        ("sleepDebt", { AnyHashable($0.sleepDebt) }), ("streaks", { AnyHashable($0.streaks) }),
        ("insights", { AnyHashable($0.insights) }), ("pendingNotifications", { AnyHashable($0.pendingNotifications) }),
        ("warnings", { AnyHashable($0.warnings) }), ("outOfDate", { AnyHashable($0.outOfDate) }),
        ("together", { AnyHashable($0.together) }), ("nextChange", { AnyHashable($0.nextChange) }),
    ]

    @Test("a scripted evening: each property is invalidated exactly when its value changes, and time alone moves tonight")
    func scriptedEvening() async throws {
        let clock = ManualClock(start: try Self.instant("2026-11-30T12:00:00+01:00"))
        let store = try await Self.store(clock: clock, openedAt: "2026-11-30T17:00:00+01:00")
        let model = await MoreSleepModel(store: store, clock: clock)
        let invalidations = Invalidations()
        for property in Self.properties { invalidations.track(property.name, on: model, property.read) }
        var values = [Self.properties.map { $0.read(model) }]
        var tonights: [Tonight?] = [model.tonight]

        // Walk the evening change by change, as the model's own clock does: each step is the
        // next change it announced, and tonight is then what the state says.
        let night = Night.date(try LocalDate(iso: "2026-11-30"))
        let end = try Self.instant("2026-12-01T09:00:00+01:00").millisecondsSince1970
        var steps = 0
        while let next = model.nextChange, next.millisecondsSince1970 < end, steps < 100 {
            clock.advance(to: next)
            await Self.settle { model.asOf == next }
            #expect(model.asOf == next, "the model read again at its next change")
            #expect(model.tonight == (await store.state).tonight(at: next)?.stepped)
            steps += 1
            await Self.settle()
            values.append(Self.properties.map { $0.read(model) })
            tonights.append(model.tonight)
            if steps == 6 {
                // A checklist item ticked mid-evening.
                let item = try #require(model.tonight?.checklist.first { $0.state == .active }?.item)
                try await model.send(CompleteChecklistItem(night: night, item: item))
                await Self.settle()
                #expect(model.tonight?.checklist.first { $0.item == item }?.state == .done)
                values.append(Self.properties.map { $0.read(model) })
            }
        }
        #expect(steps > 10, "an evening has many changes: \(steps)")
        #expect(tonights.contains { $0?.phase == .windDown } && tonights.contains { $0?.phase == .night } && tonights.contains { $0?.phase == .morning })
        // Each property was invalidated once for each step its value changed at (the tick is a
        // step of its own), never for an assignment of the same value: the store's snapshot of
        // the tick, which reaches the model after the send's own read, changes nothing more.
        for (index, property) in Self.properties.enumerated() {
            let changes = zip(values, values.dropFirst()).filter { $0[index] != $1[index] }.count
            #expect(invalidations.count(property.name) == changes, "\(property.name): \(invalidations.count(property.name)) invalidations, \(changes) changes")
        }
        // What nothing appended can move stays put: the week's plans, the debt, the streaks.
        #expect(invalidations.count("weekPlans") == 0)
        #expect(invalidations.count("sleepDebt") == 0)
    }

    @Test("a change that reaches the store another way (another writer, a sync) reaches the model, after time has moved it too")
    func followsTheStore() async throws {
        let clock = ManualClock(start: try Self.instant("2026-11-30T12:00:00+01:00"))
        let store = try await Self.store(clock: clock, openedAt: "2026-11-30T21:45:00+01:00")
        let model = await MoreSleepModel(store: store, clock: clock)
        // Two changes of time first: following the store must outlive the waits they replace.
        for _ in 0..<2 {
            let next = try #require(model.nextChange)
            clock.advance(to: next)
            await Self.settle { model.asOf == next }
        }
        let item = try #require(model.tonight?.checklist.first { $0.state == .active }?.item)
        try await store.send(CompleteChecklistItem(night: .date(try LocalDate(iso: "2026-11-30")), item: item))
        await Self.settle { model.tonight?.checklist.first { $0.item == item }?.state == .done }
        #expect(model.tonight?.checklist.first { $0.item == item }?.state == .done)
    }

    @Test("send forwards a rejection and changes nothing")
    func sendForwardsErrors() async throws {
        let clock = ManualClock(start: try Self.instant("2026-11-30T12:00:00+01:00"))
        let store = try await Self.store(clock: clock, openedAt: "2026-11-30T21:45:00+01:00")
        let model = await MoreSleepModel(store: store, clock: clock)
        let before = model.tonight
        let error = await #expect(throws: StoreError.self) {
            try await model.send(ConfirmExit(night: .date(try LocalDate(iso: "2026-11-30"))))
        }
        guard case .rejected? = error else {
            Issue.record("expected a rejection, got \(String(describing: error))")
            return
        }
        #expect(model.tonight == before)
    }

    @Test("a manual clock wakes a sleeper when it reaches its instant, and a cancelled sleep throws")
    func manualClock() async throws {
        let clock = ManualClock(start: Instant(millisecondsSince1970: 0, utcOffsetSeconds: 0))
        let woke = Locked(false)
        let sleeper = Task {
            try await clock.sleep(until: Instant(millisecondsSince1970: 1_000, utcOffsetSeconds: 0))
            woke.withLock { $0 = true }
        }
        await Self.settle()
        clock.advance(to: Instant(millisecondsSince1970: 999, utcOffsetSeconds: 0))
        await Self.settle()
        #expect(!woke.withLock { $0 })
        clock.advance(to: Instant(millisecondsSince1970: 1_000, utcOffsetSeconds: 0))
        try await sleeper.value
        #expect(woke.withLock { $0 })
        let cancelled = Task { try await clock.sleep(until: Instant(millisecondsSince1970: 5_000, utcOffsetSeconds: 0)) }
        await Self.settle()
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }
}
