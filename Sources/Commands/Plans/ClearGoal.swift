import Events
import Projections

/// Stops the bedtime goal (`goalCleared`): the plans of nights whose wind-down has not
/// started are removed; a night already in wind-down keeps its plan; history stays
/// (docs/rules.md §1.2).
///
/// Rejected (`.noGoalInForce`) when no goal is in force: none was ever set, or the latest
/// goal was already cleared.
public struct ClearGoal: Command {
    /// Creates the command.
    public init() {}

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        guard state.nightPlans.latestGoal != nil else {
            throw CommandError(
                rule: .noGoalInForce,
                message: "no goal is in force (none was set, or it was already cleared), so there is nothing to clear; clearing is accepted while a goal is in force"
            )
        }
        return [context.event(.goalCleared)]
    }
}
