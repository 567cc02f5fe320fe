import Events
import Foundation
import ReplayToolKit
import Testing
import TestSupport
import StrictJSON

/// `replay-tool show --from D --to D` (docs/json-view.md): the range keeps only its nights in
/// `plans`, `sleep`, `exits.byNight` and `scores`, and every other key is byte for byte the
/// unranged view's. Each ranged view is compared, parsed, with the unranged view of the same
/// fold filtered here, so nothing is written out by hand.
struct ShowNightRangeTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    /// The keys a range filters, each as the path to its list of night rows.
    static let filteredLists: [[String]] = [["plans"], ["sleep"], ["exits", "byNight"], ["scores"]]

    /// One ranged `show --json` on the sample week: the options, and how many rows each
    /// filtered list keeps (plans, sleep, exits by night, scores), so the comparison cannot
    /// pass by filtering everything away.
    struct Case: Sendable, CustomTestStringConvertible {
        var from: String?
        var to: String?
        var at: String?
        var counts: [Int]

        var rangeArguments: [String] {
            (from.map { ["--from", $0] } ?? []) + (to.map { ["--to", $0] } ?? [])
        }

        var baseArguments: [String] {
            ["show", ShowNightRangeTests.sampleWeek, "--json"] + (at.map { ["--at", $0] } ?? [])
        }

        var testDescription: String { "\(from ?? "…") to \(to ?? "…")\(at.map { " at \($0)" } ?? "")" }
    }

    // The sample week plans nights 2026-11-30 to 2026-12-12, has sleep and scores for
    // 2026-11-30 to 2026-12-06, and exits on 2026-12-01, 2026-12-02 and 2026-12-04.
    static let cases: [Case] = [
        Case(from: "2026-12-01", to: "2026-12-04", counts: [4, 4, 3, 4]),
        Case(from: "2026-12-03", to: "2026-12-03", counts: [1, 1, 0, 1]),
        Case(from: "2026-12-04", to: nil, counts: [9, 3, 1, 3]),
        Case(from: nil, to: "2026-12-01", counts: [2, 2, 1, 2]),
        Case(from: "2026-12-02", to: "2026-12-05", at: "2026-12-03T21:00:00+01:00", counts: [4, 1, 1, 1]),
        // Ranges that hold no night of the log: every filtered list is empty.
        Case(from: "2026-01-01", to: "2026-01-31", counts: [0, 0, 0, 0]),
        Case(from: "2027-01-01", to: nil, counts: [0, 0, 0, 0]),
        Case(from: nil, to: "2026-11-29", counts: [0, 0, 0, 0]),
    ]

    @Test(arguments: cases)
    func aRangeKeepsExactlyItsNightsAndLeavesEveryOtherKeyAlone(_ testCase: Case) throws {
        let whole = ToolRun.run(testCase.baseArguments)
        let ranged = ToolRun.run(testCase.baseArguments + testCase.rangeArguments)
        #expect(ranged.code == .success)
        #expect(ranged.error.isEmpty)
        let wholeView = try #require(try JSONParser.parse(whole.output).objectValue)
        let rangedView = try #require(try JSONParser.parse(ranged.output).objectValue)
        #expect(rangedView.keys == wholeView.keys, "the same keys, in the same order")

        let from = try testCase.from.map { try LocalDate(iso: $0) }
        let to = try testCase.to.map { try LocalDate(iso: $0) }
        func inRange(_ row: JSONValue) throws -> Bool {
            let night = try LocalDate(iso: try #require(row.objectValue?["night"]?.stringValue))
            return (from.map { night >= $0 } ?? true) && (to.map { night <= $0 } ?? true)
        }
        var counts: [Int] = []
        for path in Self.filteredLists {
            let wholeRows = try #require(Self.value(at: path, in: wholeView)?.arrayValue)
            let rangedRows = try #require(Self.value(at: path, in: rangedView)?.arrayValue)
            #expect(rangedRows == (try wholeRows.filter(inRange)), "\(path.joined(separator: ".")) keeps exactly the nights in range, rows unchanged")
            counts.append(rangedRows.count)
        }
        #expect(counts == testCase.counts)

        // Every other key, and the rest of `exits`, is the unranged view's.
        for key in wholeView.keys where !["plans", "sleep", "exits", "scores"].contains(key) {
            #expect(rangedView[key] == wholeView[key], "\(key) does not depend on the range")
        }
        #expect(rangedView["exits"]?.objectValue?["thisWeek"] == wholeView["exits"]?.objectValue?["thisWeek"])
        #expect(rangedView["exits"]?.objectValue?.keys == ["thisWeek", "byNight"])
    }

    @Test func theWholeRangeIsTheUnrangedViewByteForByte() {
        let whole = ToolRun.run(["show", Self.sampleWeek, "--json"])
        let open = ToolRun.run(["show", Self.sampleWeek, "--json", "--from", "2026-11-01", "--to", "2026-12-31"])
        #expect(open.code == .success)
        #expect(open.output == whole.output)
    }

    @Test func theTextFormFiltersTheSameFourLists() throws {
        let whole = ToolRun.run(["show", Self.sampleWeek])
        let ranged = ToolRun.run(["show", Self.sampleWeek, "--from", "2026-12-02", "--to", "2026-12-03"])
        #expect(ranged.code == .success)
        #expect(ranged.error.isEmpty)
        let lines = ranged.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "nights 2026-12-02 to 2026-12-03 only, in plans, sleep, exits by night and scores")
        #expect(ranged.output.contains("plans: 2\n"))
        #expect(ranged.output.contains("sleep: 2 nights\n"))
        #expect(ranged.output.contains("; 1 requested:\n"))
        // Rows of the four lists name a night first; only nights in range are left.
        let nightRows = lines.filter { $0.hasPrefix("  2026-") }.map { String($0.dropFirst(2).prefix(10)) }
        #expect(Set(nightRows) == ["2026-12-02", "2026-12-03"])
        #expect(nightRows.count == 2 + 2 + 1 + 2)
        // The rest is the unranged text's: tonight, debt, streaks, exits this week, warnings.
        for section in ["tonight:", "debt:", "streaks:", "warnings:"] {
            #expect(Self.section(section, of: ranged.output) == Self.section(section, of: whole.output), "\(section)")
        }
        #expect(Self.section("exits:", of: ranged.output)?.hasPrefix("exits: 2 confirmed this week (nights 2026-11-30 to 2026-12-06); 1 requested") == true)
        #expect(Self.section("exits:", of: whole.output)?.hasPrefix("exits: 2 confirmed this week (nights 2026-11-30 to 2026-12-06); 3 requested") == true)
    }

    @Test func theTextFormWithoutARangeHasNoRangeLine() {
        let whole = ToolRun.run(["show", Self.sampleWeek])
        #expect(!whole.output.contains(" only, in plans"))
        let empty = ToolRun.run(["show", Self.sampleWeek, "--from", "2027-01-01"])
        #expect(empty.output.contains("plans: none\n"))
        #expect(empty.output.contains("sleep: none\n"))
        #expect(empty.output.contains("; none requested\n"))
        #expect(empty.output.contains("scores: none\n"))
    }

    @Test(arguments: [
        (["--from", "2026-12-05", "--to", "2026-12-01"], "Error: '--to 2026-12-01' is before '--from 2026-12-05'\n"),
        (["--from", "2026-13-01"], "Error: The value '2026-13-01' is invalid for '--from': "),
        (["--to", "tomorrow"], "Error: The value 'tomorrow' is invalid for '--to': "),
        (["--from", "2026-12-01", "--to", "2026-02-30"], "Error: The value '2026-02-30' is invalid for '--to': "),
        (["--from"], "Error: "),
    ])
    func aReversedRangeOrAMalformedDateIsAUsageError(range: [String], message: String) {
        for json in [true, false] {
            let run = ToolRun.run(["show", Self.sampleWeek] + range + (json ? ["--json"] : []))
            #expect(run.code == .usage)
            #expect(run.output.isEmpty, "nothing on standard output")
            #expect(run.error.hasPrefix(message), "\(run.error)")
            #expect(run.error.contains("Usage: replay-tool show <log>"))
            #expect(run.error.components(separatedBy: "Error: ").count == 2, "one message")
        }
    }

    @Test func aReversedRangeIsRefusedBeforeTheLogIsRead() {
        // The log does not exist: the usage error comes first (64, not 66).
        let run = ToolRun.run(["show", "/nonexistent/log.jsonl", "--from", "2026-12-05", "--to", "2026-12-01"])
        #expect(run.code == .usage)
    }

    @Test func helpDescribesTheRange() {
        let help = ToolRun.run(["show", "--help"]).output
        #expect(help.contains("[--from <date>] [--to <date>]"))
        #expect(help.contains("--from <date>"))
        #expect(help.contains("--to <date>"))
        #expect(help.contains("exits by night and scores"))
    }

    // MARK: Helpers

    static func value(at path: [String], in object: JSONObject) -> JSONValue? {
        var value: JSONValue? = .object(object)
        for key in path { value = value?.objectValue?[key] }
        return value
    }

    /// The lines of the text form from the one starting with `title` to the next blank line.
    static func section(_ title: String, of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(title) }) else { return nil }
        let end = lines[start...].firstIndex(where: \.isEmpty) ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }
}
