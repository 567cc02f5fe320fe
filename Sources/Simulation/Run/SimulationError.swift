import Commands
import Events
import Projections

/// Why a simulation stopped before its last night. Each case is a bug of the simulator:
/// it asked the product for something the product refuses, or made an event a replay
/// would skip. Nothing is dropped silently; the events handed out before it are sound,
/// but the log is incomplete.
public struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// A command refused to decide: the rule it named, and its message.
        case commandRefused(CommandError)
        /// Folding an event the simulator made gave a projection warning (a replay would
        /// skip that event).
        case projectionWarning(ProjectionWarnings.Warning)
        /// An event would have been earlier than the one before it: the simulator writes
        /// events in time order, so that the log's seq order is its fold order.
        case timeWentBackwards
        /// A night to simulate has no plan in the folded state.
        case nightNotPlanned
        /// A night to simulate is planned in another zone than the one the person is in.
        case planInAnotherZone
    }

    /// What went wrong.
    public var kind: Kind
    /// The night being simulated (`nil` before the first night, while the goal is set).
    public var night: LocalDate?
    /// What the simulator was doing, and what happened.
    public var message: String

    /// Creates the value from its parts.
    public init(kind: Kind, night: LocalDate?, message: String) {
        self.kind = kind
        self.night = night
        self.message = message
    }

    /// The message, with the night and what to do: report it.
    public var description: String {
        let place = night.map { " on night \($0.iso)" } ?? " before the first night"
        return "simulator bug\(place): \(message); the events written so far are sound but the log is incomplete (please report it with the arguments used)"
    }
}
