import Events
import Projections

/// "Never mind" (`exitCancelled`): the person gives up the exit they requested, so the
/// apps stay blocked. A cancelled exit is not confirmed, so it does not raise the next
/// attempt's wait (domain.md §3).
///
/// Valid at any moment while the night's latest exit is waiting, including after its wait
/// has elapsed unconfirmed (the state then still shows `exitWaiting` with 0 s left), and,
/// like `ExitHistory.apply`, without regard to the exit window: a wait left open past wake
/// time can still be cancelled. Rejected when no exit of the night is waiting
/// (`.noExitWaiting`: none requested, or the latest already cancelled or confirmed), and
/// for a night that `RequestExit` would reject as a night (`.nightOutOfRange`,
/// `.nightNotPlanned`, `.noDemoNight`).
public struct CancelExit: Command {
    /// The night of the exit (`demo` on the demo night).
    public var night: Night

    /// Creates the value from its parts.
    public init(night: Night) {
        self.night = night
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let (_, zone) = try ExitRule.checkNight(night, in: state, at: context.now)
        guard let last = ExitRule.latest(on: night, in: state), last.isWaiting else {
            throw CommandError(rule: .noExitWaiting, message: Self.nothingWaiting(on: night, latest: ExitRule.latest(on: night, in: state), zone: zone, answer: "\"never mind\""))
        }
        return [context.event(.exitCancelled(NightAction(night: night)))]
    }

    /// The message for "no exit is waiting" (shared with `ConfirmExit`): what became of the
    /// latest exit, and what would be accepted.
    static func nothingWaiting(on night: Night, latest: ExitRecord?, zone: String, answer: String) -> String {
        let what: String
        if let latest, let cancelled = latest.cancelledAt {
            what = "its latest exit was cancelled at \(ExitRule.wallClock(cancelled, in: zone))"
        } else if let latest, let confirmed = latest.confirmedAt {
            what = "its latest exit was confirmed at \(ExitRule.wallClock(confirmed, in: zone))"
        } else {
            what = "no exit was requested"
        }
        return "no exit of \(ExitRule.name(night)) is waiting (\(what)); \(answer) answers an exit requested and not yet cancelled or confirmed"
    }
}
