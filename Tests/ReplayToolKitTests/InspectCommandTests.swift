import EventLogFile
import Events
import Foundation
@testable import ReplayToolKit
import StrictJSON
import Testing
import TestSupport

/// `replay-tool inspect LOG --html FILE`: one self-contained page holding only the range's
/// events and what each step changed, the same as `diff LOG --seq N`. (`.ci/inspect-check.sh`
/// drives the page in Chromium.)
@Suite struct InspectCommandTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    /// The data a page holds.
    static func data(ofPageAt path: String) throws -> JSONObject {
        let page = try String(contentsOfFile: path, encoding: .utf8)
        let opening = #"<script type="application/json" id="inspect-data">"#
        let start = try #require(page.range(of: opening)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try #require(try JSONParser.parse(String(page[start..<end])).objectValue)
    }

    /// The events of the log at `path` whose night (on their own offset) is in `nights`.
    static func events(of path: String, in nights: ClosedRange<String>) throws -> [RecordedEvent] {
        try FileEventLog(path: path).readAll().filter { nights.contains($0.at.nightDate.iso) }
    }

    @Test("without a range the page holds the log's last 7 nights, and only their events")
    func defaultRange() throws {
        let folder = try TemporaryFolder()
        let page = folder.path("week.html")
        let run = ToolRun.run(["inspect", Self.sampleWeek, "--html", page])
        #expect(run.code == .success, "\(run.error)")
        let data = try Self.data(ofPageAt: page)
        #expect(data["nights"]?.arrayValue?.compactMap(\.stringValue) == (0..<7).map { "2026-\($0 == 0 ? "11-30" : "12-0\($0)")" })
        let expected = try Self.events(of: Self.sampleWeek, in: "2026-11-30"..."2026-12-06")
        let keys = data["events"]?.arrayValue?.compactMap { $0.objectValue?["key"]?.stringValue } ?? []
        #expect(keys.count == expected.count)
        #expect(Set(keys) == Set(expected.map { "\($0.seq)" }))
        #expect(run.output == "Wrote \(page): 158 events in 67 steps of the nights 2026-11-30 to 2026-12-06 (the log holds 162).\n")
        // Self-contained: nothing refers outside the page.
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.firstMatch(of: /(src|href)="?(https?:)?\/\//) == nil)
        #expect(!text.contains("url("))
    }

    @Test("--from and --to keep those nights; --to alone the 7 nights ending there")
    func ranges() throws {
        let folder = try TemporaryFolder()
        let two = folder.path("two.html")
        #expect(ToolRun.run(["inspect", Self.sampleWeek, "--from", "2026-12-02", "--to", "2026-12-03", "--html", two]).code == .success)
        let data = try Self.data(ofPageAt: two)
        #expect(data["nights"]?.arrayValue?.compactMap(\.stringValue) == ["2026-12-02", "2026-12-03"])
        let expected = try Self.events(of: Self.sampleWeek, in: "2026-12-02"..."2026-12-03")
        #expect(data["events"]?.arrayValue?.count == expected.count)
        let ending = folder.path("ending.html")
        #expect(ToolRun.run(["inspect", Self.sampleWeek, "--to", "2026-12-03", "--html", ending]).code == .success)
        let endingData = try Self.data(ofPageAt: ending)
        #expect(endingData["nights"]?.arrayValue?.first?.stringValue == "2026-11-27")
    }

    @Test("each event's change on the page is what diff --seq prints for it")
    func pageAgreesWithDiff() throws {
        let folder = try TemporaryFolder()
        let page = folder.path("week.html")
        #expect(ToolRun.run(["inspect", Self.sampleWeek, "--from", "2026-11-30", "--to", "2026-12-01", "--html", page]).code == .success)
        let data = try Self.data(ofPageAt: page)
        let steps = try #require(data["steps"]?.arrayValue)
        let events = try #require(data["events"]?.arrayValue)
        for event in events {
            let object = try #require(event.objectValue)
            let key = try #require(object["key"]?.stringValue)
            let literal = try #require(object["step"]?.numberValue?.literal)
            let index = try #require(Int(literal))
            let step = try #require(steps[index].objectValue)
            let lines = try #require(step["differences"]?.arrayValue).map { difference -> String in
                let parts = difference.arrayValue ?? []
                return "\(parts[0].stringValue ?? ""): \(parts[1].stringValue ?? "(absent)") → \(parts[2].stringValue ?? "(absent)")"
            }
            let run = ToolRun.run(["diff", Self.sampleWeek, "--seq", key])
            #expect(StepDiffTests.fieldLines(run.output) == lines, "seq \(key)")
            #expect(run.output.hasPrefix((step["title"]?.stringValue ?? "") + "\n"), "seq \(key)")
        }
    }

    @Test("the log's text never becomes markup: an id with </script> stays data")
    func hostileText() throws {
        let folder = try TemporaryFolder()
        let hostile = #"</script><img src=x onerror=alert(1)>"#
        let line = #"{"seq":1,"id":"\#(hostile.replacingOccurrences(of: "/", with: "\\/"))","type":"appTierAssigned","v":1,"at":"2026-11-29T20:07:11+01:00","tz":"Europe/Berlin","source":"phone","data":{"app":"<b>Reddit</b>","tier":"blockFirst"}}"#
        let log = try folder.write("hostile.jsonl", line + "\n")
        let page = folder.path("hostile.html")
        let run = ToolRun.run(["inspect", log, "--html", page])
        #expect(run.code == .success, "\(run.error)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!text.contains("<img"))
        #expect(text.components(separatedBy: "</script>").count == 3, "the page's own two script elements close, nothing else")
        let data = try Self.data(ofPageAt: page)
        #expect(data["events"]?.arrayValue?.first?.objectValue?["id"]?.stringValue == hostile)
    }

    @Test("bad options are usage errors, and a page that cannot be written is refused before anything is read", arguments: [
        (["--html", ""], ExitCode.usage, "name a file, such as report.html"),
        (["--html", "-"], .usage, "the page is not written to standard output"),
        (["--from", "2026-12-03", "--to", "2026-12-01", "--html", "x.html"], .usage, "'--to 2026-12-01' is before '--from 2026-12-03'"),
        (["--from", "2026-13-01", "--html", "x.html"], .usage, "The value '2026-13-01' is invalid for '--from'"),
        ([], .usage, "Missing expected argument '--html <file>'"),
        (["--html", "/no/such/folder/page.html"], .ioError, "the folder /no/such/folder does not exist; nothing was written"),
    ])
    func refusals(options: [String], code: ExitCode, message: String) {
        let run = ToolRun.run(["inspect", Self.sampleWeek] + options)
        #expect(run.code == code)
        #expect(run.output.isEmpty)
        #expect(run.error.contains(message), "\(run.error)")
    }

    @Test("a range that holds no event writes no page and says so")
    func emptyRange() throws {
        let folder = try TemporaryFolder()
        let page = folder.path("none.html")
        let run = ToolRun.run(["inspect", Self.sampleWeek, "--from", "2027-01-01", "--to", "2027-01-07", "--html", page])
        #expect(run.code == .success)
        #expect(run.output == "The nights 2027-01-01 to 2027-01-07 hold none of the log's 162 events: nothing to inspect, no page written.\n")
        #expect(!FileManager.default.fileExists(atPath: page))
    }
}
