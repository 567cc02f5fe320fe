import Foundation
import ReplayToolKit

/// `replay-tool` run in process, with its standard output and error captured and `input` as
/// its standard input.
public struct ToolRun: Sendable {
    /// The exit code.
    public var code: ExitCode
    /// Everything written to standard output.
    public var output: String
    /// Everything written to standard error.
    public var error: String
    /// How many times the tool wrote to standard output.
    public var outputWrites: Int

    /// Runs the tool with `arguments` (without the program name).
    public init(_ arguments: [String], input: String = "") {
        let output = Capture()
        let error = Capture()
        let console = ToolConsole(
            output: { output.append($0) },
            error: { error.append($0) },
            readInput: { Array(input.utf8) }
        )
        code = ReplayTool.run(arguments, console: console)
        self.output = output.text
        self.error = error.text
        outputWrites = output.writes
    }

    private final class Capture: @unchecked Sendable {
        // @unchecked: `buffer` and `count` are only touched under `lock`.
        private let lock = NSLock()
        private var buffer = ""
        private var count = 0
        func append(_ text: String) {
            lock.withLock {
                buffer += text
                count += 1
            }
        }
        var text: String { lock.withLock { buffer } }
        var writes: Int { lock.withLock { count } }
    }
}
