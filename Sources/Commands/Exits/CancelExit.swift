import Events
import Projections

/// "Never mind" (`exitCancelled`): the person gives up the exit they requested, so the
/// apps stay blocked. A cancelled exit is not confirmed, so it does not raise the next
/// attempt's wait (docs/rules.md §3.2).
///
/// Valid at any moment while the night's latest exit is waiting, including after its wait
/// has elapsed unconfirmed (the state then still shows `exitWaiting` with 0 s left), and,
/// as `ExitHistory.rejection(of:on:window:at:)` rules, without regard to the exit window: a wait left open past wake
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
        try ExitRule.check(.cancel, on: night, in: state, at: context.now)
        return [context.event(.exitCancelled(NightAction(night: night)))]
    }
}
