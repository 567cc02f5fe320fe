import Events
import Projections

/// Something a person did, sent by a front end: decided against the current state at an
/// instant, it either yields the events to append or a `CommandError` saying what is wrong
/// and what would be accepted. Deciding is pure; the store appends.
public protocol Command: Sendable {
    /// The events this command appends in `state` (possibly none), or why it cannot.
    func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event]
}
