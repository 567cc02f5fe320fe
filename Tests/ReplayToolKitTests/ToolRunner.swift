import Foundation
import ReplayToolKit

/// Runs `replay-tool` in process with captured streams.
struct ToolRun: Sendable {
    var code: ExitCode
    var output: String
    var error: String

    static func run(_ arguments: [String], input: String = "") -> ToolRun {
        let output = Capture()
        let error = Capture()
        let console = ToolConsole(
            output: { output.append($0) },
            error: { error.append($0) },
            readInput: { Array(input.utf8) }
        )
        let code = ReplayTool.run(arguments, console: console)
        return ToolRun(code: code, output: output.text, error: error.text)
    }

    final class Capture: @unchecked Sendable {
        // @unchecked: `buffer` is only touched under `lock`.
        private let lock = NSLock()
        private var buffer = ""
        func append(_ text: String) { lock.withLock { buffer += text } }
        var text: String { lock.withLock { buffer } }
    }
}
