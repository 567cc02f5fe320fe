import TestSupport
import Foundation
import ReplayToolKit
import Testing

/// `replay-tool sync FROM TO`: one line per stream, the other streams synced when one is
/// refused, exit 65 then, and usage errors for bad arguments.
@Suite("replay-tool sync")
struct SyncCommandTests {
    static func line(_ seq: Int, id: String? = nil) -> String {
        "{\"seq\":\(seq),\"id\":\"\(id ?? "id-\(seq)")\",\"type\":\"exitRequested\",\"v\":1,\"at\":\"2026-11-30T21:40:00+01:00\",\"tz\":\"Europe/Berlin\",\"source\":\"phone\",\"data\":{\"night\":\"2026-11-30\"}}\n"
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    @Test func eachStreamGetsALineAndARefusalGives65AfterTheOthers() throws {
        let folder = try TemporaryFolder()
        for name in ["from", "to"] { try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: false) }
        try Self.write((1...3).map { Self.line($0) }.joined(), to: folder.path("from/watch-1.jsonl"))
        try Self.write((1...2).map { Self.line($0) }.joined(), to: folder.path("from/phone-1.jsonl"))
        try Self.write(Self.line(1, id: "mine"), to: folder.path("to/phone-1.jsonl"))
        let run = ToolRun.run(["sync", folder.path("from"), folder.path("to")])
        #expect(run.code == .dataError)
        #expect(run.output == """
            phone-1: refused, nothing changed: line 1 of the replica differs from the sender's copy: the stream diverged (two writers used one name?)
            watch-1: added 3 lines (seq 1–3)

            """)
        let again = ToolRun.run(["sync", folder.path("from"), folder.path("to")])
        #expect(again.output.contains("watch-1: up to date (3 lines)"))
        #expect(try String(contentsOfFile: folder.path("to/phone-1.jsonl"), encoding: .utf8) == Self.line(1, id: "mine"))
    }

    @Test func upToDateStreamsExitZero() throws {
        let folder = try TemporaryFolder()
        for name in ["from", "to"] { try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: false) }
        try Self.write(Self.line(1), to: folder.path("from/watch-1.jsonl"))
        #expect(ToolRun.run(["sync", folder.path("from"), folder.path("to")]).code == .success)
        let run = ToolRun.run(["sync", folder.path("from"), folder.path("to"), "--device", "phone-1"])
        #expect(run.code == .success)
        #expect(run.output == "watch-1: up to date (1 line)\n")
    }

    @Test func badArgumentsAreUsageErrorsOrMissingInput() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("from"), withIntermediateDirectories: false)
        _ = try folder.write("from/phone.jsonl", "")
        #expect(ToolRun.run(["sync", folder.path("from")]).code == .usage)
        let device = ToolRun.run(["sync", folder.path("from"), folder.path("from"), "--device", "my phone"])
        #expect(device.code == .usage)
        #expect(device.error.contains("not a stream name"))
        let missing = ToolRun.run(["sync", folder.path("from"), folder.path("nowhere")])
        #expect(missing.code == .noInput)
        #expect(missing.error.contains("does not exist"))
        let help = ToolRun.run(["sync", "--help"])
        #expect(help.code == .success)
        #expect(help.output.contains("USAGE: replay-tool sync <from> <to>"))
    }
}
