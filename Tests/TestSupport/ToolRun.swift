import Events
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
    public static func run(_ arguments: [String], input: String = "") -> ToolRun {
        ToolRun(arguments, input: input)
    }

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

    /// What a stream of the tool received, kept across threads.
    public final class Capture: Sendable {
        private let written = Locked((text: "", writes: 0))
        /// An empty capture.
        public init() {}
        /// Keeps `text`, one write.
        public func append(_ text: String) {
            written.withLock { written in
                written.text += text
                written.writes += 1
            }
        }
        /// Everything written.
        public var text: String { written.current.text }
        /// How many writes there were.
        public var writes: Int { written.current.writes }
    }
}
