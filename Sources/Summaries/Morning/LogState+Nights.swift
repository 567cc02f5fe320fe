import Events
import Foundation
import Localization
import Projections

extension LogState {
    /// "Last night" at `now`: the calendar day before `now`'s local date, in the latest zone
    /// (UTC before any event). At 09:00 and at 20:00 on 1 December it is the night of
    /// 30 November; at 02:00 on 1 December, still asleep, it is the night of 30 November too.
    public func lastNightDate(at now: Instant) -> LocalDate {
        let zone = nightPlans.latestTimeZone.flatMap(LocalTimeResolver.init(identifier:))
            ?? LocalTimeResolver(timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)
        return zone.localDateTime(of: now).date.adding(days: -1)
    }

    /// The latest night with a sleep record as of `now`: no later than the night holding
    /// `now` (a night in progress counts once it has a record); `nil` when there is none.
    /// Ask it of the state folded as of `now`.
    public func latestNightWithRecord(at now: Instant) -> LocalDate? {
        let current = nightPlans.night(holding: now)
        return sleep.nightsWithData.last { $0 <= current }
    }

}
