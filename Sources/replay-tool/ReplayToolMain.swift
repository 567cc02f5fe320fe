import Foundation
import ReplayToolKit

/// The binary: the real standard streams around `ReplayTool.run`.
@main
struct ReplayToolMain {
    static func main() {
        // Past a file-size limit (`ulimit -f`) the kernel sends SIGXFSZ, which would kill the
        // tool mid-append; ignored, the write fails with EFBIG and the append says so, having
        // cut off what it wrote.
        signal(SIGXFSZ, SIG_IGN)
        let console = ToolConsole(
            output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            outputBytes: { bytes in try? FileHandle.standardOutput.write(contentsOf: bytes) },
            error: { text in FileHandle.standardError.write(Data(text.utf8)) },
            readInput: {
                (try? FileHandle.standardInput.readToEnd()).map { Array($0) } ?? []
            },
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment
        )
        let code = ReplayTool.run(Array(CommandLine.arguments.dropFirst()), console: console)
        exit(code.rawValue)
    }
}
