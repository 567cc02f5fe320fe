import Events

/// The night-plan projection (domain.md §1 and §8): for every planned night its bedtime,
/// zone, wind-down, wake time and revisions.
///
/// Folding only records what shapes plans (goals, clears, overrides, early starts, and
/// each change of the device's zone) in a short timeline, checking each event against
/// the rules and skipping, with a warning, one that breaks them. A night's plan is derived
/// from that timeline when asked, by replaying the timeline for that night: so a goal's
/// ramp, a replacing goal, an override, a clear and a zone change all give revisions that
/// name the event that caused them.
public struct NightPlans: Projection, Hashable {
    /// What one event did to plans.
    struct Entry: Sendable, Hashable {
        enum Action: Sendable, Hashable {
            case goal(GoalSet)
            case cleared
            case override(LocalDate, TimeOfDay)
            case windDownStartedEarly(LocalDate)
        }

        var cause: EventReference
        /// The device's new zone, when this event was in another zone than the one before.
        var zoneChange: String?
        var action: Action?
    }

    private(set) var timeline: [Entry] = []
    private var zones = ZoneBook()
    private var latestZone: String?
    private var confirmedExitNights: Set<LocalDate> = []

    public init() {}

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        apply(event, countsForZone: true, warnings: &warnings)
    }

    /// Folds `event`; `countsForZone` is false when another projection skipped it as
    /// breaking a rule, so its `tz` does not count for the zone rule.
    public mutating func apply(_ event: RecordedEvent, countsForZone: Bool, warnings: inout ProjectionWarnings) {
        var action: Entry.Action?
        switch event.payload {
        case .goalSet(let goal):
            if let violation = GoalRules.violation(of: goal) {
                warnings.skipped(seq: event.seq, because: "goalSet breaks a rule: \(violation.message)")
                return
            }
            action = .goal(goal)
        case .goalCleared:
            action = .cleared
        case .bedtimeOverridden(let override):
            guard let night = plannedNight(override.night, of: event, demoReason: "whose bedtime follows from its start", warnings: &warnings) else { return }
            action = .override(night, override.bedtime)
        case .windDownStartedEarly(let early):
            guard let night = plannedNight(early.night, of: event, demoReason: "which starts with its wind-down", warnings: &warnings) else { return }
            action = .windDownStartedEarly(night)
        case .exitConfirmed(let exit):
            if case .date(let night) = exit.night { confirmedExitNights.insert(night) }
        default:
            break
        }
        let zone = event.event.timeZone
        let zoneChange: String? = zone == latestZone || !countsForZone ? nil : zone
        if zoneChange != nil {
            zones.add(zone)
            latestZone = zone
        }
        if zoneChange != nil || action != nil {
            timeline.append(Entry(cause: EventReference(event), zoneChange: zoneChange, action: action))
        }
    }

    /// The real, planned night within range that an override or early start names, or
    /// `nil` after warning that the event is skipped.
    private func plannedNight(_ named: Night, of event: RecordedEvent, demoReason: String, warnings: inout ProjectionWarnings) -> LocalDate? {
        let type = event.typeName
        guard case .date(let night) = named else {
            warnings.skipped(seq: event.seq, because: "\(type) names the demo night, \(demoReason)")
            return nil
        }
        guard NightRange.contains(night, at: event.at) else {
            warnings.skipped(seq: event.seq, because: "\(type) names night \(night.iso), more than \(NightRange.maximumDistanceInDays) days from its instant")
            return nil
        }
        guard hasPlan(night, afterApplying: event) else {
            warnings.skipped(seq: event.seq, because: "\(type) names night \(night.iso), which has no plan")
            return nil
        }
        return night
    }

    /// Whether `night` would have a plan once `event` (not yet recorded) is folded: an
    /// override or early start needs a planned night.
    private func hasPlan(_ night: LocalDate, afterApplying event: RecordedEvent) -> Bool {
        var probe = timeline
        let zone = event.event.timeZone
        probe.append(Entry(cause: EventReference(event), zoneChange: zone == latestZone ? nil : zone, action: nil))
        var book = zones
        book.add(zone)
        return NightPlanDerivation(timeline: probe, zones: book).plan(for: night) != nil
    }

    /// The plan of `night` as the log stands, or `nil` when the night is not planned.
    public func plan(for night: LocalDate) -> NightPlan? {
        guard var plan = NightPlanDerivation(timeline: timeline, zones: zones).plan(for: night) else { return nil }
        plan.hasConfirmedExit = confirmedExitNights.contains(night)
        return plan
    }

    /// The zone of the latest event folded (the zone for "asOf's night").
    public var latestTimeZone: String? { latestZone }

    /// The goal in force after the last goal or clear, if any.
    public var latestGoal: GoalSet? {
        for entry in timeline.reversed() {
            switch entry.action {
            case .goal(let goal): return goal
            case .cleared: return nil
            default: continue
            }
        }
        return nil
    }

    /// The noon-to-noon night holding `now`, in the latest zone (domain.md §8 "asOf's
    /// night"); in UTC before any event.
    public func night(holding now: Instant) -> LocalDate {
        guard let zone = latestZone, let resolver = zones.resolver(for: zone) else {
            return LocalTimeResolver(timeZone: .gmt).nightDate(of: now)
        }
        return resolver.nightDate(of: now)
    }

    /// The planned nights from the first planned night to the later of `now`'s night + 6
    /// and the last night of the latest goal's ramp, oldest first (json-view.md `plans`).
    public func plans(asOf now: Instant) -> [NightPlan] {
        let goals = timeline.compactMap { entry -> GoalSet? in
            if case .goal(let goal) = entry.action { return goal }
            return nil
        }
        guard let firstNight = goals.map(\.firstNight).min() else { return [] }
        var last = night(holding: now).adding(days: 6)
        for entry in timeline.reversed() {
            if case .goal(let goal) = entry.action {
                last = max(last, GoalRules.lastRampNight(of: goal))
                break
            }
        }
        let derivation = NightPlanDerivation(timeline: timeline, zones: zones)
        var plans: [NightPlan] = []
        var night = firstNight
        while night <= last {
            if var plan = derivation.plan(for: night) {
                plan.hasConfirmedExit = confirmedExitNights.contains(night)
                plans.append(plan)
            }
            night = night.adding(days: 1)
        }
        return plans
    }
}
