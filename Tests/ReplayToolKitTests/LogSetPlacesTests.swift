import Foundation
import Testing
import TestSupport

/// In a log set a seq counts within its stream, so a seq alone names two events: wherever
/// an event of a log set is named (trace, why, warnings), its stream comes with its seq
/// (`watch:19`, `phone:18–39`), and a step of a trace is one stream's run of lines.
struct LogSetPlacesTests {
    /// A simulated fortnight written as a phone's and a watch's streams.
    static func logSet(in folder: TemporaryFolder) throws -> String {
        let directory = folder.path("set")
        let run = ToolRun.run(["simulate", "--nights", "14", "--seed", "3", "--devices", "phone,watch", "--out", directory])
        try #require(run.code == .success, "\(run.error)")
        return directory
    }

    /// Whether `text` begins with a stream's place: `phone:18` or `watch:45–65`.
    static func beginsWithAStreamPlace(_ text: Substring) -> Bool {
        text.wholeMatch(of: /(phone|watch):[0-9]+(–[0-9]+)?[: ].*/) != nil
    }

    @Test func everyTraceStepNamesItsStreamWithItsSeqs() throws {
        let folder = try TemporaryFolder()
        let set = try Self.logSet(in: folder)
        for figure in ["debt", "streak", "sleep"] {
            let run = ToolRun.run(["trace", set, "--figure", figure])
            #expect(run.code == .success, "\(run.error)")
            #expect(run.output.split(separator: "\n").first?.contains("events in ('at', stream, seq) order") == true, "the log set's fold order")
            // A step's line names its events, then " — " and the change.
            let steps = run.output.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("the window moved") && $0.contains(" — ") }
            for step in steps {
                #expect(Self.beginsWithAStreamPlace(step), "\(figure): \(step)")
            }
            if figure != "streak" {
                #expect(steps.count > 3, "\(run.output)")
                #expect(steps.contains { $0.hasPrefix("watch:") }, "both streams take part: \(run.output)")
            }
        }
    }

    @Test func whyNamesTheStreamOfEveryRevision() throws {
        let folder = try TemporaryFolder()
        let set = try Self.logSet(in: folder)
        let run = ToolRun.run(["why", set, "--night", "2026-10-22", "--all"])
        #expect(run.code == .success, "\(run.error)")
        let revisions = run.output.split(separator: "\n").filter { $0.wholeMatch(of: #/  [0-9]+\. .*/#) != nil }
        #expect(!revisions.isEmpty, "\(run.output)")
        for revision in revisions {
            let place = revision.drop { $0 == " " }.drop { $0 != " " }.dropFirst()
            #expect(Self.beginsWithAStreamPlace(place), "\(revision)")
        }
    }

    @Test func aWarningNamesTheStreamWithTheSeq() throws {
        let folder = try TemporaryFolder()
        let set = try Self.logSet(in: folder)
        let line = #"{"id":"typo-1","type":"bedtimeMoved","v":1,"at":"2026-10-20T12:00:00+02:00","tz":"Europe/Berlin","source":"watch","data":{}}"#
        let appended = ToolRun.run(["append", set, "--stream", "watch", "--allow-skipped"], input: line + "\n")
        #expect(appended.code == .success, "\(appended.error)")
        let seq = appended.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let show = ToolRun.run(["show", set, "--json"])
        #expect(show.output.contains("\"watch:\(seq): unknown event type 'bedtimeMoved'"), "\(show.output.suffix(600))")
        let stats = ToolRun.run(["stats", set])
        #expect(stats.output.contains("watch:\(seq): unknown event type 'bedtimeMoved'"), "\(stats.output)")
    }
}
