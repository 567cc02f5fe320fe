import Events

extension LogState {
    /// The group's view as of `asOf` (docs/rules.md §13): the latest ISO week that is over
    /// and the week before, each with a row per person with a week share for it plus
    /// "you" (from the own log by the rules a week share is made by), ranked
    /// (`Together.ranks(_:before:)`); and last night, the night holding asOf − 12 h in the
    /// latest zone, with the names whose night share for it says on target.
    public func together(at asOf: Instant) -> Together {
        let week = latestWeekOver(at: asOf)
        let previous = week.previous
        let twelveHours: Int64 = 12 * 3_600_000
        let lastNight = nightPlans.night(holding: Instant(millisecondsSince1970: asOf.millisecondsSince1970 - twelveHours, utcOffsetSeconds: asOf.utcOffsetSeconds))
        var names = shares.nightShares(for: lastNight).filter(\.onTarget).map(\.person)
        names.sort { $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        return Together(
            week: week, members: members(of: week),
            previousWeek: Together.Week(week: previous, members: members(of: previous)),
            lastNight: Together.LastNight(night: lastNight, onTarget: names))
    }

    /// The latest ISO week whose Sunday night's span ended at or before `asOf`: the week
    /// of the latest Sunday before asOf's night (read in the latest zone).
    public func latestWeekOver(at asOf: Instant) -> ISOWeek {
        let dayBefore = nightPlans.night(holding: asOf).adding(days: -1)
        return ISOWeek(containing: dayBefore.adding(days: -(dayBefore.weekday % 7)))
    }

    /// A week's rows, ranked: the received week shares for it, and "you".
    private func members(of week: ISOWeek) -> [Together.Member] {
        let own = weekFigures(of: week)
        var rows = [Together.Member(person: Together.you, isYou: true, nightsPlanned: own.planned, nightsOnTarget: own.onTarget, sriTenths: own.sriTenths)]
        for share in shares.weekShares(for: week) {
            rows.append(Together.Member(person: share.person, isYou: false, nightsPlanned: share.nightsPlanned, nightsOnTarget: share.nightsOnTarget, sriTenths: share.sriTenths))
        }
        return rows.sorted(by: Together.ranks(_:before:))
    }

    /// The own figures of `week` as the log stands: its nights with a plan, those on
    /// target (a hit for the streak, `hitTarget(on:)`), and the regularity index over its
    /// seven nights (6 pairs at most).
    func weekFigures(of week: ISOWeek) -> (planned: Int, onTarget: Int, sriTenths: Int?) {
        var planned = 0
        var onTarget = 0
        for night in week.nights {
            if nightPlans.planWithoutRevisions(for: night) != nil { planned += 1 }
            if hitTarget(on: night) == true { onTarget += 1 }
        }
        return (planned, onTarget, regularityTenths(ofNights: week.monday, count: 7))
    }
}
