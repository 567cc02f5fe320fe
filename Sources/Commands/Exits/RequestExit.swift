import Events
import Projections

/// "I need my apps" (`exitRequested`): starts a mindful exit (docs/rules.md §3.1). Attempt n
/// (1 + the exits confirmed earlier the same night) waits 1, 3, 5, 10 minutes, then
/// "continue anyway" (`ConfirmExit`) grants a free window of 10, 10, 5, 5 minutes; on the
/// demo night both are divided by 12. The attempt, wait and prompt are the projection's
/// (`LogState.exitState(on:at:)`), not the command's: it only decides whether the request
/// is valid.
///
/// Valid for a real night within 2 days of now that has a plan, or for the demo night
/// once a demo night has started (`.nightOutOfRange`, `.nightNotPlanned`, `.noDemoNight`;
/// a real night's exits are its own, the demo night's too), and only:
/// - from the night's effective wind-down start (the planned one, or an earlier
///   `windDownStartedEarly`) until its wake time, when the shields lift: [wind-down, wake)
///   (`.outsideExitWindow`, naming that window);
/// - while no exit of the night is waiting (`.exitAlreadyWaiting`: "never mind" or
///   "continue anyway" first; an elapsed but unanswered wait still waits);
/// - while no free window of the night is open (`.freeWindowOpen`, saying when it ends; it
///   is over at exactly confirm + window, or when "I'm back" ended it).
///
/// These are the conditions of `ExitHistory.rejection(of:on:window:at:)`, the one rule the
/// projection folds an `exitRequested` by, so the rule named is the reason the projection
/// would give.
public struct RequestExit: Command {
    /// The night of the exit (`demo` on the demo night).
    public var night: Night

    /// Creates the value from its parts.
    public init(night: Night) {
        self.night = night
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        try ExitRule.check(.request, on: night, in: state, at: context.now)
        return [context.event(.exitRequested(NightAction(night: night)))]
    }
}
