/// Where `replay-tool` writes and reads: the real standard streams in the binary,
/// buffers in tests. Results go to `output`, diagnostics and progress to `error`.
public struct ToolConsole: Sendable {
    /// Writes to standard output.
    public var output: @Sendable (String) -> Void
    /// Writes to standard error.
    public var error: @Sendable (String) -> Void
    /// Reads all of standard input (`nil` when it cannot be read).
    public var readInput: @Sendable () -> [UInt8]?

    /// Creates the value from its parts.
    public init(
        output: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> [UInt8]?
    ) {
        self.output = output
        self.error = error
        self.readInput = readInput
    }
}
