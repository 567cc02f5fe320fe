import EventLogFile
import Foundation
import ReplayToolKit
import Testing
import TestSupport

/// `replay-tool` end to end in process: help, exit codes, verify, stats, repair, append.
/// Outputs are compared with goldens in Tests/Fixtures/replay-tool (re-record with
/// RECORD_GOLDENS=1). Paths in outputs are replaced by `LOG` so goldens do not depend on
/// the temporary folder.
struct ReplayToolTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    @Test(arguments: [["--help"], ["verify", "--help"], ["stats", "-h"], ["repair", "--help"], ["append", "--help"], ["help", "append"], ["share", "--help"]])
    func helpIsOnStandardOutputInTheUsualLayout(arguments: [String]) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        #expect(run.output.contains("OVERVIEW: "))
        #expect(run.output.contains("USAGE: replay-tool"))
        #expect(run.output.contains("OPTIONS:"))
        let name = arguments == ["--help"] ? "root" : arguments.first { $0 != "help" && !$0.hasPrefix("-") } ?? "root"
        Golden.assertMatches(run.output, golden: "replay-tool/help-\(name).txt")
    }

    @Test(arguments: [["verify"], ["frobnicate"], ["append", "x.jsonl", "--expect-seq", "-3"], ["stats", "a", "b"], ["verify", "--jsn", "x"]])
    func wrongUsageExits64WithTheRightUsageOnStandardError(arguments: [String]) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("Error: "))
        #expect(run.error.contains("Usage: replay-tool"))
    }

    @Test func verifyOnTheSampleWeekIsSound() {
        let run = ToolRun.run(["verify", Self.sampleWeek])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        #expect(run.output.hasSuffix("sound: 162 events, last seq 162\n"))
    }

    /// `verify` checks the log's checkpoints against every byte they cover (an open checks
    /// only each one's last 4 KiB): an edit far before a checkpoint's end is named, on
    /// standard error, and changes no exit code; `--no-checkpoint` checks the log alone.
    @Test func verifyChecksTheCheckpointsWhole() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write(Array(try Data(contentsOf: URL(fileURLWithPath: Self.sampleWeek))), to: "week.jsonl")
        #expect(ToolRun.run(["checkpoint", log]).code == .success)
        let sound = ToolRun.run(["verify", log])
        #expect(sound.code == .success)
        #expect(sound.error.isEmpty, "\(sound.error)")
        #expect(sound.output.contains("week.jsonl.checkpoints: "), "\(sound.output)")
        #expect(sound.output.contains("checked against every byte they cover: all hold") || sound.output.contains(": it holds"), "\(sound.output)")

        // One letter of the first line's id, in place: far before the newest checkpoint's tail.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: log)))
        let marker = Array("\"id\":\"".utf8)
        let start = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        bytes[start + marker.count] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: log))
        let edited = ToolRun.run(["verify", log])
        #expect(edited.code == .success, "a checkpoint is a cache: the log itself is sound")
        #expect(edited.error.contains("are not the ones it covered"), "\(edited.error)")
        #expect(!edited.output.contains("all hold"), "\(edited.output)")
        let alone = ToolRun.run(["verify", log, "--no-checkpoint"])
        #expect(alone.error.isEmpty)
        #expect(!alone.output.contains("checkpoint"))
    }

    @Test func statsOnTheSampleWeek() {
        let run = ToolRun.run(["stats", Self.sampleWeek])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "replay-tool/stats-sample-week.txt")
    }

    @Test(arguments: ["missing.jsonl", "missing-set/"])
    func missingOrUnreadableInputExits66(name: String) throws {
        let folder = try TemporaryFolder()
        let run = ToolRun.run(["verify", folder.path(name)])
        #expect(run.code == .noInput)
        #expect(!run.error.isEmpty)
    }

    @Test func verifyListsEveryProblemAsFileLineMessage() throws {
        let folder = try TemporaryFolder()
        let lines = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n").prefix(6).map(String.init)
        var broken = lines
        broken[1] = "{not json"                                    // line 2
        broken[3] = lines[2]                                       // line 4 repeats seq 3 and its id
        broken.append(String(lines[5].prefix(40)))                 // line 7: torn tail
        let path = try folder.write("log.jsonl", broken.joined(separator: "\n"))
        let run = ToolRun.run(["verify", path])
        #expect(run.code == .dataError)
        let output = run.error.replacingOccurrences(of: path, with: "LOG")
        Golden.assertMatches(output, golden: "replay-tool/verify-problems.txt")
        #expect(output.contains("LOG:2: "))
        #expect(output.contains("LOG:7: torn tail"))
    }

    @Test func repairSaysWhatItRemovesThenAppendWorks() throws {
        let folder = try TemporaryFolder()
        let lines = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n").prefix(3).map(String.init)
        let sound = lines.prefix(2).joined(separator: "\n") + "\n"
        let path = try folder.write("log.jsonl", sound + lines[2])   // line 3 lacks its \n
        let refused = ToolRun.run(["append", path], input: Self.inputLine(id: "new-1"))
        #expect(refused.code == .dataError)
        #expect(refused.error.contains("nothing was written"))

        let dryRun = ToolRun.run(["repair", path, "--dry-run"])
        #expect(dryRun.code == .success)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == sound + lines[2])

        let repair = ToolRun.run(["repair", path])
        #expect(repair.code == .success)
        Golden.assertMatches(repair.output.replacingOccurrences(of: path, with: "LOG"), golden: "replay-tool/repair-torn-line.txt")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == sound)

        let append = ToolRun.run(["append", path], input: Self.inputLine(id: "new-1"))
        #expect(append.code == .success)
        #expect(append.output == "3\n")
    }

    static func inputLine(id: String, night: String = "2026-11-30") -> String {
        #"{"id":"\#(id)","type":"wentToBed","v":1,"at":"2026-11-30T23:10:00+01:00","tz":"Europe/Berlin","source":"watch","data":{"night":"\#(night)"}}"# + "\n"
    }

    @Test func appendPrintsSeqsAndAnswersRetriesWithTheExistingSeq() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.jsonl")
        let input = Self.inputLine(id: "a") + Self.inputLine(id: "b")
        let first = ToolRun.run(["append", path, "--expect-seq", "0"], input: input)
        #expect(first.code == .success)
        #expect(first.output == "1\n2\n")
        let retry = ToolRun.run(["append", path, "--expect-seq", "0"], input: input + Self.inputLine(id: "c"))
        #expect(retry.code == .temporaryFailure, "a new id with a stale expected seq is refused")
        let idempotent = ToolRun.run(["append", path, "--expect-seq", "0"], input: input)
        #expect(idempotent.code == .success)
        #expect(idempotent.output == "already at seq 1\nalready at seq 2\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func anInvalidInputLineRejectsTheWholeBatch() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.jsonl")
        let input = Self.inputLine(id: "a") + Self.inputLine(id: "b", night: "soon")
        let run = ToolRun.run(["append", path], input: input)
        #expect(run.code == .dataError)
        #expect(run.error.hasPrefix("<stdin>:2: key 'data.night'"))
        #expect(run.error.contains("nothing was appended"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
