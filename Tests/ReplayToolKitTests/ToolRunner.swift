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

/// A temporary folder removed when the value is dropped.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-tool-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        // A log holds health data: 0600, whatever the umask (the log refuses others' write).
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
