import Foundation
import Testing
import TestSupport

/// `replay-tool checkpoint`, and the reading commands' use of checkpoints: the same output
/// with or without one, and a line on standard error saying which start was taken.
@Suite struct CheckpointCommandTests {
    /// A copy of the fortnight fixture in a fresh folder.
    static func copy(_ folder: TemporaryFolder) throws -> String {
        let path = folder.path("fortnight.jsonl")
        try FileManager.default.copyItem(atPath: Golden.fixture("Fortnight/fortnight.jsonl").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    @Test func checkpointWritesThenSaysItIsUpToDate() throws {
        let folder = try TemporaryFolder()
        let path = try Self.copy(folder)
        let first = ToolRun.run(["checkpoint", path])
        #expect(first.code == .success, "\(first.error)")
        #expect(first.output.contains("wrote \(path).checkpoints/seq-000000000255.checkpoint: seq 255, 255 events"), "\(first.output)")
        #expect(first.error.isEmpty)
        let second = ToolRun.run(["checkpoint", path])
        #expect(second.code == .success)
        #expect(second.output.contains("already covers every line (seq 255); nothing written"), "\(second.output)")
    }

    @Test(arguments: [["show", "--json"], ["show"], ["why", "--night", "2026-11-20"], ["scores"], ["report"]])
    func readingCommandsGiveTheSameOutputFromACheckpoint(command: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try Self.copy(folder)
        let arguments = [command[0], path] + command.dropFirst()
        let before = ToolRun.run(arguments)
        #expect(before.error.isEmpty, "no checkpoint folder: nothing said (\(before.error))")
        #expect(ToolRun.run(["checkpoint", path]).code == .success)
        let with = ToolRun.run(arguments)
        let without = ToolRun.run(arguments + ["--no-checkpoint"])
        #expect(with.code == before.code)
        #expect(with.output == before.output)
        #expect(without.output == before.output)
        #expect(with.error.contains("started from checkpoint seq-000000000255.checkpoint (seq 255), then folded 0 lines after it"), "\(with.error)")
        #expect(without.error.isEmpty, "\(without.error)")
    }

    @Test func aDamagedCheckpointIsNamedOnStandardErrorAndTheOutputIsTheSame() throws {
        let folder = try TemporaryFolder()
        let path = try Self.copy(folder)
        #expect(ToolRun.run(["checkpoint", path]).code == .success)
        let checkpoint = path + ".checkpoints/seq-000000000255.checkpoint"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: checkpoint)))
        bytes[bytes.count - 1] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: checkpoint))
        let with = ToolRun.run(["show", path, "--json"])
        let without = ToolRun.run(["show", path, "--json", "--no-checkpoint"])
        #expect(with.code == .success)
        #expect(with.output == without.output)
        #expect(with.error.contains("checkpoint \(checkpoint): it is damaged"), "\(with.error)")
        #expect(with.error.contains("ignored"))
        // `checkpoint` replaces it.
        let rewritten = ToolRun.run(["checkpoint", path])
        #expect(rewritten.code == .success)
        #expect(rewritten.error.contains("ignored and replaced"), "\(rewritten.error)")
        #expect(!ToolRun.run(["show", path, "--json"]).error.contains("ignored"))
    }

    @Test func anotherFolderIsNamedWithCheckpoints() throws {
        let folder = try TemporaryFolder()
        let path = try Self.copy(folder)
        let elsewhere = folder.path("cache")
        #expect(ToolRun.run(["checkpoint", path, "--checkpoints", elsewhere]).code == .success)
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/seq-000000000255.checkpoint"))
        #expect(!FileManager.default.fileExists(atPath: path + ".checkpoints"))
        #expect(ToolRun.run(["show", path, "--checkpoints", elsewhere]).error.contains("started from checkpoint"))
    }

    @Test func aMissingLogIsAnInputError() throws {
        let folder = try TemporaryFolder()
        let run = ToolRun.run(["checkpoint", folder.path("missing.jsonl")])
        #expect(run.code.rawValue == 66, "\(run.code) \(run.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing.jsonl.checkpoints")))
    }

    @Test func aCheckpointFolderThatCannotBeWrittenIsAnIOError() throws {
        let folder = try TemporaryFolder()
        let path = try Self.copy(folder)
        let blocker = folder.path("blocker")
        try Data("a file".utf8).write(to: URL(fileURLWithPath: blocker))
        let run = ToolRun.run(["checkpoint", path, "--checkpoints", blocker + "/inside"])
        #expect(run.code.rawValue != 0, "\(run.output)")
        #expect(run.error.contains("checkpoint"), "\(run.error)")
    }
}
