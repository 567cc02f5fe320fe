import Events

/// Every projection of the log, folded together in one pass. Later features add their
/// projections here as stored properties and forward `apply` to them.
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

    public init() {}

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        statistics.apply(event, warnings: &warnings)
        appTiers.apply(event, warnings: &warnings)
        nightPlans.apply(event, warnings: &warnings)
        demoNights.apply(event, warnings: &warnings)
        if case .demoNightStarted = event.payload { checklists.startDemoNight() }
        checklists.apply(event, plans: nightPlans, demo: demoNights, warnings: &warnings)
    }
}
