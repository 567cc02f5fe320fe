import Events

/// The group's weeks and last night, from the shares received and the person's own log
/// (docs/rules.md §13): `LogState.together(at:)`.
public struct Together: Sendable, Hashable {
    /// One row of a week: a person with a week share for it, or "you" from the own log.
    public struct Member: Sendable, Hashable {
        /// The name the person chose; `"you"` for the own row.
        public var person: String
        /// Whether this is the own row (made from the log, not received).
        public var isYou: Bool
        /// The week's nights with a plan.
        public var nightsPlanned: Int
        /// The week's nights on target.
        public var nightsOnTarget: Int
        /// The week's regularity index in tenths as shown; `nil` with fewer than 5 pairs.
        public var sriTenths: Int?

        /// The index as shown (one decimal), e.g. `81.2`; `nil` with fewer than 5 pairs.
        public var sri: Double? { sriTenths.map { Double($0) / 10 } }

        /// Creates the value from its parts.
        public init(person: String, isYou: Bool, nightsPlanned: Int, nightsOnTarget: Int, sriTenths: Int?) {
            self.person = person
            self.isYou = isYou
            self.nightsPlanned = nightsPlanned
            self.nightsOnTarget = nightsOnTarget
            self.sriTenths = sriTenths
        }
    }

    /// A week and its members, ranked.
    public struct Week: Sendable, Hashable {
        /// The ISO week.
        public var week: ISOWeek
        /// One row per person with a week share for it, and "you"; ranked by ``ranks(_:before:)``.
        public var members: [Member]

        /// Creates the value from its parts.
        public init(week: ISOWeek, members: [Member]) {
            self.week = week
            self.members = members
        }
    }

    /// The night holding asOf − 12 h and who hit their bedtime target on it.
    public struct LastNight: Sendable, Hashable {
        /// The night (the one that has just ended in the morning, and all the next day).
        public var night: LocalDate
        /// The names whose night share for it says `onTarget`, in code-point order
        /// (received shares only: "you" is not listed).
        public var onTarget: [String]

        /// Creates the value from its parts.
        public init(night: LocalDate, onTarget: [String]) {
            self.night = night
            self.onTarget = onTarget
        }
    }

    /// The latest ISO week that is over: its Sunday night's span (to Monday 12:00, read in
    /// the latest zone) ended at or before asOf, so every share of it can exist.
    public var week: ISOWeek
    /// Its members, ranked.
    public var members: [Member]
    /// The week before it.
    public var previousWeek: Week
    /// Last night.
    public var lastNight: LastNight

    /// Creates the value from its parts.
    public init(week: ISOWeek, members: [Member], previousWeek: Week, lastNight: LastNight) {
        self.week = week
        self.members = members
        self.previousWeek = previousWeek
        self.lastNight = lastNight
    }

    /// The name of the own row.
    public static let you = "you"

    /// The ranking of a week's members: `sri` as shown, higher first, none last; then
    /// more nights on target first; then the name by Unicode code points, ascending ("you"
    /// sorts as written); on a full tie the own row comes before a received share named
    /// "you".
    public static func ranks(_ left: Member, before right: Member) -> Bool {
        switch (left.sriTenths, right.sriTenths) {
        case let (l?, r?) where l != r: return l > r
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if left.nightsOnTarget != right.nightsOnTarget { return left.nightsOnTarget > right.nightsOnTarget }
        let leftScalars = left.person.unicodeScalars.map(\.value)
        let rightScalars = right.person.unicodeScalars.map(\.value)
        if leftScalars != rightScalars { return leftScalars.lexicographicallyPrecedes(rightScalars) }
        return left.isYou && !right.isYou
    }
}
