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
    /// For each of `globalEntries`, the first night (days since 1970) from which it folds
    /// alike in every night's early stretch: its cause's night is before the night's week
    /// (not listed, `RevisionHorizon`), and a goal's ramp has reached its last night (the
    /// night's bedtime is the target). From that night on, the early stretch's fold over
    /// it depends on the entries alone, not on the night.
    private var foldsAlikeFrom: [Int32] = []
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
            appendGlobal(entry, at: index)
        case .override(let night, _), .windDownStartedEarly(let night):
            nightEntries[night, default: []].append(index)
            if entry.zoneChange != nil { appendGlobal(entry, at: index) }
        case nil:
            appendGlobal(entry, at: index)
        }
    }

    /// Notes `entry`, at `index` of the timeline, as one that can touch every night.
    private mutating func appendGlobal(_ entry: NightPlans.Entry, at index: Int) {
        globalEntries.append(index)
        var from = RevisionHorizon.firstNightNotListing(causeNight: entry.causeNight)
        if case .goal(let goal) = entry.action { from = max(from, GoalRules.lastRampNight(of: goal)) }
        foldsAlikeFrom.append(Int32(from.daysSince1970))
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
    ///
    /// `shared` carries the fold over the first entries between the nights of one query
    /// asked in ascending order (`NightPlans.plans(asOf:nights:)`); a fresh one for a night
    /// asked alone. Those first entries are the ones that fold alike for the night and every
    /// later night (`foldsAlikeFrom`), so each night folds only the entries after them: those
    /// of its last week and of goals whose ramp has not reached it. A long log's list of
    /// plans then costs each night a few steps rather than one step for every goal, clear
    /// and zone change before it.
    func earlyRevisions(for night: LocalDate, end: Int, timeline: [NightPlans.Entry], sharing shared: inout SharedEarlyFold) -> RevisionHorizon {
        guard let start = shared.grown(for: night, end: end, index: self, timeline: timeline) else {
            // A night before the shared fold's, or an end before what it folded: alone.
            var alone = EarlyFold(night: night)
            fold(&alone, for: night, end: end, through: globalEntries.count, timeline: timeline)
            return alone.revisions
        }
        var fold = start
        self.fold(&fold, for: night, end: end, through: globalEntries.count, timeline: timeline)
        return fold.revisions
    }

    /// The state of the early stretch's fold for one night after some of the global
    /// entries.
    struct EarlyFold: Sendable {
        /// How many of `globalEntries` are folded.
        fileprivate var folded = 0
        fileprivate var goal: GoalSet?
        fileprivate var values: NightPlanValues?
        fileprivate var zone: String?
        fileprivate var revisions: RevisionHorizon

        fileprivate init(night: LocalDate) {
            revisions = RevisionHorizon(night: night)
        }
    }

    /// The early stretch's fold over the first global entries, shared by the nights of one
    /// query asked in ascending order (see ``earlyRevisions(for:end:timeline:sharing:)``).
    struct SharedEarlyFold: Sendable {
        private var fold: EarlyFold?
        /// The latest night the fold was grown for.
        private var night: LocalDate?

        init() {}

        /// The fold grown over every further entry that folds alike for `night` and every
        /// later night, set to list `night`'s revisions; `nil` when it cannot serve `night`
        /// (a night before one it served, or an end before an entry it folded).
        fileprivate mutating func grown(for night: LocalDate, end: Int, index: PlanTimelineIndex, timeline: [NightPlans.Entry]) -> EarlyFold? {
            if let served = self.night, night < served { return nil }
            var shared = fold ?? EarlyFold(night: night)
            if shared.folded > 0, index.globalEntries[shared.folded - 1] >= end { return nil }
            // Every entry folded so far is from before `night`'s week, so none is listed:
            // the list moves to the night's horizon as it is.
            shared.revisions = RevisionHorizon(night: night, continuing: shared.revisions)
            var limit = shared.folded
            let day = Int32(night.daysSince1970)
            while limit < index.globalEntries.count, index.globalEntries[limit] < end, index.foldsAlikeFrom[limit] <= day {
                limit += 1
            }
            index.fold(&shared, for: night, end: end, through: limit, timeline: timeline)
            fold = shared
            self.night = night
            return shared
        }
    }

    /// Folds the global entries from `fold.folded` up to `limit`, before entry `end`, for
    /// `night`.
    private func fold(_ fold: inout EarlyFold, for night: LocalDate, end: Int, through limit: Int, timeline: [NightPlans.Entry]) {
        while fold.folded < limit {
            let index = globalEntries[fold.folded]
            if index >= end { break }
            fold.folded += 1
            // The entry's parts read in place: most entries change nothing for this night.
            let zoneChange = timeline[index].zoneChange
            if let zoneChange { fold.zone = zoneChange }
            switch timeline[index].action {
            case .goal(let set) where set.firstNight <= night:
                fold.goal = set
            case .cleared:
                if fold.values != nil { fold.goal = nil }
            default:
                if zoneChange == nil { continue }
            }
            let next = fold.goal.flatMap { goal in fold.zone.map { NightFold.values(of: goal, night: night, timeZone: $0) } }
            if next != fold.values {
                if let next {
                    if fold.values == nil { fold.revisions.reset() }
                    let causeNight = timeline[index].causeNight
                    if let values = fold.values, values.bedtime == next.bedtime, !fold.revisions.lists(causeNight: causeNight) {
                        // Before the horizon and not setting the bedtime: only counted.
                        fold.revisions.countBeforeHorizon()
                    } else {
                        fold.revisions.append(PlanRevision(values: next, previous: fold.values, cause: timeline[index].cause, causeNight: causeNight))
                    }
                } else {
                    fold.revisions.reset()
                }
            }
            fold.values = next
        }
    }

    /// The first index of `sorted` (ascending by `isAtOrAfter`) whose element satisfies
    /// `isAtOrAfter`, else its count.
    private static func firstIndex<Element>(in sorted: [Element], where isAtOrAfter: (Element) -> Bool) -> Int {
        sorted.partitioningIndex(where: isAtOrAfter)
    }
}
