import Events

/// What `NightPlans` derives from its plan timeline so that a night's fold visits only the
/// entries that can touch that night (see `NightFold`, "Folding only what can touch the
/// night"). Derived from the timeline entry by entry, so left out of equality.
struct PlanTimelineIndex: Sendable {
    /// The instant of each entry, in milliseconds since 1970.
    private(set) var moments: [Int64] = []
    /// How many zone changes the entries up to and including each one hold.
    private(set) var zoneChangesThrough: [Int] = []
    /// The entries that can touch every night: goals, clears and zone changes, in order.
    private var globalEntries: [Int] = []
    /// The goals and clears, in order.
    private var planActions: [Int] = []
    /// The overrides and early starts, by the night they name, in order.
    private var nightEntries: [LocalDate: [Int]] = [:]
    /// Whether the shortcuts of `NightFold` hold: the entries are in instant order (as the
    /// fold order makes them), the first one sets the zone, and every zone is known.
    private(set) var allowsShortcuts = true

    /// Notes the entry appended at the end of the timeline; `knownZone` says whether its
    /// zone change, if any, names a zone the zone book resolves.
    mutating func append(_ entry: NightPlans.Entry, knownZone: Bool) {
        let index = moments.count
        let moment = entry.cause.at.millisecondsSince1970
        if let last = moments.last, moment < last { allowsShortcuts = false }
        if index == 0, entry.zoneChange == nil { allowsShortcuts = false }
        if entry.zoneChange != nil, !knownZone { allowsShortcuts = false }
        moments.append(moment)
        zoneChangesThrough.append((zoneChangesThrough.last ?? 0) + (entry.zoneChange == nil ? 0 : 1))
        switch entry.action {
        case .goal, .cleared:
            planActions.append(index)
            globalEntries.append(index)
        case .override(let night, _), .windDownStartedEarly(let night):
            nightEntries[night, default: []].append(index)
            if entry.zoneChange != nil { globalEntries.append(index) }
        case nil:
            globalEntries.append(index)
        }
    }

    /// The same index with the shortcuts turned off (every entry folded).
    var withoutShortcuts: PlanTimelineIndex {
        var index = self
        index.allowsShortcuts = false
        return index
    }

    /// How many entries lie in the early stretch of `night`: those before `limit` and
    /// before the first override or early start naming the night.
    func earlyEnd(for night: LocalDate, limit: Int64) -> Int {
        let byInstant = Self.firstIndex(in: moments) { $0 >= limit }
        guard let own = nightEntries[night]?.first else { return byInstant }
        return min(byInstant, own)
    }

    /// The overrides and early starts naming `night`, from entry `start` on.
    func localEntries(of night: LocalDate, from start: Int) -> ArraySlice<Int> {
        guard let own = nightEntries[night] else { return [] }
        return own[Self.firstIndex(in: own) { $0 >= start}...]
    }

    /// The goal governing `night` after the early stretch of `end` entries: the latest goal
    /// with `firstNight` on or before the night, unless a clear came after it (in the early
    /// stretch a clear always meets a night not yet started, and a night governed by a goal
    /// is planned, every zone being known).
    func earlyGoal(for night: LocalDate, before end: Int, timeline: [NightPlans.Entry]) -> GoalSet? {
        var position = Self.firstIndex(in: planActions) { $0 >= end }
        while position > 0 {
            position -= 1
            switch timeline[planActions[position]].action {
            case .goal(let goal) where goal.firstNight <= night: return goal
            case .cleared: return nil
            default: continue
            }
        }
        return nil
    }

    /// The revisions of `night` folded over its early stretch of `end` entries, within the
    /// revision horizon (so the list stays short however long the log): what
    /// `NightFold` records there, from the goals, clears and zone changes alone (in that
    /// stretch the plan's values follow the governing goal and the latest zone, and no
    /// instant needs resolving).
    func earlyRevisions(for night: LocalDate, end: Int, timeline: [NightPlans.Entry]) -> RevisionHorizon {
        var revisions = RevisionHorizon(night: night)
        var goal: GoalSet?
        var values: NightPlanValues?
        var zone: String?
        for index in globalEntries {
            if index >= end { break }
            // The entry's parts read in place: most entries change nothing for this night.
            let zoneChange = timeline[index].zoneChange
            if let zoneChange { zone = zoneChange }
            switch timeline[index].action {
            case .goal(let set) where set.firstNight <= night:
                goal = set
            case .cleared:
                if values != nil { goal = nil }
            default:
                if zoneChange == nil { continue }
            }
            let next = goal.flatMap { goal in zone.map { NightFold.values(of: goal, night: night, timeZone: $0) } }
            if next != values {
                if let next {
                    if values == nil { revisions.reset() }
                    let causeNight = timeline[index].causeNight
                    if let values, values.bedtime == next.bedtime, !revisions.lists(causeNight: causeNight) {
                        // Before the horizon and not setting the bedtime: only counted.
                        revisions.countBeforeHorizon()
                    } else {
                        revisions.append(PlanRevision(values: next, previous: values, cause: timeline[index].cause, causeNight: causeNight))
                    }
                } else {
                    revisions.reset()
                }
            }
            values = next
        }
        return revisions
    }

    /// The first index of `sorted` (ascending by `isAtOrAfter`) whose element satisfies
    /// `isAtOrAfter`, else its count.
    private static func firstIndex<Element>(in sorted: [Element], where isAtOrAfter: (Element) -> Bool) -> Int {
        sorted.partitioningIndex(where: isAtOrAfter)
    }
}
