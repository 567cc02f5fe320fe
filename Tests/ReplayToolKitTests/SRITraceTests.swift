import Events
import Foundation
import Projections
@testable import ReplayToolKit
import Testing
import TestSupport

/// `trace --figure sri`: which steps and which pairs of nights moved the regularity index.
@Suite struct SRITraceTests {
    /// 24 nights from 2026-11-01 (CET), asleep 23:00–07:00 but 01:00–09:00 on night 10 (2026-11-11),
    /// each delivered the next morning, except night 10's, delivered 3 days late at 20:00.
    static func log(in folder: TemporaryFolder) throws -> String {
        var lines: [(at: String, line: String)] = []
        let first = try LocalDate(iso: "2026-11-01")
        for index in 0..<24 {
            let night = first.adding(days: index)
            let next = night.adding(days: 1)
            let (start, end) = index == 10 ? ("\(next.iso)T01:00:00+01:00", "\(next.iso)T09:00:00+01:00") : ("\(night.iso)T23:00:00+01:00", "\(next.iso)T07:00:00+01:00")
            let at = index == 10 ? "\(next.adding(days: 3).iso)T20:00:00+01:00" : "\(next.iso)T08:00:00+01:00"
            lines.append((at, #"{"id":"n\#(index)","type":"sleepSampleIngested","v":1,"at":"\#(at)","tz":"Europe/Berlin","source":"health","data":{"sampleId":"s\#(index)","stage":"asleep","start":"\#(start)","end":"\#(end)","tz":"Europe/Berlin","sourceName":"Watch"}}"#))
        }
        lines.sort { $0.at < $1.at }
        let text = lines.enumerated().map { #"{"seq":\#($0.offset + 1),"# + $0.element.line.dropFirst() }.joined(separator: "\n") + "\n"
        return try folder.write("late-night.jsonl", text)
    }

    @Test("a night delivered late moves the index at its step, naming the pairs it changed; --night gives the same lines")
    func lateDelivery() throws {
        let folder = try TemporaryFolder()
        let path = try Self.log(in: folder)
        let whole = ToolRun.run(["trace", path, "--figure", "sri", "--at", "2026-11-26T15:00:00+01:00"])
        #expect(whole.code == .success, "\(whole.error)")
        let step = try #require(whole.output.split(separator: "\n").first { $0.hasPrefix("seq ") && $0.contains("sleepSampleIngested") })
        #expect(step == "seq 14: sleepSampleIngested at 2026-11-15T20:00:00+01:00 from health — touched 2026-11-10, 2026-11-11, 2026-11-12: "
            + "index 100.0 → 94.9 over 11 → 13 pairs (nights 2026-11-01 to 2026-11-14); the 14 before null")
        // Night 11-11 sleeps two hours later: 240 minutes differ from each neighbour.
        #expect(whole.output.contains(step + "\n    pair 2026-11-10/2026-11-11: no pair → 1200 matching minutes of 1440\n    pair 2026-11-11/2026-11-12: no pair → 1200 matching minutes of 1440\n"))
        #expect(whole.output.contains("1 of 24 steps (24 events folded) changed it"))
        // --night: the step and the one move of time that touched the night, each as in the whole trace.
        let one = ToolRun.run(["trace", path, "--figure", "sri", "--night", "2026-11-11", "--at", "2026-11-26T15:00:00+01:00"])
        #expect(one.code == .success, "\(one.error)")
        let blocks = TraceLinearTests.blocks(one.output)
        #expect(blocks.count == 1)
        #expect(blocks.first?.hasPrefix(String(step)) == true)
        for block in blocks { #expect(whole.output.contains(block), "\(block)") }
        let moves = one.output.split(separator: "\n").filter { $0.hasPrefix("the window moved") }
        #expect(moves.count == 1)
        #expect(moves.first?.hasPrefix("the window moved to night 2026-11-26 (time passed; no event)") == true)
        for move in moves { #expect(whole.output.contains(move)) }
    }

    @Test("where it comes from lists each pair of both windows with its matching minutes and the nights' asleep minutes")
    func origin() throws {
        let folder = try TemporaryFolder()
        let path = try Self.log(in: folder)
        let run = ToolRun.run(["trace", path, "--figure", "sri", "--at", "2026-11-26T15:00:00+01:00"])
        #expect(run.output.contains("the window is nights 2026-11-12 to 2026-11-25, the 14 before 2026-10-29 to 2026-11-11"))
        #expect(run.output.contains("  2026-11-10/2026-11-11  the 14 before  1200              480, 480\n"))
        // The window: 12 pairs (night 11-25 has no record), all 1,440; the 14 before: 10 pairs,
        // one of 1,200: 200 × 14,160 ÷ 14,400 − 100 = 96.67.
        #expect(run.output.hasSuffix("index 100.0 (12 pairs); the 14 before 96.7 (10 pairs)\n"))
    }
}
