import Events

/// Why a share cannot be made.
public enum ShareMakingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The night or week is not over yet: a share can be made from `availableAt` on.
    case notYet(availableAt: Instant)
    /// The name is not one a share may carry (what is wrong with it).
    case invalidPerson(ShareProblem)

    public var description: String {
        switch self {
        case .notYet(let instant): return "not yet: it can be made from \(instant.rfc3339) on"
        case .invalidPerson(let problem): return problem.description
        }
    }
}

extension LogState {
    /// The night share of `night` as of `asOf` (docs/rules.md §13): whether it was on
    /// target (a hit for the streak, `hitTarget(on:)`), under the name `person`. It can be
    /// made from the night's wake time on (12:00 of the next day, in the latest zone, for a
    /// night without a plan). Ask it of the state folded as of `asOf`.
    ///
    /// - Throws: `ShareMakingError.notYet` before then; `.invalidPerson` for a name the
    ///   receiving side would refuse (the one check, `Share.read(_:)`).
    public func nightShare(person: String, night: LocalDate, at asOf: Instant) throws(ShareMakingError) -> NightShare {
        let available = nightShareAvailable(night)
        guard asOf.millisecondsSince1970 >= available.millisecondsSince1970 else { throw .notYet(availableAt: available) }
        let share = NightShare(person: person, night: night, onTarget: hitTarget(on: night) == true)
        try Self.checkMade(.night(share))
        return share
    }

    /// The week share of `week` as of `asOf` (docs/rules.md §13): its nights with a plan,
    /// those on target, and the regularity index over its seven nights, under the name
    /// `person`. It can be made once its Sunday night is over (as a night share of the
    /// Sunday can be). Ask it of the state folded as of `asOf`.
    ///
    /// - Throws: as ``nightShare(person:night:at:)``.
    public func weekShare(person: String, week: ISOWeek, at asOf: Instant) throws(ShareMakingError) -> WeekShare {
        let available = nightShareAvailable(week.sunday)
        guard asOf.millisecondsSince1970 >= available.millisecondsSince1970 else { throw .notYet(availableAt: available) }
        let figures = weekFigures(of: week)
        let share = WeekShare(person: person, week: week, nightsPlanned: figures.planned, nightsOnTarget: figures.onTarget, sriTenths: figures.sriTenths)
        try Self.checkMade(.week(share))
        return share
    }

    /// When a night share of `night` can first be made: its plan's wake time, else 12:00
    /// of the next day in the latest zone (the end of the night's span).
    public func nightShareAvailable(_ night: LocalDate) -> Instant {
        nightPlans.planWithoutRevisions(for: night)?.wakeTime ?? nightPlans.noon(on: night.adding(days: 1))
    }

    /// A share made here passes the check a receiver makes (so a name with a control or
    /// bidirectional formatting character, empty or over 40 bytes, is refused here too).
    private static func checkMade(_ share: Share) throws(ShareMakingError) {
        do {
            _ = try Share.read(json: share.json)
        } catch {
            throw .invalidPerson(error)
        }
    }
}
