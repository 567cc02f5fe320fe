/// Where `replay-tool` writes and reads: the real standard streams in the binary,
/// buffers in tests. Results go to `output`, diagnostics and progress to `error`.
public struct ToolConsole: Sendable {
    /// Writes to standard output.
    public var output: @Sendable (String) -> Void
    /// Writes to standard error.
    public var error: @Sendable (String) -> Void
    /// Reads all of standard input (`nil` when it cannot be read).
    public var readInput: @Sendable () -> [UInt8]?

    /// Whether standard output is a terminal (colour is only ever written to one).
    public var outputIsTerminal: Bool
    /// The process environment (`NO_COLOR` is read from it).
    public var environment: [String: String]

    /// Creates the value from its parts; by default output is not a terminal and the
    /// environment is empty, as in tests.
    public init(
        output: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> [UInt8]?,
        outputIsTerminal: Bool = false,
        environment: [String: String] = [:]
    ) {
        self.output = output
        self.error = error
        self.readInput = readInput
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
    }
}
