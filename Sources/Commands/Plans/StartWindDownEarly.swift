import Events
import Projections

/// "Start wind-down now" (`windDownStartedEarly`), from the watch button or an automation:
/// from now the phase is wind-down, `blockFirst` apps block (with the 4 s stagger) and the
/// night counts as in wind-down (docs/rules.md §2.6); ring, checklist times and warnings keep the
/// planned wind-down.
///
/// Rejected when the night is the demo night (`.demoNightNotAllowed`), lies more than 2
/// days from now (`.nightOutOfRange`), has no plan (`.nightNotPlanned`), is over: its wake
/// time has passed (`.nightOver`), or its wind-down has already started, as planned or
/// early (`.windDownAlreadyStarted`, naming when).
///
/// Also rejected for a night after tonight (`.notTonight`; tonight is
/// `NightRule.tonight(in:context:)`, the noon-to-noon night holding now in the device's
/// zone): starting tomorrow's wind-down today would block apps for a day. So before noon,
/// the coming evening cannot yet be started early.
public struct StartWindDownEarly: Command {
    /// The night whose wind-down starts now.
    public var night: Night

    /// Creates the value from its parts.
    public init(night: Night) {
        self.night = night
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let plan = try NightRule.checkPlannedNight(night, in: state, at: context.now)
        let now = context.now.millisecondsSince1970
        guard !plan.isOver(at: context.now) else {
            throw CommandError(
                rule: .nightOver,
                message: "night \(plan.night.iso) ended at its wake time, \(NightRule.wallClock(plan.wakeTime, in: plan.timeZone)); wind-down can be started early only before the night's planned wind-down"
            )
        }
        let started = plan.effectiveWindDownStart
        guard plan.windDownStartedEarlyAt == nil, now < started.millisecondsSince1970 else {
            throw CommandError(
                rule: .windDownAlreadyStarted,
                message: "the wind-down of night \(plan.night.iso) already started at \(NightRule.wallClock(started, in: plan.timeZone)); it can be started early only before then"
            )
        }
        let tonight = NightRule.tonight(in: state, context: context)
        guard plan.night <= tonight else {
            throw CommandError(
                rule: .notTonight,
                message: "night \(plan.night.iso) is not tonight (\(tonight.iso)); wind-down can be started early only for tonight, from 12:00 on the evening's date"
            )
        }
        return [context.event(.windDownStartedEarly(NightAction(night: night)))]
    }
}
