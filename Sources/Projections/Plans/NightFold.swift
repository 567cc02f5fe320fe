import Events

/// One night's plan, folded entry by entry over the plan timeline (docs/rules.md §1,
/// its fine points in §1.2 to §1.5):
///
/// - A goal governs the nights from its `firstNight` on; it never re-plans a night whose
///   wind-down had started at its `at` (by the plan, or by an early start), and it never
///   plans a night whose wind-down would already have started.
/// - An override changes one night; between a goal and an override of the same night, the
///   later event wins.
/// - `goalCleared` removes the plans of nights whose wind-down had not started at its `at`.
/// - A night's zone is the `tz` of the latest event whose `at` is before the night's
///   wind-down computed in that event's own zone; before every event, the earliest zone.
/// - A revision is recorded when the plan is created and whenever an event changes its
///   bedtime, zone or sleep need; a plan created again after a clear starts a fresh list.
///
/// The fold can be kept and advanced over entries appended later, so asking about a night
/// again costs only the entries added since.
///
/// ## Folding only what can touch the night
/// Folding every entry of the timeline for every night asked about would cost each night
/// the whole history (every trip and every goal reaches every later night), so a long log
/// would fold in quadratic time. When the timeline allows it (`PlanTimelineIndex`
/// `allowsShortcuts`: entries in instant order, the first one setting the zone, every zone
/// known), `advance(over:)` splits the timeline, for night N, by instant:
///
/// - **Early** (before `earlyLimit`, 2 days before N's date at 00:00 UTC, and before the
///   first override or early start naming N): every wind-down of N, in any zone and for any
///   bedtime, lies after these entries (a bedtime of the night reads from N 12:00 to
///   N+1 11:59 on the wall clock; with an offset within ±24 h and 4 h taken off, the
///   earliest wind-down is N−1 08:00 UTC), so no goal or clear meets a started night, and
///   the zone rule picks the latest zone. Folded this far, the night is governed
///   by the latest goal with `firstNight` ≤ N unless a clear came after it, and planned in the
///   latest zone: `PlanTimelineIndex` answers that without folding. The revisions of this
///   stretch are folded only when a plan is shown (`PlanTimelineIndex.earlyRevisions`),
///   from the entries that can touch every night (goals, clears, zone changes), without
///   resolving any instant: they depend on the values alone.
/// - **Middle** (up to `lateLimit`, 3 days after N's date at 00:00 UTC): every entry is
///   folded as it stands.
/// - **Late** (from `lateLimit` on): every wind-down of N lies before these entries (the
///   latest is N+2 08:00 UTC), so a goal or a clear meets a started night, and a zone
///   change comes after the wind-down in every zone: only the overrides and early starts
///   naming N are folded.
///
/// `NightPlans.referencePlan` folds every entry, as the rules read; the tests hold both to
/// the same answers on the fixtures, on simulated logs and on random plan logs.
struct NightFold: Sendable, Hashable {
    /// Wind-down begins this long before bedtime.
    static let windDownSeconds: Int64 = 4 * 3600
    /// Milliseconds in a day.
    static let millisecondsPerDay: Int64 = 86_400_000

    private struct Governing: Sendable, Hashable {
        var goal: GoalSet
        var override: TimeOfDay?
    }

    private struct Derived: Sendable, Hashable {
        var values: NightPlanValues
        var bedtimeAt: Instant
        var windDownStart: Instant
        var wakeTime: Instant
    }

    let night: LocalDate
    /// How many timeline entries have been folded (or accounted for by a shortcut).
    private(set) var processed = 0
    /// Whether the fold is still in its early stretch (its state stands for every entry so
    /// far, found by the index rather than folded).
    private var isEarly = true
    /// Whether the early state has been taken (for the first `processed` entries).
    private var hasEarlyState = false
    private var governing: Governing?
    private var early: Instant?
    private var current: Derived?
    /// The revisions folded entry by entry, within the revision horizon.
    private var revisions: RevisionHorizon
    /// When the plan comes from the early stretch: the number of timeline entries that
    /// stretch holds, whose revisions come before `revisions` (folded when shown).
    private var inheritedEnd: Int?

    /// A fold of `night`; with `listingEveryRevision`, its plan lists every revision, not
    /// only those within the revision horizon (`why --all`).
    init(night: LocalDate, listingEveryRevision: Bool = false) {
        self.night = night
        revisions = RevisionHorizon(night: night, listingEveryRevision: listingEveryRevision)
    }

    /// Before this instant (ms since 1970), an entry is early for this night (see above).
    var earlyLimit: Int64 { Int64(night.daysSince1970 - 2) * Self.millisecondsPerDay }
    /// From this instant on, only the night's own overrides and early starts can touch it.
    var lateLimit: Int64 { Int64(night.daysSince1970 + 3) * Self.millisecondsPerDay }

    /// Folds the entries of `timeline` not folded yet, only those that can touch the night
    /// when `index` allows shortcuts, else every one.
    mutating func advance(over timeline: [NightPlans.Entry], index: PlanTimelineIndex, zones: ZoneBook, zoneChanges: [NightPlans.ZoneChange]) {
        let count = timeline.count
        guard index.allowsShortcuts else {
            isEarly = false
            while processed < count {
                fold(timeline[processed], zoneChangeCount: index.zoneChangesThrough[processed], zones: zones, zoneChanges: zoneChanges)
                processed += 1
            }
            return
        }
        if isEarly {
            // Nothing new since the early state was taken for the whole timeline.
            if processed == count, hasEarlyState { return }
            let cutoff = index.earlyEnd(for: night, limit: earlyLimit)
            if cutoff != processed || !hasEarlyState {
                takeEarlyState(at: cutoff, timeline: timeline, index: index, zones: zones, zoneChanges: zoneChanges)
                hasEarlyState = true
            }
            processed = cutoff
            if cutoff == count { return }
            isEarly = false
        }
        let late = lateLimit
        while processed < count, index.moments[processed] < late {
            fold(timeline[processed], zoneChangeCount: index.zoneChangesThrough[processed], zones: zones, zoneChanges: zoneChanges)
            processed += 1
        }
        guard processed < count else { return }
        for entryIndex in index.localEntries(of: night, from: processed) {
            fold(timeline[entryIndex], zoneChangeCount: index.zoneChangesThrough[entryIndex], zones: zones, zoneChanges: zoneChanges)
        }
        processed = count
    }

    /// Sets the state the early stretch of `cutoff` entries leaves (see the type's notes):
    /// governed by `index.earlyGoal`, in the latest zone, not started early, its revisions
    /// to be folded when shown.
    private mutating func takeEarlyState(at cutoff: Int, timeline: [NightPlans.Entry], index: PlanTimelineIndex, zones: ZoneBook, zoneChanges: [NightPlans.ZoneChange]) {
        early = nil
        revisions.reset()
        guard cutoff > 0, let goal = index.earlyGoal(for: night, before: cutoff, timeline: timeline) else {
            governing = nil
            current = nil
            inheritedEnd = nil
            return
        }
        governing = Governing(goal: goal, override: nil)
        inheritedEnd = cutoff
        let zoneCount = index.zoneChangesThrough[cutoff - 1]
        guard zoneCount > 0 else {
            current = nil
            return
        }
        let values = Self.values(of: goal, night: night, timeZone: zoneChanges[zoneCount - 1].zone)
        if current?.values == values { return }
        current = zones.resolver(for: values.timeZone).map { Self.derived(values, night: night, resolver: $0) }
    }

    /// The plan as folded so far, or `nil` when the night is not planned; `earlyRevisions`
    /// gives the revisions of the early stretch of so many entries, when the plan has them.
    func plan(earlyRevisions: (Int) -> RevisionHorizon) -> NightPlan? {
        guard current != nil else { return nil }
        var horizon = inheritedEnd.map(earlyRevisions) ?? RevisionHorizon(night: night)
        horizon.append(contentsOf: revisions)
        return plan(listing: horizon.revisions)
    }

    /// The plan as folded so far without its revisions (`revisions` is empty), or `nil`:
    /// for queries that need only its values and instants.
    var planWithoutRevisions: NightPlan? {
        plan(listing: [])
    }

    private func plan(listing revisions: [PlanRevision]) -> NightPlan? {
        guard let current else { return nil }
        return NightPlan(
            night: night, values: current.values, bedtimeAt: current.bedtimeAt,
            windDownStart: current.windDownStart, wakeTime: current.wakeTime,
            windDownStartedEarlyAt: early, revisions: revisions, hasConfirmedExit: false
        )
    }

    /// The exit window of the plan as folded so far (no revisions needed), or `nil`.
    var exitWindow: ExitWindow? {
        planWithoutRevisions.map { ExitWindow(plan: $0, isDemo: false) }
    }

    /// Whether the night is planned, as folded so far.
    var isPlanned: Bool { current != nil }

    /// Whether the night would be planned after folding `entry` too (`zoneChanges`
    /// including its zone change, if any); the fold itself is left as it is.
    func isPlanned(after entry: NightPlans.Entry, zones: ZoneBook, zoneChanges: [NightPlans.ZoneChange]) -> Bool {
        var probe = self
        probe.fold(entry, zoneChangeCount: zoneChanges.count, zones: zones, zoneChanges: zoneChanges)
        return probe.isPlanned
    }

    /// Folds one entry; `zoneChangeCount` is the number of zone changes up to and
    /// including it.
    private mutating func fold(_ entry: NightPlans.Entry, zoneChangeCount: Int, zones: ZoneBook, zoneChanges: [NightPlans.ZoneChange]) {
        let at = entry.cause.at
        let changes = zoneChanges.prefix(zoneChangeCount)
        switch entry.action {
        case .goal(let goal) where night >= goal.firstNight:
            let candidate = Governing(goal: goal, override: nil)
            let windDown = current?.windDownStart ?? derive(candidate, zones: zones, zoneChanges: changes)?.windDownStart
            if !Self.hasStarted(windDown: windDown, early: early, at: at) {
                governing = candidate
            }
        case .cleared:
            if current != nil, !Self.hasStarted(windDown: current?.windDownStart, early: early, at: at) {
                governing = nil
            }
        case .override(let overridden, let bedtime) where overridden == night:
            if governing != nil { governing?.override = bedtime }
        case .windDownStartedEarly(let started) where started == night:
            if early == nil, current != nil { early = at }
        default:
            if entry.zoneChange == nil { return }
        }
        let next = governing.flatMap { derive($0, zones: zones, zoneChanges: changes) }
        if next?.values != current?.values {
            if let next {
                if current == nil {
                    revisions.reset()
                    inheritedEnd = nil
                }
                revisions.append(PlanRevision(values: next.values, previous: current?.values, cause: entry.cause, causeNight: entry.causeNight))
            } else {
                revisions.reset()
                inheritedEnd = nil
                early = nil
            }
        }
        current = next
    }

    private static func hasStarted(windDown: Instant?, early: Instant?, at: Instant) -> Bool {
        if let early, early.millisecondsSince1970 <= at.millisecondsSince1970 { return true }
        guard let windDown else { return false }
        return windDown.millisecondsSince1970 <= at.millisecondsSince1970
    }

    /// The values of `night` under `goal` (no override) in `timeZone`.
    static func values(of goal: GoalSet, night: LocalDate, timeZone: String) -> NightPlanValues {
        let index = night.days(from: goal.firstNight) + 1
        return NightPlanValues(bedtime: GoalRules.bedtime(of: goal, nightIndex: index), timeZone: timeZone, sleepNeedMinutes: goal.effectiveSleepNeedMinutes)
    }

    private func derive(_ governing: Governing, zones: ZoneBook, zoneChanges: ArraySlice<NightPlans.ZoneChange>) -> Derived? {
        let goal = governing.goal
        let index = night.days(from: goal.firstNight) + 1
        let bedtime = governing.override ?? GoalRules.bedtime(of: goal, nightIndex: index)
        guard let zone = zone(bedtime: bedtime, zones: zones, zoneChanges: zoneChanges),
              let resolver = zones.resolver(for: zone) else { return nil }
        let values = NightPlanValues(bedtime: bedtime, timeZone: zone, sleepNeedMinutes: goal.effectiveSleepNeedMinutes)
        return Self.derived(values, night: night, resolver: resolver)
    }

    /// The instants of a plan: a function of the night and its values alone.
    private static func derived(_ values: NightPlanValues, night: LocalDate, resolver: LocalTimeResolver) -> Derived {
        let bedtimeAt = resolver.wallClockInstant(night: night, time: values.bedtime)
        return Derived(
            values: values,
            bedtimeAt: bedtimeAt,
            windDownStart: resolver.display(bedtimeAt.adding(seconds: -Self.windDownSeconds)),
            wakeTime: resolver.display(bedtimeAt.adding(seconds: Int64(values.sleepNeedMinutes) * 60))
        )
    }

    /// The zone rule of docs/rules.md §1.3. Zone changes are in fold order, so by instant: a
    /// binary search finds the last change that could precede the wind-down in any zone
    /// (offsets lie within −12 h…+14 h), and a short walk back checks each in its own zone.
    private func zone(bedtime: TimeOfDay, zones: ZoneBook, zoneChanges: ArraySlice<NightPlans.ZoneChange>) -> String? {
        guard let first = zoneChanges.first else { return nil }
        let wallAsUTC = LocalTimeResolver.utc.wallClockInstant(night: night, time: bedtime).millisecondsSince1970 - Self.windDownSeconds * 1000
        let latestPossibleWindDown = wallAsUTC + 12 * 3_600_000
        var index = zoneChanges.partitioningIndex { $0.at.millisecondsSince1970 >= latestPossibleWindDown }
        while index > zoneChanges.startIndex {
            index -= 1
            let change = zoneChanges[index]
            guard let resolver = zones.resolver(for: change.zone) else { continue }
            let windDown = resolver.wallClockInstant(night: night, time: bedtime).millisecondsSince1970 - Self.windDownSeconds * 1000
            if change.at.millisecondsSince1970 < windDown { return change.zone }
        }
        return first.zone
    }
}

extension LocalTimeResolver {
    /// Wall clock = UTC.
    static let utc = LocalTimeResolver(timeZone: .gmt)
}
