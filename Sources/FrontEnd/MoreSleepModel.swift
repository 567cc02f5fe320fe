import Commands
import Events
import Observation
import Projections
import Store
import Summaries
import Views

/// What a SwiftUI screen reads, kept current by itself: a `@MainActor` `@Observable` model over
/// a ``MoreSleepStore``. It reads the store's state again after every change of the log, and,
/// with nothing appended, at the next instant tonight changes (`LogState.nextChange(after:)`,
/// on its ``ModelClock``). Each property is assigned only when its value changed, so a view
/// that reads only the debt is not invalidated when a checklist item is ticked.
///
/// ```swift
/// let store = try await MoreSleepStore.open(path: logPath, environment: .live(source: .phone))
/// let model = await MoreSleepModel(store: store)
/// // In a view: Text(model.tonight?.phase.rawValue ?? "—")
/// try await model.send(CompleteChecklistItem(night: .date(today), item: "read"))
/// ```
///
/// `tonight` leaves out what a view counts down itself (`Tonight.stepped`: the minutes to bed
/// and the ring's progress are 0; count them from `tonight.plan`'s wind-down and bedtime, and
/// an exit's seconds from its wait's or window's end).
@MainActor @Observable
public final class MoreSleepModel {
    /// Tonight, without the continuous figures; `nil` while no night's window is open.
    public private(set) var tonight: Tonight?
    /// The coming night's plan: the current night until its wake time, then the next evening's.
    public private(set) var comingNight: NightPlan?
    /// The plans of the 7 nights from the current one (nights without a plan left out).
    public private(set) var weekPlans: [NightPlan] = []
    /// The latest night with a sleep record, its record and its score.
    public private(set) var lastNight: LocalDate?
    public private(set) var lastNightRecord: SleepRecord?
    public private(set) var lastNightScore: NightScore?
    /// The sleep debt and the streaks now.
    public private(set) var sleepDebt: SleepDebt?
    public private(set) var streaks: SleepStreaks?
    /// The coach's insights now.
    public private(set) var insights: Insights?
    /// The notifications to hand to the system, each reminder in the phrasing it shows
    /// (`variant`; its words: `titleMessage`, `bodyMessage`).
    public private(set) var pendingNotifications: [PendingNotification] = []
    /// The group's progress from the shares received (docs/rules.md §13): the latest week
    /// that is over, ranked, and who hit their bedtime target last night; in words:
    /// `TogetherSummary(model.together)`. Read again with every other value (at least at each
    /// change of tonight, which comes every day), so a new day's last night follows.
    public private(set) var together: Together?
    /// The store's warnings (skipped events, an out-of-date store last).
    public private(set) var warnings: ProjectionWarnings = ProjectionWarnings()
    /// Set while the store cannot fold what was appended (`MoreSleepStore.reload()` retries).
    public private(set) var outOfDate: StoreStaleness?
    /// The instant the values were read at, and the next instant they change at with nothing
    /// appended (`nil`: nothing is scheduled).
    public private(set) var asOf: Instant
    public private(set) var nextChange: Instant?

    @ObservationIgnored private let store: MoreSleepStore
    @ObservationIgnored private let clock: any ModelClock
    @ObservationIgnored private var state: LogState
    /// The task that follows the store, and the one that waits for the next change; a
    /// `Locked` box, so that `deinit` (not on the main actor) can cancel them.
    @ObservationIgnored private nonisolated let tasks = Locked(Tasks())

    private struct Tasks: Sendable {
        var follower: Task<Void, Never>?
        var waiter: Task<Void, Never>?
    }

    /// Opens the model on `store`, with its first values at once (the store's state now), and
    /// starts following the store and the clock.
    public init(store: MoreSleepStore, clock: any ModelClock = .live) async {
        self.store = store
        self.clock = clock
        let snapshot = await store.snapshot
        state = snapshot.state
        asOf = clock.now()
        apply(snapshot)
        let changes = await store.changes()
        let follower = Task { [weak self] in
            for await snapshot in changes {
                guard let self else { return }
                self.apply(snapshot)
            }
        }
        tasks.withLock { $0.follower = follower }
    }

    deinit {
        tasks.withLock { tasks in
            tasks.follower?.cancel()
            tasks.waiter?.cancel()
        }
    }

    /// Sends `command` to the store (see `MoreSleepStore.send(_:)`); the model reads the new
    /// state before this returns.
    ///
    /// - Throws: what the store throws: `.rejected` when the command breaks a rule, `.log` or
    ///   `.outOfDate` when the log could not be written or read.
    @discardableResult
    public func send(_ command: some Command) async throws(StoreError) -> [Event] {
        let events = try await store.send(command)
        apply(await store.snapshot)
        return events
    }

    /// Takes a snapshot of the store and reads every value at the clock's instant.
    private func apply(_ snapshot: StoreSnapshot) {
        state = snapshot.state
        assign(\.warnings, snapshot.warnings)
        assign(\.outOfDate, snapshot.outOfDate)
        read(at: clock.now())
    }

    /// Reads every value at `now`, assigning those that changed, and waits for the next change.
    private func read(at now: Instant) {
        asOf = now
        let values = Values(state: state, at: now)
        assign(\.tonight, values.tonight)
        assign(\.comingNight, values.comingNight)
        assign(\.weekPlans, values.weekPlans)
        assign(\.lastNight, values.lastNight)
        assign(\.lastNightRecord, values.lastNightRecord)
        assign(\.lastNightScore, values.lastNightScore)
        assign(\.sleepDebt, values.sleepDebt)
        assign(\.streaks, values.streaks)
        assign(\.insights, values.insights)
        assign(\.pendingNotifications, values.pendingNotifications)
        assign(\.together, values.together)
        assign(\.nextChange, values.nextChange)
        wait(until: values.nextChange)
    }

    /// Assigns `value` to the property at `keyPath` only when it differs (an assignment is an
    /// invalidation for every view that read it).
    private func assign<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<MoreSleepModel, Value>, _ value: Value) {
        if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
    }

    /// Reads again at `next` (replacing any earlier wait), unless the store changes first.
    private func wait(until next: Instant?) {
        let clock = self.clock
        let waiter: Task<Void, Never>? = next.map { next in
            Task { [weak self] in
                guard (try? await clock.sleep(until: next)) != nil else { return }
                self?.read(at: clock.now())
            }
        }
        tasks.withLock { tasks in
            tasks.waiter?.cancel()
            tasks.waiter = waiter
        }
    }
}

extension MoreSleepModel {
    /// Every value the model shows, read from a state at an instant: pure, so it is made
    /// off the main actor's bookkeeping and measured alone (replay-bench).
    package struct Values: Sendable {
        var tonight: Tonight?
        var comingNight: NightPlan?
        var weekPlans: [NightPlan]
        var lastNight: LocalDate?
        var lastNightRecord: SleepRecord?
        var lastNightScore: NightScore?
        var sleepDebt: SleepDebt
        var streaks: SleepStreaks
        var insights: Insights
        var pendingNotifications: [PendingNotification]
        var together: Together
        var nextChange: Instant?

        package init(state: LogState, at now: Instant) {
            tonight = state.tonight(at: now)?.stepped
            comingNight = state.bedtimePlan(at: now)
            let current = state.nightPlans.night(holding: now)
            weekPlans = (0..<7).compactMap { state.nightPlans.plan(for: current.adding(days: $0)) }
            lastNight = state.latestNightWithRecord(at: now)
            lastNightRecord = lastNight.flatMap { state.sleep.record(for: $0) }
            lastNightScore = lastNight.flatMap { state.score(for: $0) }
            sleepDebt = state.sleepDebt(at: now)
            streaks = state.streaks(at: now)
            insights = state.insights(at: now)
            pendingNotifications = state.pendingNotifications(at: now)
            together = state.together(at: now)
            nextChange = state.nextChange(after: now)
        }

        /// A number that depends on every value (so a benchmark's call is not optimised away).
        package var checksum: Int {
            weekPlans.count &+ pendingNotifications.count &+ (tonight == nil ? 0 : 1) &+ Int(nextChange?.millisecondsSince1970 ?? 0 & 0xFF)
        }
    }
}
