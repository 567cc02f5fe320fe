import Events

/// The revision horizon (docs/rules.md §1.4): the revisions a night lists.
///
/// For night D, a revision whose cause's own night (the noon-to-noon night holding the
/// event's `at`, in the event's `tz`) is D − 7 or later is listed as it is. Of the other
/// revisions one is kept, first in the list, standing for the plan as it stood before the
/// night's week: the latest of them in fold order that set the bedtime (the plan's
/// creation, or a change of its bedtime; a change of zone or sleep need alone does not), so
/// an audit sees the goal or override the bedtime came from. So a night lists at most one
/// revision from before its week, however many trips and goals came before, and
/// `show --json` grows in proportion to the log, not its square.
///
/// Revisions are fed in fold order (`append`); a plan removed by `goalCleared` and created
/// again starts afresh (`reset`). Feeding the lists of two consecutive stretches (already
/// bounded) gives the same result as feeding every revision, so a night's fold can keep
/// its stretches apart and join them when the plan is shown.
struct RevisionHorizon: Sendable, Hashable {
    /// How many nights before the night its week begins: revisions caused on night
    /// D − 7 or later are listed as they are.
    static let nightsBefore = 7

    /// The first night whose revisions are listed as they are; `nil` when every revision is
    /// (`why --all`).
    let firstListedNight: LocalDate?
    /// The latest revision caused before the horizon that set the bedtime, if any.
    private var standIn: PlanRevision?
    /// How many revisions were caused before the horizon (the stand-in included).
    private var beforeHorizon = 0
    /// The revisions caused within the horizon, in fold order.
    private(set) var recent: [PlanRevision] = []

    /// An empty list for `night`; with `listingEveryRevision`, one that lists every
    /// revision as it is, whatever its cause's night.
    init(night: LocalDate, listingEveryRevision: Bool = false) {
        firstListedNight = listingEveryRevision ? nil : night.adding(days: -Self.nightsBefore)
    }

    /// `other`'s list moved to `night`'s horizon: for a list whose revisions are all from
    /// before both nights' weeks (none is listed as it is; `PlanTimelineIndex` moves the
    /// fold shared by the nights of one query from one night to the next).
    init(night: LocalDate, continuing other: RevisionHorizon) {
        firstListedNight = night.adding(days: -Self.nightsBefore)
        standIn = other.standIn
        beforeHorizon = other.beforeHorizon
        recent = other.recent
    }

    /// The first night that does not list as it is a revision caused on `causeNight`: for
    /// that night and every later one, the revision is from before the night's week.
    static func firstNightNotListing(causeNight: LocalDate) -> LocalDate {
        causeNight.adding(days: Self.nightsBefore + 1)
    }

    /// Adds the next revision in fold order.
    mutating func append(_ revision: PlanRevision) {
        guard let firstListedNight, revision.causeNight < firstListedNight else {
            recent.append(revision)
            return
        }
        beforeHorizon += 1
        if revision.setsBedtime { standIn = revision }
    }

    /// Whether a revision caused on `causeNight` is listed as it is (else it is from before
    /// the night's week).
    func lists(causeNight: LocalDate) -> Bool {
        firstListedNight.map { causeNight >= $0 } ?? true
    }

    /// What ``append(_:)`` does with a revision from before the night's week that does not
    /// set the bedtime, without making it: counts it.
    mutating func countBeforeHorizon() {
        beforeHorizon += 1
    }

    /// Adds every revision of `other`, the list of a later stretch of the same night.
    mutating func append(contentsOf other: RevisionHorizon) {
        beforeHorizon += other.beforeHorizon
        if let otherStandIn = other.standIn { standIn = otherStandIn }
        recent.append(contentsOf: other.recent)
    }

    /// Empties the list: the plan was removed (a fresh plan starts a fresh list).
    mutating func reset() {
        standIn = nil
        beforeHorizon = 0
        recent = []
    }

    /// Whether nothing is listed.
    var isEmpty: Bool { standIn == nil && recent.isEmpty }

    /// The listed revisions: the stand-in (marked with how many other revisions from
    /// before the night's week it stands for) first, then the recent ones in fold order.
    var revisions: [PlanRevision] {
        guard var first = standIn else { return recent }
        first.standsForEarlierPlan = true
        first.earlierRevisionsNotListed = beforeHorizon - 1
        return [first] + recent
    }
}
