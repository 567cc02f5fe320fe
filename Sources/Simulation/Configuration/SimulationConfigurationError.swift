/// A configuration the simulator cannot run: which value is wrong, and what would be
/// accepted. Nothing is simulated.
public struct SimulationConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value that is wrong.
    public enum Field: String, Sendable, Hashable {
        /// `SimulationConfiguration.nights` (`--nights`).
        case nights
        /// `SimulationConfiguration.firstNight` (`--start`).
        case firstNight
        /// `SimulationConfiguration.timeZone` (`--zone`).
        case timeZone
    }

    /// The value that is wrong.
    public var field: Field
    /// What is wrong and what would be accepted.
    public var message: String

    /// Creates the value from its parts.
    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
