/// A mistake in how a command line was written: an unknown option, a missing
/// argument, a value out of range, and so on.
///
/// A tool reports a usage error on standard error (see
/// ``HelpFormatter/errorText(_:root:toolName:)``) and exits with status 64
/// (`EX_USAGE`).
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A one-line, human-readable explanation in swift-argument-parser's
    /// wording, for example `Missing expected argument '<log>'`.
    public var message: String

    /// The names of the subcommands leading to the command whose usage was
    /// wrong, for example `["append"]`; empty for the root command.
    public var commandPath: [String]

    /// Creates a usage error.
    ///
    /// - Parameters:
    ///   - message: A one-line, human-readable explanation.
    ///   - commandPath: The subcommand names leading to the offending command.
    public init(message: String, commandPath: [String] = []) {
        self.message = message
        self.commandPath = commandPath
    }

    /// The message.
    public var description: String { message }
}
