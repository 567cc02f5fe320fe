import TestSupport
import Store
import Events
import Foundation
import Testing

/// Every `replay-tool` command that takes a log also takes a log set (docs/sync.md):
/// `verify`, `stats`, `trace`, `repair` stream by stream or over the whole set, `append`
/// to the stream `--stream` names (`checkpoint`: LogSetCheckpointTests).
@Suite("Log sets: the other commands")
struct LogSetToolTests {
    /// A log set of two streams: phone-1 (a goal and a tier) and watch-1 (the same tier
    /// event, copied, and a late exit request); `torn` adds a torn tail to watch-1.
    static func logSet(torn: Bool = false) throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let goal = try LogSetConflictTests.goal()
        let tier = Event(
            id: "tier", at: try Instant(rfc3339: "2026-11-29T20:10:00+01:00"), timeZone: "Europe/Berlin", source: .phone,
            payload: .appTierAssigned(AppTierAssigned(app: "Mail", tier: .blockFirst)))
        var copy = tier
        copy.source = .watch
        let request = try LogSetConflictTests.exit("r", "request", at: "2026-11-30T20:00:00+01:00", source: .watch)
        try FileManager.default.createDirectory(atPath: folder.url.path + "/set", withIntermediateDirectories: false)
        _ = try folder.write("set/phone-1.jsonl", LogSetFoldTests.stream([goal, tier]))
        _ = try folder.write("set/watch-1.jsonl", LogSetFoldTests.stream([copy, request]) + (torn ? Array("{\"seq\":3".utf8) : []))
        return (folder, folder.url.path + "/set")
    }

    @Test func verifyChecksEachStream() throws {
        let (folder, set) = try Self.logSet(torn: true)
        _ = try folder.write("set/not a stream.jsonl", [])
        let run = ToolRun.run(["verify", set])
        #expect(run.code == .dataError)
        #expect(run.output.contains("phone-1.jsonl: sound: 2 events, last seq 2"))
        #expect(run.error.contains("watch-1.jsonl:3: "), "\(run.error)")
        #expect(run.error.contains("not a stream.jsonl: not a stream, ignored"), "\(run.error)")
        withExtendedLifetime(folder) {}
    }

    @Test func statsCountsAnIdInTwoStreamsOnce() throws {
        let (folder, set) = try Self.logSet()
        let run = ToolRun.run(["stats", set])
        #expect(run.code == .success)
        #expect(run.output.hasPrefix("events: 3 in 4 lines of 2 streams\n"), "\(run.output)")
        #expect(run.output.contains("  watch-1: 2 events in 2 lines, last seq 2\n"))
        #expect(run.output.contains("copies of an id in another stream, counted once: 1\n"))
        withExtendedLifetime(folder) {}
    }

    @Test func traceFollowsTheFoldOrder() throws {
        let (folder, set) = try Self.logSet(torn: true)
        let run = ToolRun.run(["trace", set, "--figure", "debt"])
        #expect(run.code == .success, "\(run.error)")
        #expect(run.output.contains("watch-1.jsonl: "), "the torn tail names its stream's file")
        withExtendedLifetime(folder) {}
    }

    @Test func repairAndAppendWorkOnStreams() throws {
        let (folder, set) = try Self.logSet(torn: true)
        let repair = ToolRun.run(["repair", set])
        #expect(repair.code == .success, "\(repair.error)")
        #expect(repair.output.contains("phone-1.jsonl: no torn tail"))
        #expect(repair.output.contains("watch-1.jsonl: removed"))
        #expect(ToolRun.run(["verify", set]).code == .success)
        let line = "{\"id\":\"new\",\"type\":\"appTierAssigned\",\"v\":1,\"at\":\"2026-11-30T21:00:00+01:00\",\"tz\":\"Europe/Berlin\",\"source\":\"phone\",\"data\":{\"app\":\"News\",\"tier\":\"block30Min\"}}\n"
        let withoutStream = ToolRun.run(["append", set], input: line)
        #expect(withoutStream.code == .usage)
        #expect(withoutStream.error.contains("--stream"))
        let append = ToolRun.run(["append", set, "--stream", "ipad-1"], input: line)
        #expect(append.code == .success, "\(append.error)")
        #expect(append.output == "1\n")
        #expect(FileManager.default.fileExists(atPath: set + "/ipad-1.jsonl"))
        #expect(ToolRun.run(["append", set, "--stream", "my ipad"], input: line).code == .usage)
        withExtendedLifetime(folder) {}
    }

    /// Every command that reads a log or a log set, with the arguments it needs after LOG.
    static let readingCommands: [[String]] = [
        ["verify"], ["stats"], ["show"], ["show", "--json"], ["why", "--night", "2026-11-30"], ["trace", "--figure", "debt"],
        ["scores"], ["insights"], ["report"], ["repair", "--dry-run"], ["repair"], ["checkpoint"],
    ]

    @Test("a directory with no stream is not a log set: every reading command refuses it (66)", arguments: readingCommands)
    func aFolderWithoutStreamsIsRefused(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("notes.txt", Array("not a stream".utf8))
        let path = folder.url.path
        let arguments = [command[0], path] + command.dropFirst()
        let run = ToolRun(arguments)
        #expect(run.code == .noInput, "\(arguments): exit \(run.code) \(run.error)")
        #expect(run.error.contains("no streams in \(path)"), "\(run.error)")
        #expect(run.output.isEmpty, "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: path + "/checkpoints"), "nothing is written")
        withExtendedLifetime(folder) {}
    }

    @Test("sync refuses a FROM with no stream, and fills a new device's empty folder")
    func syncFromAFolderWithoutStreams() throws {
        let (folder, set) = try Self.logSet()
        let empty = folder.url.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let refused = ToolRun(["sync", empty, set])
        #expect(refused.code == .noInput, "\(refused.error)")
        #expect(refused.error.contains("no streams in \(empty)"))
        let filled = ToolRun(["sync", set, empty])
        #expect(filled.code == .success, "\(filled.error)")
        #expect(FileManager.default.fileExists(atPath: empty + "/phone-1.jsonl"))
        withExtendedLifetime(folder) {}
    }

    @Test("every command that reads a log set names the streams it read on standard error", arguments: readingCommands)
    func theStreamsReadAreNamed(_ command: [String]) throws {
        let (folder, set) = try Self.logSet()
        _ = try folder.write("set/not a stream.jsonl", [])
        let arguments = [command[0], set] + command.dropFirst()
        let run = ToolRun(arguments)
        #expect(run.error.contains("\(set): a log set of 2 streams: phone-1, watch-1\n"), "\(arguments): \(run.error)")
        #expect(run.error.contains("not a stream.jsonl: not a stream, ignored"), "\(arguments): \(run.error)")
        #expect(!run.output.contains("a log set of"), "the names go to standard error only")
        withExtendedLifetime(folder) {}
    }
}
