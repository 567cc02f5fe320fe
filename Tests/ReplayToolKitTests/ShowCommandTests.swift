import Events
import Foundation
import ReplayToolKit
import Testing
import TestSupport
import StrictJSON

/// `replay-tool show` and `replay-tool why` on the night-plan fixtures (Tests/Fixtures/Plans,
/// written by `make-plans-fixtures.sh`), compared with goldens in Tests/Fixtures/Plans/goldens
/// (re-record with RECORD_GOLDENS=1 and read the diff).
struct ShowCommandTests {
    /// One `show --json` golden: a fixture as of an instant (`nil`: the log's default).
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var label: String
        var at: String?
        var untilSeq: Int?

        var arguments: [String] {
            var arguments = ["show", ShowCommandTests.log(fixture), "--json"]
            if let at { arguments += ["--at", at] }
            if let untilSeq { arguments += ["--until-seq", String(untilSeq)] }
            return arguments
        }

        var golden: String { "Plans/goldens/\(fixture)-\(label).json" }
        var testDescription: String { "\(fixture) \(label)" }
    }

    static func log(_ fixture: String) -> String {
        Golden.fixture("Plans/\(fixture).jsonl").path
    }

    static let cases: [Case] = [
        // Night 2026-11-30: bedtime 23:45, wind-down 19:45, wake 07:45 (+01:00).
        Case(fixture: "seven-night-goal", label: "before-wind-down", at: "2026-11-30T19:00:00+01:00"),
        Case(fixture: "seven-night-goal", label: "mid-wind-down", at: "2026-11-30T22:40:00+01:00"),
        Case(fixture: "seven-night-goal", label: "after-bedtime", at: "2026-11-30T23:50:00+01:00"),
        Case(fixture: "seven-night-goal", label: "morning", at: "2026-12-01T08:00:00+01:00"),
        Case(fixture: "seven-night-goal", label: "latest", at: nil),
        Case(fixture: "seven-night-goal", label: "until-seq-8", at: nil, untilSeq: 8),
        // Night 2026-12-04: goal A 22:45, goal B 22:30, overridden to 23:15 at 13:00.
        Case(fixture: "replaced-goal", label: "before-override", at: "2026-12-04T12:00:00+01:00"),
        Case(fixture: "replaced-goal", label: "before-wind-down", at: "2026-12-04T18:30:00+01:00"),
        Case(fixture: "replaced-goal", label: "mid-wind-down", at: "2026-12-04T21:00:00+01:00"),
        Case(fixture: "replaced-goal", label: "after-bedtime", at: "2026-12-04T23:30:00+01:00"),
        Case(fixture: "replaced-goal", label: "morning", at: "2026-12-05T07:30:00+01:00"),
        Case(fixture: "replaced-goal", label: "latest", at: nil),
        // Night 2026-10-24 in Berlin: bedtime 02:15 (first occurrence, +02:00), wake +01:00.
        Case(fixture: "dst-week", label: "before-wind-down", at: "2026-10-24T21:30:00+02:00"),
        Case(fixture: "dst-week", label: "mid-wind-down", at: "2026-10-25T01:00:00+02:00"),
        Case(fixture: "dst-week", label: "after-bedtime", at: "2026-10-25T02:30:00+01:00"),
        Case(fixture: "dst-week", label: "morning", at: "2026-10-25T09:30:00+01:00"),
        Case(fixture: "dst-week", label: "latest", at: nil),
        // Night 2026-12-02, in Los Angeles since 16:10: bedtime 23:15, wind-down 19:15 (−08:00).
        Case(fixture: "trip", label: "before-flight", at: "2026-12-02T12:00:00-06:00"),
        Case(fixture: "trip", label: "before-wind-down", at: "2026-12-02T18:30:00-08:00"),
        Case(fixture: "trip", label: "mid-wind-down", at: "2026-12-02T21:00:00-08:00"),
        Case(fixture: "trip", label: "after-bedtime", at: "2026-12-02T23:30:00-08:00"),
        Case(fixture: "trip", label: "morning", at: "2026-12-03T07:30:00-08:00"),
        Case(fixture: "trip", label: "latest", at: nil),
    ]

    @Test(arguments: cases)
    func showJSONMatchesItsGolden(_ testCase: Case) throws {
        let run = ToolRun.run(testCase.arguments)
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: testCase.golden)
        // Valid JSON with the documented top-level keys, and byte-stable.
        let parsed = try JSONParser.parse(run.output)
        #expect(parsed.objectValue?.keys == ["asOf", "plans", "tonight", "sleep", "debt", "streaks", "exits", "scores", "insights", "regularity", "habits", "together", "copy", "warnings"])
        #expect(ToolRun.run(testCase.arguments).output == run.output)
    }

    @Test func showTextMatchesItsGolden() {
        let run = ToolRun.run(["show", Self.log("seven-night-goal"), "--at", "2026-11-30T22:40:00+01:00"])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: "Plans/goldens/seven-night-goal-mid-wind-down.txt")
    }

    @Test(arguments: [("replaced-goal", "2026-12-04"), ("trip", "2026-12-05")])
    func whyMatchesItsGolden(fixture: String, night: String) {
        let run = ToolRun.run(["why", Self.log(fixture), "--night", night])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        Golden.assertMatches(run.output, golden: "Plans/goldens/why-\(fixture)-\(night).txt")
    }

    @Test(arguments: ["show", "why"])
    func helpIsInTheUsualLayout(command: String) {
        let run = ToolRun.run([command, "--help"])
        #expect(run.code == .success)
        #expect(run.error.isEmpty)
        for section in ["OVERVIEW: ", "USAGE: replay-tool \(command) <log>", "ARGUMENTS:", "OPTIONS:"] {
            #expect(run.output.contains(section))
        }
        Golden.assertMatches(run.output, golden: "replay-tool/help-\(command).txt")
        #expect(ToolRun.run(["help", command]).output == run.output)
    }

    // MARK: Errors and edge cases

    @Test(arguments: [
        ["show"],
        ["show", "x.jsonl", "--at"],
        ["show", "x.jsonl", "--at", "2026-11-30T24:00:00"],
        ["show", "x.jsonl", "--at", "2026-11-30 21:00:00+01:00"],
        ["show", "x.jsonl", "--at", "tonight"],
        ["show", "x.jsonl", "--until-seq", "0"],
        ["show", "x.jsonl", "--until-seq", "-2"],
        ["show", "x.jsonl", "--until-seq", "many"],
        ["show", "x.jsonl", "--jsn"],
        ["show", "x.jsonl", "--json=yes"],
        ["show", "x.jsonl", "y.jsonl"],
        ["why", "x.jsonl"],
        ["why", "x.jsonl", "--night", "2026-02-30"],
        ["why", "x.jsonl", "--night", "demo"],
        ["why", "x.jsonl", "--night", "2026-12-01", "--at", "yesterday"],
    ])
    func wrongUsageExits64NamingTheProblem(arguments: [String]) {
        let run = ToolRun.run(arguments)
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("Error: "))
        #expect(run.error.contains("Usage: replay-tool \(arguments[0]) <log>"))
    }

    @Test func aBadInstantNamesTheOptionAndTheFormat() {
        let run = ToolRun.run(["show", "x.jsonl", "--at", "2026-11-30T24:00:00"])
        #expect(run.error.hasPrefix("Error: The value '2026-11-30T24:00:00' is invalid for '--at': give an instant with its offset"))
    }

    @Test(arguments: [["show"], ["show", "--json"], ["why", "--night", "2026-11-30"]])
    func aMissingLogExits66(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        var withLog = arguments
        withLog.insert(folder.path("missing.jsonl"), at: 1)
        let missing = ToolRun.run(withLog)
        #expect(missing.code == .noInput)
        #expect(missing.output.isEmpty)
        #expect(!missing.error.isEmpty)
        // A folder is a log set (docs/sync.md); one that is missing is missing input too.
        withLog[1] = folder.path("missing-set")
        #expect(ToolRun.run(withLog).code == .noInput)
    }

    /// A folder is read as a log set; one that holds no stream is not one (a folder of
    /// sources, a typo): refused, never shown as an empty history.
    @Test func aFolderWithoutStreamsIsRefusedNotShownEmpty() throws {
        let folder = try TemporaryFolder()
        let run = ToolRun.run(["show", folder.url.path, "--json"])
        #expect(run.code == .noInput, "\(run.error)")
        #expect(run.error == "no streams in \(folder.url.path): a log set is a directory of streams (NAME.jsonl, one per device); nothing was read\n")
        #expect(run.output.isEmpty)
    }

    @Test func aCorruptLineExits65NamingFileAndLine() throws {
        let folder = try TemporaryFolder()
        let lines = try String(contentsOfFile: Self.log("seven-night-goal"), encoding: .utf8).split(separator: "\n").prefix(3).map(String.init)
        let path = try folder.write("log.jsonl", [lines[0], "{not json", lines[2]].joined(separator: "\n") + "\n")
        let run = ToolRun.run(["show", path, "--json"])
        #expect(run.code == .dataError)
        #expect(run.error.contains("\(path):2"))
    }

    @Test func aTornTailBecomesAWarning() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOfFile: Self.log("seven-night-goal"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let path = try folder.write("log.jsonl", text + String(lines[3].prefix(50)))
        let run = ToolRun.run(["show", path, "--json"])
        #expect(run.code == .success)
        let warnings = try JSONParser.parse(run.output).objectValue?["warnings"]?.arrayValue
        #expect(warnings == [.string("torn tail: the last line has no \\n: an append was cut short (line \(lines.count + 1), 50 bytes from byte \(text.utf8.count)) — not read; 'replay-tool repair' removes it")])
        let textRun = ToolRun.run(["show", path])
        #expect(textRun.output.contains("warnings: 1\n  torn tail: "))
        // Everything before the torn tail is read: the same view but for the warning.
        let sound = ToolRun.run(["show", Self.log("seven-night-goal"), "--json"])
        #expect(run.output.replacingOccurrences(of: #""warnings": \[\n.*\n  \]"#, with: #""warnings": []"#, options: .regularExpression) == sound.output)
    }

    @Test func anEmptyLogHasNoInstantUnlessOneIsGiven() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("empty.jsonl", "")
        let run = ToolRun.run(["show", path, "--json"])
        #expect(run.code == .success)
        let root = try JSONParser.parse(run.output).objectValue
        #expect(root?["asOf"] == .null)
        #expect(root?["plans"] == .array([]))
        #expect(root?["tonight"] == .null)
        let at = ToolRun.run(["show", path, "--json", "--at", "2026-11-30T21:00:00Z"])
        #expect(try JSONParser.parse(at.output).objectValue?["asOf"] == .string("2026-11-30T21:00:00+00:00"))
        let text = ToolRun.run(["show", path])
        #expect(text.code == .success)
        #expect(text.output.hasPrefix("as of: no instant"))
    }

    @Test func untilSeqFoldsWhatTheLogKnewAndDefaultsToItsLatestInstant() throws {
        // Seq 21, the last line, was queued offline: it happened at 22:02 on 2026-12-06.
        let all = try JSONParser.parse(ToolRun.run(["show", Self.log("seven-night-goal"), "--json"]).output).objectValue
        let known = try JSONParser.parse(ToolRun.run(["show", Self.log("seven-night-goal"), "--json", "--until-seq", "20"]).output).objectValue
        #expect(all?["asOf"] == .string("2026-12-07T06:25:00+01:00"))
        #expect(known?["asOf"] == all?["asOf"])
        #expect(all?["plans"] == known?["plans"])
        #expect(all?["tonight"] != known?["tonight"], "cool_room is done only once seq 21 is known")
        // As of the evening it happened, the late event is folded in (at, seq) order.
        let evening = ToolRun.run(["show", Self.log("seven-night-goal"), "--at", "2026-12-06T22:05:00+01:00"])
        #expect(evening.output.contains("    cool_room       done    2026-12-06T22:00:00+01:00\n"))
        let eveningKnown = ToolRun.run(["show", Self.log("seven-night-goal"), "--at", "2026-12-06T22:05:00+01:00", "--until-seq", "20"])
        #expect(eveningKnown.output.contains("    cool_room       active  2026-12-06T22:00:00+01:00\n"))
    }

    @Test func whyOfANightWithoutAPlanSaysSoAndExits1() {
        let run = ToolRun.run(["why", Self.log("replaced-goal"), "--night", "2026-11-20"])
        #expect(run.code == .checkFailed)
        #expect(run.output == "night 2026-11-20 has no plan as of 2026-12-06T06:05:00+01:00\n")
        #expect(run.error.isEmpty)
        let before = ToolRun.run(["why", Self.log("replaced-goal"), "--night", "2026-12-04", "--at", "2026-11-29T20:00:00+01:00"])
        #expect(before.code == .checkFailed, "no goal yet")
    }

    @Test func whyAsOfAnEarlierInstantShowsOnlyTheRevisionsKnownThen() {
        let run = ToolRun.run(["why", Self.log("replaced-goal"), "--night", "2026-12-04", "--at", "2026-12-04T12:00:00+01:00"])
        #expect(run.code == .success)
        #expect(run.output.contains("2 revisions, oldest first:\n"))
        #expect(!run.output.contains("bedtimeOverridden"))
    }
}
