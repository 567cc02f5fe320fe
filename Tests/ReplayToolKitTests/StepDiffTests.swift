import EventLogFile
import Events
import Foundation
import Goldens
import Projections
@testable import ReplayToolKit
import StrictJSON
import Testing
import TestSupport
import Views

/// `replay-tool diff LOG --seq N`: what one step (an event, a batch, a HealthKit delivery)
/// changed in the JSON view, as of the step's last instant, over the nights it can touch.
@Suite struct StepDiffTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    /// The field lines of `diff --seq` output (after the title and its indented notes, before
    /// the count and the cause chain).
    static func fieldLines(_ output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        return Array(lines.dropFirst().filter { !$0.hasPrefix("  ") && !$0.hasPrefix("caused by: ") }.dropLast())
    }

    @Test("every step's diff is the difference of two views folded from scratch: before the step and with it, as of its last instant")
    func everyStepAgainstFoldsFromScratch() throws {
        let events = EventOrdering.sorted(try FileEventLog(path: Self.sampleWeek).readAll())
        // The steps, as trace defines them.
        var steps: [Range<Int>] = []
        var assembler = StepAssembler()
        var start = 0
        for event in events {
            if let closed = assembler.add(event) {
                steps.append(start..<(start + closed.count))
                start += closed.count
            }
        }
        if let last = assembler.finish() { steps.append(start..<(start + last.count)) }
        #expect(steps.last?.upperBound == events.count)
        #expect(steps.count < events.count, "the sample week has deliveries, so fewer steps than events")
        func fold(_ slice: ArraySlice<RecordedEvent>) -> ProjectionRunner<LogState> {
            var runner = ProjectionRunner<LogState>()
            for event in slice { runner.apply(event) }
            return runner
        }
        var changed = 0
        for step in steps {
            let before = fold(events[..<step.lowerBound]), after = fold(events[..<step.upperBound])
            let asOf = events[step.upperBound - 1].at
            let nights = StepChange.nights(of: Array(events[step]), state: before.state)
            let expected = JSONDifference.between(
                JSONView.render(state: before.state, warnings: before.warnings, asOf: asOf, nights: nights),
                JSONView.render(state: after.state, warnings: after.warnings, asOf: asOf, nights: nights)
            ).map(\.description)
            let seq = events[step.upperBound - 1].seq
            let run = ToolRun.run(["diff", Self.sampleWeek, "--seq", "\(seq)"])
            #expect(run.code == (expected.isEmpty ? .success : .checkFailed), "seq \(seq): \(run.error)")
            #expect(Self.fieldLines(run.output) == expected, "seq \(seq)")
            #expect(run.output.hasSuffix(expected.isEmpty ? "it changed nothing that the view shows\n" : "\(expected.count) field\(expected.count == 1 ? "" : "s") changed\n")
                || run.output.contains("caused by: "), "seq \(seq)")
            if !expected.isEmpty { changed += 1 }
        }
        #expect(changed > 10)
    }

    @Test("a night's delivery is one step: its sleep record, debt and score appear together, named by its first–last seq")
    func deliveryIsOneStep() {
        for seq in ["11", "20", "24"] {
            let run = ToolRun.run(["diff", Self.sampleWeek, "--seq", seq])
            #expect(run.code == .checkFailed)
            #expect(run.output.hasPrefix("seq 11–24 (14 events delivered together: 13 sleepSampleIngested, 1 vitalSampleIngested) at 2026-12-01T08:07:00+01:00 to 2026-12-01T08:07:02+01:00 from health\n"))
            #expect(run.output.contains("  compared as of 2026-12-01T08:07:02+01:00, the step's last instant, over nights 2026-11-28 to 2026-12-02\n"))
            #expect(run.output.contains(#"sleep[0]: (absent) → {"night":"2026-11-30","onset":"2026-12-01T00:06:00+01:00""#))
            #expect(run.output.contains("debt.last7Minutes: 0 → 34\n"))
            #expect(run.output.contains(#"scores[0]: (absent) → {"night":"2026-11-30","total":92"#))
        }
    }

    @Test("an event that changes nothing the view shows exits 0 and says so")
    func nothingChanged() {
        let run = ToolRun.run(["diff", Self.sampleWeek, "--seq", "2"])
        #expect(run.code == .success)
        #expect(run.output.hasPrefix("seq 2: appTierAssigned at 2026-11-29T20:07:11+01:00 from phone\n"))
        #expect(run.output.hasSuffix("it changed nothing that the view shows\n"))
    }

    @Test("the cause chain follows causedBy to the event that led to it")
    func causeChain() throws {
        let lines = try String(contentsOfFile: Self.sampleWeek, encoding: .utf8).split(separator: "\n")
        let six = try JSONParser.parse(String(lines[5]))
        let cause = try #require(six.objectValue?["causedBy"]?.stringValue)
        let causeLine = try #require(lines.first { $0.contains(#""id":"\#(cause)""#) })
        let causeSeq = try #require(try JSONParser.parse(String(causeLine)).objectValue?["seq"]?.numberValue?.literal)
        let causeType = try #require(try JSONParser.parse(String(causeLine)).objectValue?["type"]?.stringValue)
        let run = ToolRun.run(["diff", Self.sampleWeek, "--seq", "6"])
        #expect(run.output.contains("\ncaused by: seq \(causeSeq): \(causeType) at "))
    }

    @Test("a wrong --seq is a usage error saying what is wrong, with nothing on standard output", arguments: [
        (["--seq", "0"], "The value '0' is invalid for '--seq': it is not a seq: seqs start at 1"),
        (["--seq", "abc"], "The value 'abc' is invalid for '--seq': it is not a seq (a whole number from 1)"),
        (["--seq", "+3"], "it is not a seq (a whole number from 1)"),
        (["--seq", "a:b:3"], "it has more than one ':'"),
        (["--seq", "watch:3"], "a log file names its events by seq alone"),
        (["--seq", "9999"], "the log has no event at seq 9999 (it holds 162 events); nothing was compared"),
    ])
    func wrongSeq(options: [String], message: String) {
        let run = ToolRun.run(["diff", Self.sampleWeek] + options)
        #expect(run.code == .usage)
        #expect(run.output.isEmpty)
        #expect(run.error.contains(message), "\(run.error)")
    }

    @Test("diff with one file and no --seq, or --seq with two files, is a usage error")
    func wrongShape() {
        let alone = ToolRun.run(["diff", Self.sampleWeek])
        #expect(alone.code == .usage)
        #expect(alone.error.contains("Missing expected argument '<b>' (or '--seq N'"))
        let both = ToolRun.run(["diff", Self.sampleWeek, Self.sampleWeek, "--seq", "3"])
        #expect(both.code == .usage)
        #expect(both.error.contains("give the log alone"))
    }

    @Test("in a log set the event is STREAM:SEQ, and a plain seq is refused with the form to use")
    func logSet() throws {
        let folder = try TemporaryFolder()
        let set = try LogSetPlacesTests.logSet(in: folder)
        let plain = ToolRun.run(["diff", set, "--seq", "5"])
        #expect(plain.code == .usage)
        #expect(plain.error.contains("in a log set name the event as STREAM:SEQ"))
        let named = ToolRun.run(["diff", set, "--seq", "watch:5"])
        #expect(named.code == .success || named.code == .checkFailed, "\(named.error)")
        #expect(named.output.hasPrefix("watch:"))
        let missing = ToolRun.run(["diff", set, "--seq", "tablet:5"])
        #expect(missing.code == .usage)
        #expect(missing.error.contains("the log has no event at tablet:5"))
    }

    @Test("a step's nights: its own for a sample, a week ahead for a goal, its instant's night when it names none")
    func stepNights() throws {
        let events = EventOrdering.sorted(try FileEventLog(path: Self.sampleWeek).readAll())
        var runner = ProjectionRunner<LogState>()
        let goal = try #require(events.first)
        #expect(goal.typeName == "goalSet")
        let goalNights = StepChange.nights(of: [goal], state: runner.state)
        // The goal is set on the evening of 2026-11-29: the plans from the first night it can
        // change (trace's reach) to a week after that evening.
        let first = try #require(StepReach([goal], state: runner.state).plansFrom)
        #expect(goalNights.from == LocalDate(daysSince1970: first))
        #expect(first <= (try LocalDate(iso: "2026-11-29")).daysSince1970)
        #expect(goalNights.to?.iso == "2026-12-06")
        runner.apply(goal)
        let tier = events[1]
        #expect(tier.typeName == "appTierAssigned")
        let tierNights = StepChange.nights(of: [tier], state: runner.state)
        #expect(tierNights.from?.iso == "2026-11-29" && tierNights.to?.iso == "2026-11-29")
    }
}
