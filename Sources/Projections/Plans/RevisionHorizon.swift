import Events

/// The revision horizon (docs/rules.md §1.4): the revisions a night lists.
///
/// For night D, a revision whose cause's own night (the noon-to-noon night holding the
/// event's `at`, in the event's `tz`) is D − 7 or later is listed as it is; of the other
/// revisions only the latest in fold order is kept, first in the list, standing for the
/// plan as it stood before the night's week. So a night lists at most one revision from
/// before its week, however many trips and goals came before, and `show --json` grows in
/// proportion to the log, not its square.
///
/// Revisions are fed in fold order (`append`); a plan removed by `goalCleared` and created
/// again starts afresh (`reset`). Feeding the lists of two consecutive stretches (already
/// bounded) gives the same result as feeding every revision, so a night's fold can keep
/// its stretches apart and join them when the plan is shown.
struct RevisionHorizon: Sendable, Hashable {
    /// How many nights before the night its week begins: revisions caused on night
    /// D − 7 or later are listed as they are.
    static let nightsBefore = 7

    /// The first night whose revisions are listed as they are.
    let firstListedNight: LocalDate
    /// The latest revision caused before the horizon, if any.
    private var standIn: PlanRevision?
    /// How many revisions before the horizon came before `standIn` (not listed).
    private var omitted = 0
    /// The revisions caused within the horizon, in fold order.
    private(set) var recent: [PlanRevision] = []

    /// An empty list for `night`.
    init(night: LocalDate) {
        firstListedNight = night.adding(days: -Self.nightsBefore)
    }

    /// Adds the next revision in fold order.
    mutating func append(_ revision: PlanRevision) {
        if revision.causeNight >= firstListedNight {
            recent.append(revision)
        } else {
            if standIn != nil { omitted += 1 }
            standIn = revision
        }
    }

    /// Adds every revision of `other`, the list of a later stretch of the same night.
    mutating func append(contentsOf other: RevisionHorizon) {
        if let otherStandIn = other.standIn {
            if standIn != nil { omitted += 1 }
            omitted += other.omitted
            standIn = otherStandIn
        }
        recent.append(contentsOf: other.recent)
    }

    /// Empties the list: the plan was removed (a fresh plan starts a fresh list).
    mutating func reset() {
        standIn = nil
        omitted = 0
        recent = []
    }

    /// Whether nothing is listed.
    var isEmpty: Bool { standIn == nil && recent.isEmpty }

    /// The listed revisions: the stand-in (marked with how many earlier ones it stands for)
    /// first, then the recent ones in fold order.
    var revisions: [PlanRevision] {
        guard var first = standIn else { return recent }
        first.standsForEarlierPlan = true
        first.earlierRevisionsNotListed = omitted
        return [first] + recent
    }
}
