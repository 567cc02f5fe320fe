import Events
import Projections

/// Changes one night's bedtime (`bedtimeOverridden`): "set tonight's bedtime to 23:00".
/// Wind-down, reminders, tiers and wake time follow the new bedtime; other nights keep
/// theirs (docs/rules.md §1.2). Between a goal and an override of the same night, the later
/// event wins.
///
/// Rejected when the night is the demo night (`.demoNightNotAllowed`), lies more than 2
/// days from now (`.nightOutOfRange`), has no plan (`.nightNotPlanned`), or is over: its
/// wake time has passed (`.nightOver`; moving the bedtime of a finished night would rewrite
/// its streak and score). A night already in wind-down, or past its bedtime, can still be
/// overridden ("I'll go at 00:00 instead").
///
/// Overriding a night with the bedtime it already has changes nothing, so it appends
/// nothing.
public struct OverrideBedtime: Command {
    /// The night to change (a real, planned night within 2 days).
    public var night: Night
    /// Its new bedtime.
    public var bedtime: TimeOfDay

    /// Creates the value from its parts.
    public init(night: Night, bedtime: TimeOfDay) {
        self.night = night
        self.bedtime = bedtime
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let plan = try NightRule.checkPlannedNight(night, in: state, at: context.now)
        guard !plan.isOver(at: context.now) else {
            throw CommandError(
                rule: .nightOver,
                message: "night \(plan.night.iso) ended at its wake time, \(NightRule.wallClock(plan.wakeTime, in: plan.timeZone)); a night's bedtime can be changed until its wake time"
            )
        }
        if plan.bedtime == bedtime { return [] }
        return [context.event(.bedtimeOverridden(BedtimeOverridden(night: night, bedtime: bedtime)))]
    }
}
