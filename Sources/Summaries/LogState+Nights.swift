import Events
import Foundation
import Projections

extension LogState {
    /// How many nights ahead ``bedtimePlan(at:)`` looks for a planned night.
    public static let bedtimeLookaheadNights = 7

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

    /// The plan of the night whose bedtime a widget shows at `now` ("tonight's bedtime"): the
    /// first planned night, from the night holding `now` on (at most
    /// ``bedtimeLookaheadNights`` ahead), whose wake time is still to come. So in the
    /// evening and during the night it is the current night; once that night's wake time has
    /// passed, the coming evening's. Demo nights are never shown. `nil` when nothing is
    /// planned.
    public func bedtimePlan(at now: Instant) -> NightPlan? {
        let current = nightPlans.night(holding: now)
        for offset in 0...Self.bedtimeLookaheadNights {
            guard let plan = nightPlans.plan(for: current.adding(days: offset)) else { continue }
            if plan.wakeTime.millisecondsSince1970 > now.millisecondsSince1970 { return plan }
        }
        return nil
    }
}
