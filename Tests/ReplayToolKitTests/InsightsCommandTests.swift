import Events
import Foundation
import ReplayToolKit
import StrictJSON
import Testing
import TestSupport

/// `replay-tool insights`: the coach's figures, each with the nights behind it, agreeing
/// with `show --json`'s `insights`.
struct InsightsCommandTests {
    static let sampleWeek = Golden.fixture("SampleWeek/sample-week.jsonl").path

    @Test func theFiguresAreShowsAndTheNightsBehindThemAreListed() throws {
        let run = ToolRun.run(["insights", Self.sampleWeek])
        #expect(run.code == .success, "\(run.error)")
        Golden.assertMatches(run.output, golden: "replay-tool/insights-sample-week.txt")
        let show = ToolRun.run(["show", Self.sampleWeek, "--json"])
        let insights = try #require(try JSONParser.parse(show.output).objectValue?["insights"]?.objectValue)
        let body = try #require(insights["bodyClock"]?.objectValue)
        guard case .string(let work)? = body["workMidSleep"], case .string(let free)? = body["freeMidSleep"] else {
            Issue.record("no mid-sleeps in show --json")
            return
        }
        #expect(run.output.contains("work nights, mid-sleep \(work);"))
        #expect(run.output.contains("free nights, mid-sleep \(free) "))
        let window = try #require(insights["window"]?.objectValue)
        #expect(window["nights"] == .number(JSONNumber(7)))
        #expect(run.output.hasPrefix("window: 2026-11-09 … 2026-12-06, 7 of 28 nights with a sleep record\n"))
        // One row per counted night, and each reminder's nights, oldest first.
        #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("2026-1") && ($0.contains(" work ") || $0.contains(" free ")) }.count == 7)
        #expect(run.output.contains("    2026-11-30 after, 2026-12-01 after"))
    }

    @Test func asOfAnInstantItFoldsOnlyTheEventsBefore() {
        let run = ToolRun.run(["insights", Self.sampleWeek, "--at", "2026-12-02T12:00:00+01:00"])
        #expect(run.code == .success)
        #expect(run.output.hasPrefix("window: 2026-11-05 … 2026-12-02, 2 of 28 nights"), "\(run.output.prefix(80))")
        #expect(run.output.contains("body clock: 2 work nights"))
    }

    @Test func helpIsInTheUsualLayout() {
        let run = ToolRun.run(["insights", "--help"])
        #expect(run.code == .success)
        Golden.assertMatches(run.output, golden: "replay-tool/help-insights.txt")
    }
}

/// `replay-tool insights` on a crafted log with caffeine and workouts: the regularity and the
/// nights behind each habits group (docs/rules.md §12).
struct InsightsCommandHabitsTests {
    /// 20 nights from Sunday 2026-11-01 (Berlin). Nights 0–5: coffee at 19:00 (late), in
    /// bed 30 minutes before a 23:00 onset, 400 min asleep; nights 6–11: coffee at 09:00
    /// (earlier only), 18 minutes, 425 min; nights 12–19: no coffee, 450 min, the odd ones
    /// falling asleep at 02:00 instead. Workouts end at 21:30 (late) on nights 0, 2, 4, 6, 8
    /// and at 12:00 (earlier) on nights 1, 3, 5, 7, 9, 11; none on the others.
    static func log() throws -> [UInt8] {
        var log = SummaryLog()
        let zone = log.timeZone
        for index in 0..<20 {
            let night = try LocalDate(iso: "2026-11-01").adding(days: index)
            let late = index >= 12 && index % 2 == 1
            let onset = try Instant(rfc3339: late ? "\(night.adding(days: 1).iso)T02:00:00+01:00" : "\(night.iso)T23:00:00+01:00")
            let asleep = index < 6 ? 400 : index < 12 ? 425 : 450
            let latency = index < 6 ? 30 : index < 12 ? 18 : 10
            if index < 12 {
                let coffee = try Instant(rfc3339: "\(night.iso)T\(index < 6 ? "19" : "09"):00:00+01:00")
                try log.add(.caffeineIngested(CaffeineIngested(sampleId: "coffee\(index)", mg: 80, start: coffee, timeZone: zone, sourceName: "Health")), at: coffee.adding(seconds: 60).rfc3339)
            }
            if index < 12, index != 10 {
                let end = try Instant(rfc3339: "\(night.iso)T\(index % 2 == 0 ? "21:30" : "12:00"):00+01:00")
                try log.add(.workoutIngested(WorkoutIngested(sampleId: "run\(index)", activity: "running", start: end.adding(seconds: -2_700), end: end, timeZone: zone, sourceName: "Watch", kilocalories: 400)), at: end.adding(seconds: 60).rfc3339)
            }
            let wake = onset.adding(seconds: Int64(asleep) * 60)
            try log.add(.sleepSampleIngested(SleepSampleIngested(sampleId: "bed\(index)", stage: .inBed, start: onset.adding(seconds: Int64(-latency) * 60), end: wake, timeZone: zone, sourceName: "Watch")), at: wake.adding(seconds: 600).rfc3339)
            try log.add(.sleepSampleIngested(SleepSampleIngested(sampleId: "sleep\(index)", stage: .asleep, start: onset, end: wake, timeZone: zone, sourceName: "Watch")), at: wake.adding(seconds: 600).rfc3339)
        }
        return log.events.flatMap { EventLineEncoder.encode($0) + Array("\n".utf8) }
    }

    @Test func theNightsBehindEachGroupAndTheRegularityAreListed() throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write(try Self.log())
            let run = ToolRun.run(["insights", path, "--at", "2026-11-21T15:00:00+01:00"])
            #expect(run.code == .success, "\(run.error)")
            #expect(run.error.isEmpty, "\(run.error)")
            Golden.assertMatches(run.output, golden: "replay-tool/insights-habits.txt")
            let output = run.output
            #expect(output.contains("  caffeine late (in the 6 hours before sleep): 6 nights, asleep 400 min, 30 min to fall asleep\n    2026-11-01 … 2026-11-06\n"))
            #expect(output.contains("  caffeine earlier only: 6 nights, asleep 425 min, 18 min to fall asleep\n    2026-11-07 … 2026-11-12\n"))
            #expect(output.contains("  workouts late (ending in the 3 hours before sleep): 5 nights"))
            #expect(output.contains("    2026-11-01, 2026-11-03, 2026-11-05, 2026-11-07, 2026-11-09\n"))
            #expect(output.contains("  workouts none: 9 nights"))
            #expect(output.contains("    2026-11-11, 2026-11-13 … 2026-11-20\n"))
            #expect(output.contains("  caffeine late vs earlier: to fall asleep 12 min longer; asleep 25 min less\n"))
            // The figures are show --json's.
            let show = ToolRun.run(["show", path, "--json", "--at", "2026-11-21T15:00:00+01:00"])
            let root = try #require(try JSONParser.parse(show.output).objectValue)
            let regularity = try #require(root["regularity"]?.objectValue)
            guard case .number(let sri)? = regularity["sri"], case .number(let previous)? = regularity["previousSri"] else {
                Issue.record("no indexes in show --json: \(regularity)")
                return
            }
            #expect(output.contains("index \(sri)\n") && output.contains("index \(previous)\n"), "\(sri) \(previous)")
            #expect(output.contains("  words: less regular than the two weeks before"))
        }
    }
}
