import Testing
import TestSupport

/// `replay-tool share`: a share's JSON on one line, "not yet" (exit 1) and usage errors (64).
@Suite("replay-tool share")
struct ShareCommandTests {
    static let log = Golden.fixture("FrozenLogs/v1/shares.jsonl").path

    @Test func aNightShareAndAWeekShare() {
        let night = ToolRun.run(["share", Self.log, "--person", "Ana", "--night", "2026-11-30"])
        #expect(night.code == .success, "\(night.error)")
        #expect(night.output == #"{"kind":"night","v":1,"shareId":"ac9320fe-17e6-b1aa-71bf-7a72c100805e","person":"Ana","night":"2026-11-30","onTarget":false}"# + "\n")
        let week = ToolRun.run(["share", Self.log, "--person", "Ana", "--week", "2026-W49"])
        #expect(week.code == .success, "\(week.error)")
        #expect(week.output == #"{"kind":"week","v":1,"shareId":"309bddd1-c993-cbb4-f510-78937f8cb718","person":"Ana","week":"2026-W49","nightsPlanned":7,"nightsOnTarget":0,"sri":null}"# + "\n")
    }

    @Test func notYetSaysWhen() {
        let week = ToolRun.run(["share", Self.log, "--person", "Ana", "--week", "2026-W50"])
        #expect(week.code == .checkFailed)
        #expect(week.output.isEmpty)
        #expect(week.error.contains("not yet"))
        #expect(week.error.contains("2026-12-14T"), "\(week.error)")
        let night = ToolRun.run(["share", Self.log, "--person", "Ana", "--night", "2026-12-07", "--at", "2026-12-07T13:00:00+01:00"])
        #expect(night.code == .checkFailed)
        #expect(night.error.contains("2026-12-08T"), "\(night.error)")
    }

    /// A share someone sent goes into a log through `append` with source `share`; a share
    /// that is not one of the two shapes is refused whole (projections would skip it).
    @Test func appendTakesAShareAndRefusesPoison() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("log.jsonl")
            let share = #"{"kind":"night","v":1,"shareId":"fbe14074-eada-75bc-07f5-19aaea47747a","person":"Sam","night":"2026-11-30","onTarget":true}"#
            let line = #"{"id":"s1","type":"shareReceived","v":1,"at":"2026-12-01T08:00:00+01:00","tz":"Europe/Berlin","source":"share","data":{"share":"# + share + "}}\n"
            let appended = ToolRun.run(["append", path], input: line)
            #expect(appended.code == .success, "\(appended.error)")
            let poison = line.replacingOccurrences(of: "\"s1\"", with: "\"s2\"").replacingOccurrences(of: "\"Sam\"", with: "\"\\u202eSam\"")
            let refused = ToolRun.run(["append", path], input: poison)
            #expect(refused.code == .dataError)
            #expect(refused.error.contains("share.person"), "\(refused.error)")
            let shown = ToolRun.run(["share", path, "--person", "Ana", "--night", "2026-11-30"])
            #expect(shown.code == .checkFailed, "the log's only night, without a plan, is shareable from 12:00 the next day")
        }
    }

    @Test(arguments: [
        ["share", log, "--night", "2026-11-30"],
        ["share", log, "--person", "Ana"],
        ["share", log, "--person", "Ana", "--night", "2026-11-30", "--week", "2026-W49"],
        ["share", log, "--person", "Ana", "--week", "2025-W53"],
        ["share", log, "--person", "Ana", "--week", "2026-W5"],
        ["share", log, "--person", "Ana", "--night", "2026-11-31"],
        ["share", log, "--person", "\u{202E}Ana", "--night", "2026-11-30"],
        ["share", log, "--person", "", "--night", "2026-11-30"],
    ])
    func usageErrors(_ arguments: [String]) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage, "\(arguments)")
        #expect(run.output.isEmpty)
        #expect(!run.error.isEmpty)
    }
}
