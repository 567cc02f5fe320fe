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

    public init() {}

    /// The empty state, its night plans folding every entry for every night when
    /// `nightPlanShortcuts` is false (see `NightFold`; the tests compare both).
    init(nightPlanShortcuts: Bool) {
        nightPlans = NightPlans(shortcuts: nightPlanShortcuts)
    }

    /// Folds one event into every projection. `NightPlans` folds last: an event that
    /// another projection skipped as breaking a rule must not count for the zone rule
    /// (domain.md §8), and only then is that known.
    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        let warningsBefore = warnings.all.count
        statistics.apply(event, warnings: &warnings)
        appTiers.apply(event, warnings: &warnings)
        if case .demoNightStarted = event.payload {
            // Only a demo night's start changes the latest demo night.
            let demoBefore = demoNights.latest
            demoNights.apply(event, warnings: &warnings)
            if demoNights.latest != demoBefore {
                checklists.startDemoNight()
                exits.startDemoNight()
            }
        } else {
            demoNights.apply(event, warnings: &warnings)
        }
        sleep.apply(event, warnings: &warnings)
        scoreInputs.apply(event, warnings: &warnings)
        let planned = ChecklistCompletions.namedNight(of: event).map { nightPlans.isPlanned($0) } ?? false
        checklists.apply(event, isPlanned: planned, demo: demoNights, warnings: &warnings)
        if let night = ExitHistory.namedNight(of: event) {
            let accepted = exits.apply(event, window: exitWindow(for: night), warnings: &warnings)
            if accepted, case .exitConfirmed = event.payload, case .date(let date) = night {
                nightPlans.markConfirmedExit(on: date)
            }
        }
        let skippedElsewhere = warnings.all.count > warningsBefore
        nightPlans.apply(event, countsForZone: !skippedElsewhere, warnings: &warnings)
    }

    /// The exit window of `night`, keeping the night's plan fold for next time.
    private mutating func exitWindow(for night: Night) -> ExitWindow? {
        switch night {
        case .date(let date): return nightPlans.keptExitWindow(for: date)
        case .demo: return demoNights.latest.map { ExitWindow(plan: $0.plan, isDemo: true) }
        }
    }
}
