import TestSupport
import Store
import Foundation
import Simulation
import Testing

/// `replay-tool simulate --devices phone,watch[,ipad] --out DIR`: the simulated history as a
/// log set (docs/sync.md). Its streams verify, it folds to the very view of the same run as
/// one file, HealthKit copies are counted once, and the devices share the work as the help
/// says.
@Suite("Simulate: a log set of several devices")
struct SimulatedLogSetTests {
    static func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test(arguments: [("mixed", "7", "45"), ("struggling", "11", "40"), ("steady", "2026", "120")])
    func theLogSetFoldsToTheViewOfTheSameRunAsOneFile(profile: String, seed: String, nights: String) throws {
        let folder = try TemporaryFolder()
        let set = folder.url.path + "/set"
        let options = ["--nights", nights, "--seed", seed, "--profile", profile]
        let devices = ToolRun.run(["simulate"] + options + ["--devices", "phone,watch,ipad", "--out", set])
        #expect(devices.code == .success, "\(devices.error)")
        let single = ToolRun.run(["simulate"] + options)
        let file = try folder.write("single.jsonl", Array(single.output.utf8))
        #expect(ToolRun.run(["verify", set]).code == .success)
        let fromSet = ToolRun.run(["show", set, "--json"])
        let fromFile = ToolRun.run(["show", file, "--json", "--no-checkpoint"])
        #expect(fromSet.code == .success)
        #expect(fromSet.output == fromFile.output)
        #expect(fromSet.output.contains("\"warnings\": []"))
        // Both devices ingested HealthKit's data: the copies are counted once.
        let stats = ToolRun.run(["stats", set]).output
        #expect(stats.contains("copies of an id in another stream, counted once: "), "\(stats)")
        // The watch confirms or cancels some exits the phone requested.
        let watch = try Self.contents(set + "/watch.jsonl")
        let phone = try Self.contents(set + "/phone.jsonl")
        #expect(!watch.contains("\"type\":\"exitRequested\""))
        #expect(phone.contains("\"type\":\"exitRequested\""))
        #expect(watch.contains("\"type\":\"exitConfirmed\"") || watch.contains("\"type\":\"exitCancelled\""))
        #expect(try Self.contents(set + "/ipad.jsonl").contains("\"type\":\"checklistItemCompleted\""))
        if nights == "120" {
            // Goals come every few months: over 120 nights, on both devices.
            #expect(phone.contains("\"type\":\"goalSet\"") && watch.contains("\"type\":\"goalSet\""))
        }
    }

    @Test func theSameArgumentsGiveTheSameStreams() throws {
        let folder = try TemporaryFolder()
        var bytes: [[String]] = []
        for run in ["a", "b"] {
            let set = folder.url.path + "/" + run
            #expect(ToolRun.run(["simulate", "--nights", "20", "--devices", "phone,watch", "--out", set]).code == .success)
            bytes.append(try ["phone", "watch"].map { try Self.contents(set + "/\($0).jsonl") })
        }
        #expect(bytes[0] == bytes[1])
        #expect(!FileManager.default.fileExists(atPath: folder.url.path + "/a/ipad.jsonl"))
    }

    @Test func wrongDevicesOrDirectoriesAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        let set = folder.url.path + "/set"
        for arguments in [
            ["--devices", "phone", "--out", set],
            ["--devices", "phone,watch,tv", "--out", set],
            ["--devices", "phone,watch,watch", "--out", set],
            ["--devices", "phone,watch"],
            ["--out", set],
        ] {
            let run = ToolRun.run(["simulate", "--nights", "2"] + arguments)
            #expect(run.code == .usage, "\(arguments): \(run.error)")
            #expect(run.output.isEmpty)
        }
        #expect(ToolRun.run(["simulate", "--nights", "2", "--devices", "phone,watch", "--out", set]).code == .success)
        let again = ToolRun.run(["simulate", "--nights", "2", "--devices", "phone,watch", "--out", set])
        #expect(again.code == .usage)
        #expect(again.error.contains("already holds streams"))
    }
}
