/// Where `replay-tool` writes and reads: the real standard streams in the binary,
/// buffers in tests. Results go to `output`, diagnostics and progress to `error`.
public struct ToolConsole: Sendable {
    /// Writes to standard output.
    public var output: @Sendable (String) -> Void
    /// Writes UTF-8 bytes to standard output, as they are (a large result, such as the JSON
    /// view, without making a `String` of it first). By default they go to ``output`` as text.
    public var outputBytes: @Sendable ([UInt8]) -> Void
    /// Writes to standard error.
    public var error: @Sendable (String) -> Void
    /// Reads all of standard input (`nil` when it cannot be read).
    public var readInput: @Sendable () -> [UInt8]?

    /// Whether standard output is a terminal (colour is only ever written to one).
    public var outputIsTerminal: Bool
    /// The process environment (`NO_COLOR` is read from it).
    public var environment: [String: String]

    /// Creates the value from its parts; by default bytes are written to `output` as text,
    /// output is not a terminal and the environment is empty, as in tests.
    public init(
        output: @escaping @Sendable (String) -> Void,
        outputBytes: (@Sendable ([UInt8]) -> Void)? = nil,
        error: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> [UInt8]?,
        outputIsTerminal: Bool = false,
        environment: [String: String] = [:]
    ) {
        self.output = output
        self.outputBytes = outputBytes ?? { bytes in output(String(decoding: bytes, as: UTF8.self)) }
        self.error = error
        self.readInput = readInput
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
    }
}
