import Events
import Projections

/// "Continue anyway" (`exitConfirmed`): once the mindful wait is over, the person takes
/// the exit, and the free window of its attempt opens (10, 10, 5, 5 minutes; ÷ 12 on the
/// demo night). A confirmed exit raises the next attempt's wait, and a real night with one
/// ends `optedOut` (docs/rules.md §3.2).
///
/// Valid only while the night's latest exit is waiting and its wait has fully elapsed: at
/// or after request + wait (exactly on time is valid). Earlier it is rejected
/// (`.waitNotOver`) with the seconds remaining, rounded up, both in the message and as
/// `CommandError.secondsRemaining`, so a front end can keep counting down. Rejected when
/// no exit of the night is waiting (`.noExitWaiting`), and for a night that `RequestExit`
/// would reject as a night (`.nightOutOfRange`, `.nightNotPlanned`, `.noDemoNight`).
///
/// As `ExitHistory.rejection(of:on:window:at:)` rules, a confirm at or after wake time is rejected (`.nightOver`):
/// the shields have lifted, there is nothing left to exit from, and the night must not
/// end `optedOut` for it.
public struct ConfirmExit: Command {
    /// The night of the exit (`demo` on the demo night).
    public var night: Night

    /// Creates the value from its parts.
    public init(night: Night) {
        self.night = night
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        try ExitRule.check(.confirm, on: night, in: state, at: context.now)
        return [context.event(.exitConfirmed(NightAction(night: night)))]
    }
}
