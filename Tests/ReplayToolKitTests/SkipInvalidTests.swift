import Foundation
import Testing
import TestSupport

/// A damaged line in the middle of a log: every reading command stops there, says what to
/// do (fix or remove the line, or restore a copy), and offers `--skip-invalid`, which folds
/// the sound lines and lists each line left out. `append` never skips.
struct SkipInvalidTests {
    static let readingCommands: [[String]] = [
        ["show"], ["show", "--json"], ["why", "--night", "2026-12-02"], ["trace", "--figure", "debt"],
        ["scores"], ["insights"], ["report"], ["stats"],
    ]

    /// The sample week with its 5th line damaged.
    static func damagedLog(in folder: TemporaryFolder) throws -> String {
        let text = try String(contentsOf: Golden.fixture("SampleWeek/sample-week.jsonl"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[4] = #"{"seq":5,"garbage"#
        let path = folder.path("damaged.jsonl")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func run(_ command: [String], log: String, extra: [String] = []) -> ToolRun {
        ToolRun.run([command[0], log] + command.dropFirst() + extra)
    }

    @Test(arguments: readingCommands)
    func aDamagedLineStopsTheReadAndSaysWhatToDo(command: [String]) throws {
        let folder = try TemporaryFolder()
        let log = try Self.damagedLog(in: folder)
        let run = Self.run(command, log: log)
        #expect(run.code == .dataError, "\(command)")
        #expect(run.output.isEmpty)
        #expect(run.error.contains("\(log):5: invalid JSON"), "\(run.error)")
        #expect(run.error.contains("nothing after it was read. Fix or remove line 5, or restore a copy of the log"), "\(run.error)")
        #expect(run.error.contains("--skip-invalid"), "\(run.error)")
    }

    @Test(arguments: readingCommands)
    func skipInvalidFoldsTheSoundLinesAndListsTheOneLeftOut(command: [String]) throws {
        let folder = try TemporaryFolder()
        let log = try Self.damagedLog(in: folder)
        let run = Self.run(command, log: log, extra: ["--skip-invalid"])
        #expect(run.code == .success, "\(command): \(run.error)")
        #expect(!run.output.isEmpty)
        let leftOut = "line 5 left out, invalid: invalid JSON"
        #expect(run.output.contains(leftOut) || run.error.contains(leftOut), "\(command): \(run.error)")
    }

    @Test func theSoundLinesAreAllFolded() throws {
        let folder = try TemporaryFolder()
        let log = try Self.damagedLog(in: folder)
        let whole = ToolRun.run(["stats", Golden.fixture("SampleWeek/sample-week.jsonl").path])
        let skipped = ToolRun.run(["stats", log, "--skip-invalid"])
        let count = { (run: ToolRun) in run.output.split(separator: "\n").first.map(String.init) ?? "" }
        let total = try #require(Int(count(whole).split(separator: " ")[1]))
        #expect(count(skipped).hasPrefix("events: \(total - 1) in \(total) lines"), "\(skipped.output)")
        let json = ToolRun.run(["show", log, "--json", "--skip-invalid"])
        #expect(json.output.contains(#""line 5 left out, invalid: invalid JSON"#), "\(json.output.suffix(400))")
        #expect(json.error.hasSuffix("\(log): --skip-invalid: 1 invalid line was left out; the figures are of the sound lines only\n"), "\(json.error)")
    }

    @Test func aLogSetNamesTheStreamOfTheLineLeftOut() throws {
        let folder = try TemporaryFolder()
        let set = folder.path("set")
        #expect(ToolRun.run(["simulate", "--nights", "7", "--seed", "2", "--devices", "phone,watch", "--out", set]).code == .success)
        let watch = set + "/watch.jsonl"
        var lines = try String(contentsOfFile: watch, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = "not json"
        try lines.joined(separator: "\n").write(toFile: watch, atomically: true, encoding: .utf8)
        let stopped = ToolRun.run(["show", set])
        #expect(stopped.code == .dataError)
        #expect(stopped.error.contains("watch.jsonl:3:"), "\(stopped.error)")
        let run = ToolRun.run(["show", set, "--skip-invalid"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.contains("line 3 of watch.jsonl left out, invalid: "), "\(run.output.suffix(400))")
    }

    @Test func appendNeverSkips() throws {
        let run = ToolRun.run(["append", "log.jsonl", "--skip-invalid"])
        #expect(run.code == .usage)
        #expect(run.error.hasPrefix("Error: Unknown option '--skip-invalid'"), "\(run.error)")
    }
}
