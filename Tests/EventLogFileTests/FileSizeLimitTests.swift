import TestSupport
import EventLogFile
import Events
import Foundation
import Testing

/// Past a file-size limit (`ulimit -f`) the kernel cuts a write short, then fails it with
/// EFBIG, and sends SIGXFSZ, which kills by default. `replay-tool` ignores the signal, so an
/// append past the limit is an error that says so, and the log is left as it was.
@Suite("A file-size limit: replay-tool append fails cleanly")
struct FileSizeLimitTests {
    @Test("an append past ulimit -f is refused with EFBIG, the log unchanged and sound", .timeLimit(.minutes(1)))
    func appendPastTheLimit() throws {
        let tool = try ReplayToolBinary.path()
        try TemporaryFolder.with { directory in
            let log = directory.path("log.jsonl")
            // A log just under 1 KiB (the limit below), then a batch that crosses it.
            let first = try FileEventLog(path: log)
            var number = 0
            while (try FileManager.default.attributesOfItem(atPath: log)[.size] as? NSNumber)?.intValue ?? 0 < 700 {
                number += 1
                _ = try first.append([try TestEvents.event("small-\(number)", minute: number)])
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: log))
            try directory.write(ReplayToolBinary.input((1...6).map { try TestEvents.event("big-\($0)", minute: 100 + $0) }), to: "input.jsonl")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f 1 && exec \"$1\" append \"$2\" --allow-skipped < \"$3\"", "sh", tool, log, directory.path("input.jsonl")]
            let standardError = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = standardError
            try process.run()
            let error = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // Not killed by SIGXFSZ: an exit code and a message.
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 74)
            #expect(error.contains("File too large"))
            #expect(error.contains("nothing was written"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == before)
            #expect(try FileEventLog.verify(path: log).isSound)
        }
    }
}
