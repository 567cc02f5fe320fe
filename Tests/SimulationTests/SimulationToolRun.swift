import Foundation
import ReplayToolKit

/// Runs `replay-tool` in process with captured streams.
struct SimulationToolRun: Sendable {
    var code: ExitCode
    var output: String
    var error: String
    /// How many times the tool wrote to standard output.
    var outputWrites: Int

    static func run(_ arguments: [String], input: String = "") -> SimulationToolRun {
        let output = Capture()
        let error = Capture()
        let console = ToolConsole(
            output: { output.append($0) },
            error: { error.append($0) },
            readInput: { Array(input.utf8) }
        )
        let code = ReplayTool.run(arguments, console: console)
        return SimulationToolRun(code: code, output: output.text, error: error.text, outputWrites: output.writes)
    }

    final class Capture: @unchecked Sendable {
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
