import Events

/// Every projection of the log, folded together in one pass. Later features add their
/// projections here as stored properties and forward `apply` to them.
///
/// Queries take the instant (`tonight(at:)`, `pendingNotifications(at:)`, …). Ask them of
/// the state folded as of that instant (`ReplayPosition(instant:)`) or earlier: time moving
/// on without events (a wait elapsing, a free window running out, a night ending) is
/// derived, but events after the instant must not be in the fold.
public struct LogState: Projection, Hashable {
    /// Counts, instants, zones.
    public private(set) var statistics = LogStatistics()
    /// App restriction tiers.
    public private(set) var appTiers = AppTierAssignments()
    /// Night plans.
    public private(set) var nightPlans = NightPlans()
    /// Demo nights.
    public private(set) var demoNights = DemoNights()
    /// Checklist items done, per night.
    public private(set) var checklists = ChecklistCompletions()
    /// The mindful exits, per night.
    public private(set) var exits = ExitHistory()
    /// Sleep records, vitals and bed times from health data.
    public private(set) var sleep = SleepLedger()
    /// The score settings in force and the Apple scores typed in.
    public private(set) var scoreInputs = ScoreInputs()
    /// Retired reminders and the answers to each checklist reminder, for the coach.
    public private(set) var reminderHabits = ReminderHabits()
    /// Caffeine samples and workouts from health data, and the ids deleted.
    public private(set) var health = HealthSamples()
    /// The shares received from others (docs/rules.md §13).
    public private(set) var shares = ReceivedShares()
    /// Whether each night with sleep data hit its target, for `streaks(at:)`: a cache,
    /// refreshed after each event (`refreshStreakNights`), equal in any two states.
    private(set) var streakNights = StreakNights()

    public init() {}

    /// The empty state, its night plans folding every entry for every night when
    /// `nightPlanShortcuts` is false (see `NightFold`; the tests compare both).
    init(nightPlanShortcuts: Bool) {
        nightPlans = NightPlans(shortcuts: nightPlanShortcuts)
    }

    /// Folds one event into every projection, as a parent fold reading its children: each
    /// child answers a typed `FoldOutcome`, and what one child needs of another is a named,
    /// typed value passed here and nowhere else:
    /// - a demo night started (`DemoNights`) → the checklist and the exits of the demo
    ///   night start afresh;
    /// - whether the named real night is planned (`NightPlans.isPlanned(_:)`) and whether a
    ///   demo night has started → `ChecklistCompletions`;
    /// - the named night's exit window (`exitWindow(for:)`) → `ExitHistory`;
    /// - `NightPlans.Inputs`: whether any other child skipped the event (then its `tz` does not
    ///   count for the zone rule, docs/rules.md §1.3) and the night of an exit confirm the exits
    ///   accepted → `NightPlans`, which therefore folds last.
    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        statistics.apply(event, warnings: &warnings)
        appTiers.apply(event, warnings: &warnings)
        let demo = demoNights.fold(event, warnings: &warnings)
        if case .demoNightStarted = event.payload, demo == .applied {
            checklists.startDemoNight()
            exits.startDemoNight()
        }
        var skipped = demo.isSkipped
        let sleepOutcome = sleep.fold(event, warnings: &warnings)
        skipped = sleepOutcome.isSkipped || skipped
        skipped = scoreInputs.fold(event, warnings: &warnings).isSkipped || skipped
        if let change = ChecklistCompletions.change(in: event) {
            let isPlanned = change.night.date.map { nightPlans.isPlanned($0) } ?? false
            let outcome = checklists.apply(event, isPlanned: isPlanned, demoStarted: demoNights.latest != nil, warnings: &warnings)
            skipped = outcome.isSkipped || skipped
        }
        skipped = reminderHabits.apply(event, warnings: &warnings).isSkipped || skipped
        skipped = health.apply(event, warnings: &warnings).isSkipped || skipped
        skipped = shares.apply(event, warnings: &warnings).isSkipped || skipped
        var confirmedExitNight: LocalDate?
        if let night = ExitHistory.namedNight(of: event) {
            let outcome = exits.apply(event, window: keptExitWindow(for: night), warnings: &warnings)
            skipped = outcome.isSkipped || skipped
            if outcome == .applied, case .exitConfirmed = event.payload { confirmedExitNight = night.date }
        }
        let planEntries = nightPlans.timeline.count
        nightPlans.apply(event, inputs: NightPlans.Inputs(skippedByAnotherProjection: skipped, confirmedExitNight: confirmedExitNight), warnings: &warnings)
        refreshStreakNights(after: event, sleepOutcome: sleepOutcome, planEntriesBefore: planEntries)
    }

    /// The exit window of `night` as the log stands (`nil` when the night has no plan, or is
    /// the demo night before any demo started): what `ExitHistory.rejection(of:on:window:at:)`
    /// is given, by the fold and by the exit commands alike.
    public func exitWindow(for night: Night) -> ExitWindow? {
        switch night {
        case .date(let date): return nightPlans.planWithoutRevisions(for: date).map { ExitWindow(plan: $0, isDemo: false) }
        case .demo: return demoNights.latest.map { ExitWindow(plan: $0.plan, isDemo: true) }
        }
    }

    /// `exitWindow(for:)`, keeping the night's plan fold for next time (the fold's path).
    private mutating func keptExitWindow(for night: Night) -> ExitWindow? {
        switch night {
        case .date(let date): return nightPlans.keptExitWindow(for: date)
        case .demo: return demoNights.latest.map { ExitWindow(plan: $0.plan, isDemo: true) }
        }
    }

    /// Refreshes the kept outcome of every night whose `hitTarget(on:)` `event` may have
    /// changed (called by `apply(_:warnings:)` after every child folded it):
    /// - the nights whose sleep record the ledger built (a record is built when its
    ///   delivery ends, so this covers every sample, deletion and manual night);
    /// - the night of a `wentToBed` the ledger took;
    /// - when the event added to the plans' timeline (a goal, a clear, an override, an early
    ///   start, another zone): every kept night from the first one whose plan it can change
    ///   (`NightPlans.firstNightChangeable(byEntryAt:)`, or the night an override or early
    ///   start names if earlier), or every kept night when any may change.
    /// The ledger's pending night is left out: `streaks(at:)` asks it afresh.
    ///
    /// When plans take no shortcuts (an entry out of instant order, a zone the platform does
    /// not know), any entry may re-plan any night and each plan costs the whole timeline:
    /// the outcomes are then dropped for good and `streaks(at:)` asks every night, as
    /// before they were kept, rather than every plan event asking every night again.
    private mutating func refreshStreakNights(after event: RecordedEvent, sleepOutcome: FoldOutcome<ProjectionWarnings.Rule>, planEntriesBefore: Int) {
        var nights = sleep.takeBuiltNights()
        guard streakNights.isKept else { return }
        guard nightPlans.usesShortcuts else {
            streakNights.drop()
            return
        }
        if sleepOutcome == .applied, case .wentToBed(let payload) = event.payload, case .date(let night) = payload.night {
            nights.append(Int32(night.daysSince1970))
        }
        if nightPlans.timeline.count != planEntriesBefore, let entry = nightPlans.timeline.last {
            var first = nightPlans.firstNightChangeable(byEntryAt: event.at).map { Int32($0.daysSince1970) }
            switch entry.action {
            case .override(let night, _), .windDownStartedEarly(let night):
                first = first.map { min($0, Int32(night.daysSince1970)) }
            default:
                break
            }
            nights.append(contentsOf: streakNights.days(from: first))
        }
        guard !nights.isEmpty else { return }
        let pending = sleep.pendingNightNumber
        for day in Set(nights) where day != pending {
            streakNights.set(StreakNights.Outcome(hitTarget(on: LocalDate(daysSince1970: Int(day)))), for: day)
        }
    }

    /// This state knowing `plans`, the plans of `first`…`last` as `NightPlans.plans(asOf:nights:)`
    /// lists them: every query on the copy reads those nights' plans from them rather than
    /// folding each night again (`NightPlans.knowing(_:from:to:)`). The JSON view lists the
    /// plans first, then scores, phrasing tests and exits read them again.
    package func knowing(plans: [NightPlan], from first: LocalDate, to last: LocalDate) -> LogState {
        var copy = self
        copy.nightPlans = nightPlans.knowing(plans, from: first, to: last)
        return copy
    }
}

// MARK: Checkpoint

extension LogState: StateCodable {
    package static var placeholder: LogState { LogState() }

    /// Every projection, in the order `apply` folds them; the sleep ledger, half the work
    /// of reading a state, in a section of its own, read beside the projections after it
    /// (`SectionRead`).
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("LogState.statistics", &statistics)
        try coder.field("LogState.appTiers", &appTiers)
        try coder.field("LogState.demoNights", &demoNights)
        var sleep = self.sleep
        let sleepSection = try coder.beginSection("LogState.sleep", &sleep)
        try coder.field("LogState.scoreInputs", &scoreInputs)
        try coder.field("LogState.checklists", &checklists)
        try coder.field("LogState.exits", &exits)
        try coder.field("LogState.nightPlans", &nightPlans)
        try coder.field("LogState.streakNights", &streakNights)
        try coder.field("LogState.reminderHabits", &reminderHabits)
        try coder.field("LogState.health", &health)
        try coder.field("LogState.shares", &shares)
        try coder.endSection(sleepSection, &sleep)
        if Coder.isReading { self.sleep = sleep }
    }
}
