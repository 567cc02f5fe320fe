import Events

/// The shares received from others (`shareReceived`, docs/rules.md §13).
///
/// - Each share is read by the one check of its shape, `Share.read(_:)`, which the
///   `ReceiveShare` command asks too; a share that fails it is poison: skipped with a
///   warning naming what is wrong, never halting the fold.
/// - The same `shareId` again: the first counts, the later copy is left out silently (it
///   is not poison, and no warning is given).
/// - Two shares of one `person` (the same name, code point for code point) for the same
///   night, or the same week: the later in fold order counts (a person correcting a week).
/// - The `shareId` is not recomputed, and a share's night may lie any distance from its
///   event's instant.
public struct ReceivedShares: Sendable, Hashable {
    /// The share ids folded (the first of each counted).
    private var seen: Set<String> = []
    /// The night shares that count, at most one per person and night, in the order first
    /// received.
    public private(set) var nightShares: [NightShare] = []
    /// The week shares that count, at most one per person and week, in the order first
    /// received.
    public private(set) var weekShares: [WeekShare] = []

    public init() {}

    /// Folds a `shareReceived`; other events are ignored.
    package mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) -> FoldOutcome<ProjectionWarnings.Rule> {
        guard case .shareReceived(let payload) = event.payload else { return .ignored }
        let share: Share
        do {
            share = try payload.readShare()
        } catch {
            return warnings.skip(seq: event.seq, rule: .share, because: "shareReceived is not a night or a week share: \(error)")
        }
        guard seen.insert(share.shareId).inserted else { return .ignored }
        switch share {
        case .night(let night):
            if let index = nightShares.firstIndex(where: { Self.samePerson($0.person, night.person) && $0.night == night.night }) {
                nightShares[index] = night
            } else {
                nightShares.append(night)
            }
        case .week(let week):
            if let index = weekShares.firstIndex(where: { Self.samePerson($0.person, week.person) && $0.week == week.week }) {
                weekShares[index] = week
            } else {
                weekShares.append(week)
            }
        }
        return .applied
    }

    /// Whether a share id was folded (its first copy counted).
    public func contains(shareId: String) -> Bool { seen.contains(shareId) }

    /// The week shares that count for `week`.
    public func weekShares(for week: ISOWeek) -> [WeekShare] { weekShares.filter { $0.week == week } }

    /// The night shares that count for `night`.
    public func nightShares(for night: LocalDate) -> [NightShare] { nightShares.filter { $0.night == night } }

    /// The same name, code point for code point (not Swift's canonical equivalence).
    static func samePerson(_ left: String, _ right: String) -> Bool {
        left.unicodeScalars.elementsEqual(right.unicodeScalars)
    }
}

// MARK: Checkpoint

extension ReceivedShares: StateCodable {
    package static var placeholder: ReceivedShares { ReceivedShares() }

    /// The ids folded, then the night shares and the week shares that count.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("ReceivedShares.seen", &seen)
        try coder.field("ReceivedShares.nights", &nightShares)
        try coder.field("ReceivedShares.weeks", &weekShares)
        guard Coder.isReading else { return }
        try coder.check(nightShares.allSatisfy { seen.contains($0.shareId) }, "a night share whose id was not folded")
        try coder.check(weekShares.allSatisfy { seen.contains($0.shareId) }, "a week share whose id was not folded")
    }
}

extension NightShare: StateCodable {
    package static var placeholder: NightShare {
        NightShare(shareId: "", person: "", night: LocalDate(daysSince1970: 0), onTarget: false)
    }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("NightShare.shareId", &shareId)
        try coder.field("NightShare.person", &person)
        try coder.field("NightShare.night", &night)
        try coder.field("NightShare.onTarget", &onTarget)
    }
}

extension WeekShare: StateCodable {
    package static var placeholder: WeekShare {
        WeekShare(shareId: "", person: "", week: ISOWeek(containing: LocalDate(daysSince1970: 0)), nightsPlanned: 0, nightsOnTarget: 0, sriTenths: nil)
    }

    /// The week as its year and number.
    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("WeekShare.shareId", &shareId)
        try coder.field("WeekShare.person", &person)
        var year = week.year
        var number = week.week
        try coder.field("WeekShare.year", &year)
        try coder.field("WeekShare.week", &number)
        try coder.field("WeekShare.nightsPlanned", &nightsPlanned)
        try coder.field("WeekShare.nightsOnTarget", &nightsOnTarget)
        try coder.field("WeekShare.sriTenths", &sriTenths)
        guard Coder.isReading else { return }
        let read = ISOWeek(year: year, week: number)
        try coder.check(read != nil, "week \(number) of \(year) does not exist")
        if let read { week = read }
    }
}
