import Events
import Projections

/// The rules for nights named by commands: the range rule of nightly actions (docs/rules.md
/// §8.4: the night lies within 2 days of the action's instant, by the local date at that
/// instant; `NightRange.check(_:at:)`, the rule the projections skip by), "tonight",
/// planned nights, and the demo night.
public enum NightRule {
    /// How far from its instant's local date a night may lie (`NightRange`'s).
    public static let maximumDistanceInDays = NightRange.maximumDistanceInDays

    /// Checks that `night` is a real night within range of `now`.
    public static func checkRealNight(_ night: Night, at now: Instant) throws(CommandError) -> LocalDate {
        guard case .date(let date) = night else {
            throw CommandError(rule: .demoNightNotAllowed, message: "this action needs a real night (YYYY-MM-DD), not \"demo\"")
        }
        if let outOfRange = NightRange.check(date, at: now) { throw error(for: outOfRange) }
        return date
    }

    /// The command's error for a night out of range.
    static func error(for outOfRange: NightRange.Rejection) -> CommandError {
        CommandError(
            rule: .nightOutOfRange,
            message: "night \(outOfRange.night.iso) is \(abs(outOfRange.distance)) days from \(outOfRange.today.iso); a night from \(outOfRange.earliest.iso) to \(outOfRange.latest.iso) is accepted"
        )
    }

    /// The command's error for a real night without a plan.
    static func notPlannedError(_ date: LocalDate) -> CommandError {
        CommandError(
            rule: .nightNotPlanned,
            message: "night \(date.iso) has no plan; a night is planned from a goal's first night on until the goal is cleared, so set a goal first or name a planned night"
        )
    }

    /// The command's error for "demo" before any demo night started.
    static var noDemoNightError: CommandError {
        CommandError(
            rule: .noDemoNight,
            message: "no demo night has started, so \"demo\" names no night; start a demo night first or name a real night (YYYY-MM-DD)"
        )
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
        guard let plan = state.nightPlans.plan(for: date) else { throw notPlannedError(date) }
        return plan
    }

    /// Checks a night named by a checklist or reminder action: a real night within range
    /// of `now` that has a plan, or the demo night once a demo night has started, by the
    /// checklist fold's own night rule (`ChecklistCompletions.nightRejection`).
    static func checkEveningNight(_ night: Night, in state: LogState, at now: Instant) throws(CommandError) {
        let isPlanned = night.date.map { state.nightPlans.plan(for: $0) != nil } ?? false
        switch ChecklistCompletions.nightRejection(of: night, at: now, isPlanned: isPlanned, demoStarted: state.demoNights.latest != nil) {
        case nil: return
        case .nightOutOfRange(let outOfRange): throw error(for: outOfRange)
        case .nightNotPlanned(let date): throw notPlannedError(date)
        case .noDemoNight, .unknownItem: throw noDemoNightError // (the night rule never answers .unknownItem)
        }
    }

    /// `instant` as "YYYY-MM-DD HH:mm" on the wall clock of `zone` (of the instant's own
    /// offset when the zone is unknown), for messages.
    static func wallClock(_ instant: Instant, in zone: String) -> String {
        let local = LocalTimeResolver(identifier: zone)?.localDateTime(of: instant) ?? instant.localDateTime
        return "\(local.date.iso) \(local.timeOfDay.text)"
    }
}
