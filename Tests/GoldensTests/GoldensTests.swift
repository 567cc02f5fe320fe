import EventLogFile
import Events
import Foundation
import Goldens
import MoreSleepTesting
import ReplayToolKit
import Testing
import TestSupport

/// Recorded logs pinned to their golden JSON views: field-level differences, `replay-tool
/// golden DIR [--record]` and its exit codes, and `MoreSleepTesting`'s assertion.
@Suite struct GoldensTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path
    static let instants = "# two evenings of the week\n2026-12-01T21:00:00+01:00\n\n2026-12-03T23:30:00+01:00\n"

    /// A folder with the sample week as `week.jsonl` and its instants.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try folder.write("week.jsonl", try String(contentsOfFile: sampleWeek, encoding: .utf8))
        _ = try folder.write("week.instants", instants)
        return folder
    }

    @Test("differences are named by their path: a changed value, a key added or gone, an element added")
    func differences() {
        let expected = #"{"asOf":"x","plans":[{"bedtime":"23:15","night":"a"},{"bedtime":"23:00"}],"gone":1}"#
        let actual = #"{"asOf":"x","plans":[{"bedtime":"23:30","night":"a"},{"bedtime":"23:00"},{"bedtime":"22:45"}],"new":true}"#
        let found = JSONDifference.between(expected: expected, actual: actual).map(\.description)
        #expect(found == [
            #"plans[0].bedtime: "23:15" → "23:30""#,
            #"plans[2]: (absent) → {"bedtime":"22:45"}"#,
            "gone: 1 → (absent)",
            "new: (absent) → true",
        ])
        #expect(JSONDifference.between(expected: expected, actual: expected).isEmpty)
        #expect(JSONDifference.between(expected: "not json", actual: "{}").map(\.path) == ["$"])
    }

    @Test("a golden view is what show --json --at prints")
    func viewIsShowJSON() throws {
        for text in ["2026-12-01T21:00:00+01:00", "2026-12-03T23:30:00+01:00"] {
            let view = try GoldenViews.view(ofLogAt: Self.sampleWeek, at: try Instant(rfc3339: text))
            let show = ToolRun.run(["show", Self.sampleWeek, "--json", "--at", text, "--no-checkpoint"])
            #expect(show.code == .success, "\(show.error)")
            #expect(view == show.output)
        }
    }

    @Test("golden: missing goldens exit 1, --record writes them (0), then they agree (0), and an edited one differs field by field (1)")
    func goldenCommand() throws {
        let folder = try Self.folder()
        let missing = ToolRun.run(["golden", folder.path])
        #expect(missing.code == .checkFailed)
        #expect(missing.output.contains("MISSING week.jsonl at 2026-12-01T21:00:00+01:00"))
        let recorded = ToolRun.run(["golden", folder.path, "--record"])
        #expect(recorded.code == .success)
        #expect(recorded.output.hasSuffix("recorded 2 golden views of 1 log\n"))
        let agree = ToolRun.run(["golden", folder.path])
        #expect(agree.code == .success)
        #expect(agree.output.hasSuffix("2 of 2 views agree\n"))
        // Edit one golden's asOf: the command names that field, old → new.
        let golden = folder.path("week.golden/2026-12-01T21-00-00+01-00.json")
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        try text.replacingOccurrences(of: "\"2026-12-01T21:00:00+01:00\"", with: "\"2026-12-01T20:00:00+01:00\"").write(toFile: golden, atomically: true, encoding: .utf8)
        let differs = ToolRun.run(["golden", folder.path])
        #expect(differs.code == .checkFailed)
        #expect(differs.output.contains("DIFFERS week.jsonl at 2026-12-01T21:00:00+01:00"))
        #expect(differs.output.contains(#"  asOf: "2026-12-01T20:00:00+01:00" → "2026-12-01T21:00:00+01:00""#), "\(differs.output)")
        #expect(differs.output.hasSuffix("1 of 2 views agree\n"))
    }

    @Test("golden: a bad instant is a data error naming its line, a missing list or folder a missing input; nothing is written")
    func goldenErrors() throws {
        let folder = try Self.folder()
        _ = try folder.write("week.instants", "2026-12-01T21:00:00+01:00\ntomorrow\n")
        let bad = ToolRun.run(["golden", folder.path, "--record"])
        #expect(bad.code == .dataError)
        #expect(bad.error.contains("week.instants:2: 'tomorrow' is not an RFC 3339 instant"), "\(bad.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("week.golden")))
        try FileManager.default.removeItem(atPath: folder.path("week.instants"))
        #expect(ToolRun.run(["golden", folder.path]).code == .noInput)
        #expect(ToolRun.run(["golden", folder.path("nowhere")]).code == .noInput)
        let help = ToolRun.run(["golden", "--help"])
        #expect(help.code == .success && help.output.contains("USAGE"))
    }

    @Test("expectGoldenViews records an issue per differing view, and none when the goldens agree")
    func assertion() throws {
        let folder = try Self.folder()
        let log = folder.path("week.jsonl")
        withKnownIssue("no golden yet") {
            try expectGoldenViews(logAt: log, record: false)
        }
        #expect(ToolRun.run(["golden", folder.path, "--record"]).code == .success)
        try expectGoldenViews(logAt: log, record: false)
        withKnownIssue("a recording run never passes unread") {
            try expectGoldenViews(logAt: log, record: true)
        }
    }

    @Test("diff A.json B.json: each differing field on a line, exit 1; the same view agrees, exit 0; a missing or broken file is named")
    func diffCommand() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("a.json", try GoldenViews.view(ofLogAt: Self.sampleWeek, at: try Instant(rfc3339: "2026-12-01T21:00:00+01:00")))
        let second = try folder.write("b.json", try GoldenViews.view(ofLogAt: Self.sampleWeek, at: try Instant(rfc3339: "2026-12-03T23:30:00+01:00")))
        let differs = ToolRun.run(["diff", first, second])
        #expect(differs.code == .checkFailed)
        #expect(differs.output.hasPrefix(#"asOf: "2026-12-01T21:00:00+01:00" → "2026-12-03T23:30:00+01:00""#), "\(differs.output)")
        #expect(differs.output.hasSuffix(" fields differ\n"))
        let same = ToolRun.run(["diff", first, first])
        #expect(same.code == .success)
        #expect(same.output == "the views agree\n")
        #expect(ToolRun.run(["diff", first, folder.path("none.json")]).code == .noInput)
        let broken = try folder.write("broken.json", "{\"asOf\": ")
        let bad = ToolRun.run(["diff", first, broken])
        #expect(bad.code == .dataError)
        #expect(bad.error.contains("broken.json: not a JSON view"), "\(bad.error)")
    }
}
