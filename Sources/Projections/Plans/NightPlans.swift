import Events

/// The night-plan projection (docs/rules.md §1): for every planned night its bedtime,
/// zone, wind-down, wake time and revisions.
///
/// Folding only records what shapes plans (goals, clears, overrides, early starts, and
/// each change of the device's zone) in a short timeline, checking each event against
/// the rules and skipping, with a warning, one that breaks them. A night's plan is derived
/// from that timeline when asked, by folding the timeline for that night (`NightFold`): so
/// a goal's ramp, a replacing goal, an override, a clear and a zone change all give
/// revisions that name the event that caused them. The folds of nights asked about while
/// folding (to check an override or a checklist event) are kept and advanced, so a long
/// log costs each night only the entries added since it was last asked about; and a fold
/// visits only the entries that can touch its night (`PlanTimelineIndex`), so a night costs
/// the same at the end of a long log as at its start.
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
        /// The cause's own night: the noon-to-noon night holding its `at`, in its `tz`
        /// (for the revision horizon).
        var causeNight: LocalDate
        /// The device's new zone, when this event was in another zone than the one before.
        var zoneChange: String?
        var action: Action?
    }

    /// A change of the device's zone, at an instant.
    struct ZoneChange: Sendable, Hashable {
        var at: Instant
        var zone: String
    }

    private(set) var timeline: [Entry] = []
    private(set) var zoneChanges: [ZoneChange] = []
    private var zones = ZoneBook()
    private var latestZone: String?
    private var confirmedExitNights: Set<LocalDate> = []
    /// Folds kept for nights asked about while folding: a cache, left out of equality.
    private var folds: [LocalDate: NightFold] = [:]
    /// What the folds need to visit only the entries that can touch their night: derived
    /// from the timeline, left out of equality.
    private var index = PlanTimelineIndex()
    /// The plans of a run of nights made already by the query over many nights that asked
    /// for this copy (``knowing(_:from:to:)``): a cache, left out of equality and checkpoints.
    private var known: KnownPlans?

    public static func == (left: NightPlans, right: NightPlans) -> Bool {
        left.timeline == right.timeline && left.latestZone == right.latestZone && left.confirmedExitNights == right.confirmedExitNights
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(timeline)
        hasher.combine(latestZone)
        hasher.combine(confirmedExitNights)
    }

    public init() {}

    /// Plans that fold every entry for every night, without the index's shortcuts (what
    /// the tests compare the shortcuts with).
    init(shortcuts: Bool) {
        if !shortcuts { index = index.withoutShortcuts }
    }

    /// What `NightPlans` reads of the other projections when it folds an event inside
    /// `LogState` (the one place that passes it).
    ///
    /// Folded alone (`apply(_:warnings:)`, which passes `alone`), `NightPlans` knows neither:
    /// it counts the zone of every event for the zone rule, also of one another projection
    /// would skip (an exit, checklist, sample … event that breaks its rule; docs/rules.md §1.3
    /// says such an event does not count), and no night has a confirmed exit, so no plan
    /// says `hasConfirmedExit`. To fold it alone as `LogState` does, pass these inputs.
    package struct Inputs: Sendable, Hashable {
        /// Whether another projection skipped the event as breaking a rule: its `tz` then
        /// does not count for the zone rule.
        package var skippedByAnotherProjection: Bool
        /// The real night whose exit the event confirmed, when the exit history accepted it
        /// (the night then ends `optedOut`).
        package var confirmedExitNight: LocalDate?

        /// Creates the value from its parts.
        package init(skippedByAnotherProjection: Bool, confirmedExitNight: LocalDate?) {
            self.skippedByAnotherProjection = skippedByAnotherProjection
            self.confirmedExitNight = confirmedExitNight
        }

        /// No other projection: nothing skipped elsewhere, no exit confirmed.
        package static let alone = Inputs(skippedByAnotherProjection: false, confirmedExitNight: nil)
    }

    /// Folds `event` alone (`Inputs.alone`; see there for how that differs from the fold
    /// inside `LogState`).
    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        apply(event, inputs: .alone, warnings: &warnings)
    }

    /// Folds `event` with what the other projections said of it (`inputs`).
    @discardableResult
    package mutating func apply(_ event: RecordedEvent, inputs: Inputs, warnings: inout ProjectionWarnings) -> FoldOutcome<ProjectionWarnings.Rule> {
        if let night = inputs.confirmedExitNight { confirmedExitNights.insert(night) }
        let countsForZone = !inputs.skippedByAnotherProjection
        var action: Entry.Action?
        switch event.payload {
        case .goalSet(let goal):
            if let violation = GoalRules.violation(of: goal) {
                return warnings.skip(seq: event.seq, rule: .goal, because: "goalSet breaks a rule: \(violation.message)")
            }
            action = .goal(goal)
        case .goalCleared:
            action = .cleared
        case .bedtimeOverridden(let override):
            switch nightInRange(override.night, of: event, demoReason: "whose bedtime follows from its start", warnings: &warnings) {
            case .success(let night): action = .override(night, override.bedtime)
            case .failure(let skip): return .skipped(skip.rule)
            }
        case .windDownStartedEarly(let early):
            // The demo night's early start is `DemoNights`' to judge (it starts in wind-down).
            if early.night == .demo { break }
            switch nightInRange(early.night, of: event, demoReason: "which starts with its wind-down", warnings: &warnings) {
            case .success(let night): action = .windDownStartedEarly(night)
            case .failure(let skip): return .skipped(skip.rule)
            }
        default:
            break
        }
        let zone = event.event.timeZone
        let zoneChange: String? = zone == latestZone || !countsForZone ? nil : zone
        guard zoneChange != nil || action != nil else { return .ignored }
        if let zoneChange { zones.add(zoneChange) }
        let entry = Entry(cause: EventReference(event), causeNight: ownNight(of: event), zoneChange: zoneChange, action: action)
        switch action {
        case .override(let night, _), .windDownStartedEarly(let night):
            // An override or early start needs a planned night that is not over; otherwise
            // the event is skipped, and like every skipped event it does not count for the
            // zone rule.
            if !isPlanned(night, after: entry) {
                return warnings.skip(seq: event.seq, rule: .nightPlan, because: "\(event.typeName) names night \(night.iso), which has no plan")
            }
            if let wake = keptExitWindow(for: night)?.closes, NightPlan.isOver(wakeTime: wake, at: event.at) {
                return warnings.skip(seq: event.seq, rule: .nightPlan, because: "\(event.typeName) names night \(night.iso), which was over at its wake time \(wake.rfc3339); a night that is over keeps its plan")
            }
        default:
            break
        }
        if let zoneChange {
            latestZone = zoneChange
            zoneChanges.append(ZoneChange(at: event.at, zone: zoneChange))
        }
        let allowedShortcuts = index.allowsShortcuts
        index.append(entry, knownZone: zoneChange.map { zones.resolver(for: $0) != nil } ?? true)
        timeline.append(entry)
        // Folds kept with shortcuts are not carried on without them: they start afresh.
        if allowedShortcuts, !index.allowsShortcuts { folds = [:] }
        return .applied
    }

    /// The noon-to-noon night holding `event`'s `at` in its own zone (in the offset its
    /// `at` was written with when the platform does not know the zone).
    private mutating func ownNight(of event: RecordedEvent) -> LocalDate {
        let zone = event.event.timeZone
        zones.add(zone)
        if let resolver = zones.resolver(for: zone) { return resolver.nightDate(of: event.at) }
        let local = event.at.localDateTime
        return local.hour >= 12 ? local.date : local.date.adding(days: -1)
    }

    /// Whether `night` would be planned once `entry` is folded (its fold is kept, up to
    /// the entries before it).
    private mutating func isPlanned(_ night: LocalDate, after entry: Entry) -> Bool {
        advanceFold(for: night)
        var changes = zoneChanges
        if let zone = entry.zoneChange { changes.append(ZoneChange(at: entry.cause.at, zone: zone)) }
        return folds[night]?.isPlanned(after: entry, zones: zones, zoneChanges: changes) ?? false
    }

    /// Whether `night` is planned as the log stands, keeping its fold for next time.
    package mutating func isPlanned(_ night: LocalDate) -> Bool {
        advanceFold(for: night)
        return folds[night]?.isPlanned ?? false
    }

    /// The plan of `night` as the log stands, keeping its fold for next time. Its
    /// revisions from before the night's last days are folded on each call (one step per
    /// goal, clear and zone change before them); `LogState`'s fold, which needs only the
    /// plan's instants, asks for the exit window or `isPlanned(_:)` instead.
    package mutating func keptPlan(for night: LocalDate) -> NightPlan? {
        advanceFold(for: night)
        guard var plan = folds[night].flatMap(plan(of:)) else { return nil }
        plan.hasConfirmedExit = confirmedExitNights.contains(night)
        return plan
    }

    /// The exit window of `night` as the log stands (its plan's, without the revisions
    /// the window does not need), keeping its fold for next time.
    mutating func keptExitWindow(for night: LocalDate) -> ExitWindow? {
        advanceFold(for: night)
        return folds[night]?.exitWindow
    }

    /// Advances the kept fold of `night` (a new one if none) over the timeline, in place.
    private mutating func advanceFold(for night: LocalDate) {
        folds[night, default: NightFold(night: night)].advance(over: timeline, index: index, zones: zones, zoneChanges: zoneChanges)
    }

    /// The plan `fold` holds, its early revisions folded now (`shared`: see
    /// `PlanTimelineIndex.earlyRevisions`).
    private func plan(of fold: NightFold, sharing shared: inout PlanTimelineIndex.SharedEarlyFold) -> NightPlan? {
        fold.plan { end in index.earlyRevisions(for: fold.night, end: end, timeline: timeline, sharing: &shared) }
    }

    /// The plan `fold` holds, its early revisions folded now.
    private func plan(of fold: NightFold) -> NightPlan? {
        var alone = PlanTimelineIndex.SharedEarlyFold()
        return plan(of: fold, sharing: &alone)
    }

    /// Why `nightInRange` refused a night: the rule of the warning it gave.
    private struct NightSkip: Error {
        var rule: ProjectionWarnings.Rule
    }

    /// The real night within range that an override or early start names, or, after
    /// warning that the event is skipped, the rule it broke (the demo night, or the range).
    private func nightInRange(_ named: Night, of event: RecordedEvent, demoReason: String, warnings: inout ProjectionWarnings) -> Result<LocalDate, NightSkip> {
        guard case .date(let night) = named else {
            warnings.skipped(seq: event.seq, rule: .nightPlan, because: "\(event.typeName) names the demo night, \(demoReason)")
            return .failure(NightSkip(rule: .nightPlan))
        }
        guard NightRange.admits(night, of: event, warnings: &warnings) else { return .failure(NightSkip(rule: .nightRange)) }
        return .success(night)
    }

    /// The plan of `night` as the log stands, or `nil` when the night is not planned.
    public func plan(for night: LocalDate) -> NightPlan? {
        var alone = PlanTimelineIndex.SharedEarlyFold()
        return plan(for: night, sharing: &alone)
    }

    /// ``plan(for:)``, the early revisions' fold shared with the nights asked before it in
    /// ascending order (`PlanTimelineIndex.earlyRevisions`).
    private func plan(for night: LocalDate, sharing shared: inout PlanTimelineIndex.SharedEarlyFold) -> NightPlan? {
        var fold = folds[night] ?? NightFold(night: night)
        fold.advance(over: timeline, index: index, zones: zones, zoneChanges: zoneChanges)
        guard var plan = plan(of: fold, sharing: &shared) else { return nil }
        plan.hasConfirmedExit = confirmedExitNights.contains(night)
        return plan
    }

    /// The plan of `night` without its revisions (`revisions` is empty), or `nil` when the
    /// night is not planned: for the queries that read only a plan's values and instants,
    /// as it takes no step for each goal, clear and zone change before the night.
    package func planWithoutRevisions(for night: LocalDate) -> NightPlan? {
        if let known, let plan = known.plan(for: night) { return plan }
        var fold = folds[night] ?? NightFold(night: night)
        fold.advance(over: timeline, index: index, zones: zones, zoneChanges: zoneChanges)
        guard var plan = fold.planWithoutRevisions else { return nil }
        plan.hasConfirmedExit = confirmedExitNights.contains(night)
        return plan
    }

    /// These plans knowing `plans`, the plans of `first`…`last` as ``plans(asOf:nights:)``
    /// lists them (a night of the run not among them is not planned): the copy answers
    /// ``planWithoutRevisions(for:)`` for those nights from them instead of folding each night
    /// again. For a query over many nights that lists the plans and then reads them again
    /// (the JSON view's scores, exits and phrasing tests).
    package func knowing(_ plans: [NightPlan], from first: LocalDate, to last: LocalDate) -> NightPlans {
        var copy = self
        copy.known = KnownPlans(plans, from: first, to: last)
        return copy
    }

    /// The plan of `night` listing every revision it ever had, not only those within the
    /// revision horizon (docs/rules.md §1.4): for an audit of one night (`why --all`). It
    /// folds every entry of the timeline for the night, so it costs the whole history.
    public func planListingEveryRevision(for night: LocalDate) -> NightPlan? {
        var fold = NightFold(night: night, listingEveryRevision: true)
        fold.advance(over: timeline, index: index.withoutShortcuts, zones: zones, zoneChanges: zoneChanges)
        guard var plan = plan(of: fold) else { return nil }
        plan.hasConfirmedExit = confirmedExitNights.contains(night)
        return plan
    }

    /// The plan of `night` folded over every entry of the timeline, as the rules read
    /// (docs/rules.md §1), without the kept folds or the index's shortcuts: what
    /// `plan(for:)` must always equal (the tests compare them).
    func referencePlan(for night: LocalDate) -> NightPlan? {
        var fold = NightFold(night: night)
        fold.advance(over: timeline, index: index.withoutShortcuts, zones: zones, zoneChanges: zoneChanges)
        guard var plan = plan(of: fold) else { return nil }
        plan.hasConfirmedExit = confirmedExitNights.contains(night)
        return plan
    }

    /// The first night whose plan an entry folded at `instant` (a goal, a clear, another
    /// zone) can change; every later night may change too. A goal or a clear never meets a
    /// night whose wind-down had begun, and a zone change comes after every wind-down of
    /// such a night, so an entry at or after night N's late limit (N + 3 at 00:00 UTC, see
    /// `NightFold`) leaves N as it was: the first night it can change is two nights before
    /// the UTC date of `instant`. An override or an early start changes only the night it
    /// names, besides its zone. `nil` when any night may change: the timeline does not
    /// allow `NightFold`'s shortcuts (an entry out of instant order, or a zone the platform
    /// does not know), and then every entry is folded for every night.
    public func firstNightChangeable(byEntryAt instant: Instant) -> LocalDate? {
        guard index.allowsShortcuts else { return nil }
        let moment = instant.millisecondsSince1970
        let day = moment >= 0 ? moment / NightFold.millisecondsPerDay : -((-moment + NightFold.millisecondsPerDay - 1) / NightFold.millisecondsPerDay)
        return LocalDate(daysSince1970: Int(day) - 2)
    }

    /// Whether folds take the index's shortcuts (see `NightFold`).
    var usesShortcuts: Bool { index.allowsShortcuts }

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

    /// The latest valid goal set, even if cleared since: "the latest goal's" sleep need
    /// for nights without a plan (docs/rules.md §1.2).
    public var latestGoalSet: GoalSet? {
        for entry in timeline.reversed() {
            if case .goal(let goal) = entry.action { return goal }
        }
        return nil
    }

    /// The earliest first night of any goal folded (no night before it has a plan); `nil`
    /// before any goal.
    package var firstPlannedNight: LocalDate? {
        timeline.compactMap { entry -> LocalDate? in
            if case .goal(let goal) = entry.action { return goal.firstNight }
            return nil
        }.min()
    }

    /// The noon-to-noon night holding `now`, in the latest zone (docs/rules.md §1.6, "asOf's
    /// night"); in UTC before any event.
    public func night(holding now: Instant) -> LocalDate {
        guard let zone = latestZone, let resolver = zones.resolver(for: zone) else {
            return LocalTimeResolver.utc.nightDate(of: now)
        }
        return resolver.nightDate(of: now)
    }

    /// 12:00 of `date` on the latest zone's clock (UTC before any event): when the night of
    /// `date` begins, and the night before ends (its span's end).
    public func noon(on date: LocalDate) -> Instant {
        let resolver = latestZone.flatMap { zones.resolver(for: $0) } ?? LocalTimeResolver.utc
        return resolver.instant(on: date, at: .noon)
    }

    /// When ``night(holding:)`` next changes after `now`: noon of the next night's date, on
    /// the same clock.
    public func nextNightStart(after now: Instant) -> Instant {
        let resolver = latestZone.flatMap { zones.resolver(for: $0) } ?? LocalTimeResolver.utc
        return resolver.instant(on: resolver.nightDate(of: now).adding(days: 1), at: .noon)
    }

    /// The planned nights from the first planned night to the later of `now`'s night + 6
    /// and the last night of the latest goal's ramp, oldest first (docs/json-view.md `plans`).
    public func plans(asOf now: Instant) -> [NightPlan] {
        plans(asOf: now, nights: .all)
    }

    /// The plans of ``plans(asOf:)`` whose night `nights` keeps, oldest first
    /// (`replay-tool show --from D --to D`): the same list, filtered, but only the nights in
    /// range are folded and their revisions built, so a week of a long log costs a week.
    public func plans(asOf now: Instant, nights: NightFilter) -> [NightPlan] {
        guard let listed = listedNights(asOf: now), let kept = nights.clamped(first: listed.lowerBound, last: listed.upperBound) else {
            return []
        }
        var plans: [NightPlan] = []
        var shared = PlanTimelineIndex.SharedEarlyFold()
        var night = kept.lowerBound
        while night <= kept.upperBound {
            if let plan = plan(for: night, sharing: &shared) { plans.append(plan) }
            night = night.adding(days: 1)
        }
        return plans
    }

    /// The nights of ``plans(asOf:nights:)``, oldest first, without building their
    /// revisions: how long the list is and where it runs, for a view that shows only part
    /// of it (`show`'s text form).
    public func plannedNights(asOf now: Instant, nights: NightFilter) -> [LocalDate] {
        guard let listed = listedNights(asOf: now), let kept = nights.clamped(first: listed.lowerBound, last: listed.upperBound) else {
            return []
        }
        var planned: [LocalDate] = []
        var night = kept.lowerBound
        while night <= kept.upperBound {
            if planWithoutRevisions(for: night) != nil { planned.append(night) }
            night = night.adding(days: 1)
        }
        return planned
    }

    /// The nights ``plans(asOf:)`` lists plans for: from the first planned night to the
    /// later of `now`'s night + 6 and the last night of the latest goal's ramp; `nil`
    /// before any goal. (Not every night of the range need be planned.)
    package func listedNights(asOf now: Instant) -> ClosedRange<LocalDate>? {
        var firstNight: LocalDate?
        var latestGoal: GoalSet?
        for entry in timeline {
            if case .goal(let goal) = entry.action {
                firstNight = min(firstNight ?? goal.firstNight, goal.firstNight)
                latestGoal = goal
            }
        }
        guard let firstNight, let latestGoal else { return nil }
        let last = max(night(holding: now).adding(days: 6), GoalRules.lastRampNight(of: latestGoal))
        return firstNight <= last ? firstNight...last : nil
    }
}

// MARK: Checkpoint

extension NightPlans: StateCodable {
    package static var placeholder: NightPlans { NightPlans() }

    /// Whether the folds take the index's shortcuts, the timeline (with room to grow), and
    /// the nights with a confirmed exit. The rest is derived from the timeline when read:
    /// the zone changes and the latest zone (an entry's zone change is both), the zone book
    /// (the zones of the zone changes: the only zones asked of it before being added), the
    /// index (built entry by entry, as folding built it). The kept night folds are a cache,
    /// left out: a night's fold is made afresh when asked, with the same answers.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var allowsShortcuts = index.allowsShortcuts
        try coder.field("NightPlans.allowsShortcuts", &allowsShortcuts)
        try coder.field("NightPlans.timeline", &timeline, growing: true)
        if Coder.isReading {
            let entries = timeline
            self = NightPlans()
            for entry in entries { rebuild(after: entry) }
            timeline = entries
            if !allowsShortcuts { index = index.withoutShortcuts }
            try coder.check(!allowsShortcuts || index.allowsShortcuts, "the timeline does not allow the shortcuts it says it allows")
        }
        try coder.field("NightPlans.confirmedExitNights", &confirmedExitNights)
    }

    /// Derives what `entry` adds to the zone changes, the zone book and the index.
    private mutating func rebuild(after entry: Entry) {
        if let zone = entry.zoneChange {
            zones.add(zone)
            latestZone = zone
            zoneChanges.append(ZoneChange(at: entry.cause.at, zone: zone))
        }
        index.append(entry, knownZone: entry.zoneChange.map { zones.resolver(for: $0) != nil } ?? true)
    }
}

extension NightPlans.Entry: StateCodable {
    static var placeholder: NightPlans.Entry {
        NightPlans.Entry(cause: .placeholder, causeNight: .placeholder, zoneChange: nil, action: nil)
    }

    /// The cause, its night, the zone change, then the action: 0 none, 1 a goal, 2 a clear,
    /// 3 an override (night, bedtime), 4 an early start (night).
    mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("NightPlans.Entry.cause", &cause)
        try coder.field("NightPlans.Entry.causeNight", &causeNight)
        try coder.field("NightPlans.Entry.zoneChange", &zoneChange)
        try coder.field("NightPlans.Entry.action") { coder throws(Coder.Failure) in
            var kind: UInt8
            var goal = GoalSet.placeholder
            var night = LocalDate.placeholder
            var bedtime = TimeOfDay.placeholder
            switch action {
            case nil: kind = 0
            case .goal(let set): (kind, goal) = (1, set)
            case .cleared: kind = 2
            case .override(let date, let time): (kind, night, bedtime) = (3, date, time)
            case .windDownStartedEarly(let date): (kind, night) = (4, date)
            }
            try coder.code(&kind)
            try coder.check(kind <= 4, "\(kind) is not an action")
            if kind == 1 {
                try coder.code(&goal)
                // Only a goal within the rules enters the timeline (the plans divide by its days).
                if Coder.isReading, let violation = GoalRules.violation(of: goal) { try coder.check(false, violation.message) }
            }
            if kind >= 3 { try coder.code(&night) }
            if kind == 3 { try coder.code(&bedtime) }
            guard Coder.isReading else { return }
            switch kind {
            case 1: action = .goal(goal)
            case 2: action = .cleared
            case 3: action = .override(night, bedtime)
            case 4: action = .windDownStartedEarly(night)
            default: action = nil
            }
        }
    }
}

/// The plans of a run of nights, without their revisions, by night (``NightPlans/knowing(_:from:to:)``).
private struct KnownPlans: Sendable {
    /// The run's first night, in days since 1970.
    let first: Int
    /// Each night's plan in order, `nil` for a night not planned.
    let plans: [NightPlan?]

    init(_ listed: [NightPlan], from first: LocalDate, to last: LocalDate) {
        self.first = first.daysSince1970
        var plans = [NightPlan?](repeating: nil, count: max(0, last.days(from: first) + 1))
        for var plan in listed {
            let offset = plan.night.daysSince1970 - self.first
            guard plans.indices.contains(offset) else { continue }
            plan.revisions = []
            plans[offset] = plan
        }
        self.plans = plans
    }

    /// `night`'s plan (`.some(nil)`: the night is not planned), or `nil` outside the run.
    func plan(for night: LocalDate) -> NightPlan?? {
        let offset = night.daysSince1970 - first
        return plans.indices.contains(offset) ? .some(plans[offset]) : nil
    }
}
