import Events
import Projections

/// The rules for nights named by commands: the range rule of nightly actions (domain.md
/// §8: the night lies within 2 days of the action's instant, by the local date at that
/// instant), "tonight", planned nights, and the demo night.
public enum NightRule {
    /// How far from its instant's local date a night may lie.
    public static let maximumDistanceInDays = 2

    /// Checks that `night` is a real night within range of `now`.
    public static func checkRealNight(_ night: Night, at now: Instant) throws(CommandError) -> LocalDate {
        guard case .date(let date) = night else {
            throw CommandError(rule: .demoNightNotAllowed, message: "this action needs a real night (YYYY-MM-DD), not \"demo\"")
        }
        let today = now.localDateTime.date
        let distance = date.days(from: today)
        guard abs(distance) <= maximumDistanceInDays else {
            let earliest = today.adding(days: -maximumDistanceInDays).iso
            let latest = today.adding(days: maximumDistanceInDays).iso
            throw CommandError(
                rule: .nightOutOfRange,
                message: "night \(date.iso) is \(abs(distance)) days from \(today.iso); a night from \(earliest) to \(latest) is accepted"
            )
        }
        return date
    }

    /// Tonight for a command: the noon-to-noon night that holds the context's instant, read
    /// in the device's zone (`context.timeZone`); from 12:00 it is that date's night, before
    /// 12:00 the previous date's. When the platform does not know the device's zone, the
    /// latest zone of the log is used (`NightPlans.night(holding:)`).
    public static func tonight(in state: LogState, context: CommandContext) -> LocalDate {
        if let resolver = LocalTimeResolver(identifier: context.timeZone) {
            return resolver.nightDate(of: context.now)
        }
        return state.nightPlans.night(holding: context.now)
    }

    /// Checks that `night` is a real night within range of `now` that has a plan, and
    /// answers that plan.
    static func checkPlannedNight(_ night: Night, in state: LogState, at now: Instant) throws(CommandError) -> NightPlan {
        let date = try checkRealNight(night, at: now)
        guard let plan = state.nightPlans.plan(for: date) else {
            throw CommandError(
                rule: .nightNotPlanned,
                message: "night \(date.iso) has no plan; a night is planned from a goal's first night on until the goal is cleared, so set a goal first or name a planned night"
            )
        }
        return plan
    }

    /// Checks a night named by a checklist or reminder action: a real night within range
    /// of `now` that has a plan, or the demo night once a demo night has started.
    static func checkEveningNight(_ night: Night, in state: LogState, at now: Instant) throws(CommandError) {
        switch night {
        case .demo:
            _ = try checkDemoNight(in: state)
        case .date:
            _ = try checkPlannedNight(night, in: state, at: now)
        }
    }

    /// Checks that a demo night has started, and answers the latest one (the night that
    /// `"demo"` names).
    static func checkDemoNight(in state: LogState) throws(CommandError) -> DemoNight {
        guard let demo = state.demoNights.latest else {
            throw CommandError(
                rule: .noDemoNight,
                message: "no demo night has started, so \"demo\" names no night; start a demo night first or name a real night (YYYY-MM-DD)"
            )
        }
        return demo
    }

    /// `instant` as "YYYY-MM-DD HH:mm" on the wall clock of `zone` (of the instant's own
    /// offset when the zone is unknown), for messages.
    static func wallClock(_ instant: Instant, in zone: String) -> String {
        let local = LocalTimeResolver(identifier: zone)?.localDateTime(of: instant) ?? instant.localDateTime
        return "\(local.date.iso) \(local.timeOfDay.text)"
    }
}
