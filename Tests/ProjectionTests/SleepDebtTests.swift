import Events
import Projections
import Testing
import StrictJSON
import Views

/// docs/rules.md §6.
struct SleepDebtTests {
    /// A log with a 7-night goal (need 480) and, per night from 2026-11-30, minutes asleep
    /// starting at `onsets` (nil = no data).
    static func log(asleep: [Int?], onsets: [String]? = nil, goal: Bool = true) throws -> PlanLog {
        var log = goal ? try NightPlansTests.sevenNightGoal() : PlanLog()
        for (index, minutes) in asleep.enumerated() {
            guard let minutes else { continue }
            let night = try date("2026-11-30").adding(days: index)
            let onsetText = onsets?[index] ?? "23:30"
            let onsetTime = try TimeOfDay(text: onsetText)
            let day = onsetTime.minutesSinceMidnight < 12 * 60 ? night.adding(days: 1) : night
            let start = try instant("\(day.iso)T\(onsetText):00+01:00")
            let end = start.adding(seconds: Int64(minutes) * 60)
            let payload = EventPayload.sleepSampleIngested(SleepSampleIngested(sampleId: "s\(index)", stage: .asleep, start: start, end: end, timeZone: "Europe/Berlin", sourceName: "Watch"))
            try log.add(payload, at: end.adding(seconds: 600).rfc3339)
        }
        return log
    }

    @Test func debtSumsTheBalancesOfNightsWithDataAndSkipsTheRest() throws {
        // Need 480: balances 60, 30, —, −20, 90, —, 0.
        let state = try Self.log(asleep: [420, 450, nil, 500, 390, nil, 480]).state()
        let debt = state.sleepDebt(at: try instant("2026-12-07T09:00:00+01:00"))
        #expect(debt.nightsWithData7 == 5)
        #expect(debt.last7Minutes == 160)
        #expect(debt.last14Minutes == 160)
        #expect(debt.trend.map(\.balanceMinutes) == [60, 30, nil, -20, 90, nil, 0])
        #expect(debt.trend.first?.night.iso == "2026-11-30")
    }

    /// docs/rules.md §6.1: a night's balance uses its time asleep as the night shows it, in whole
    /// minutes rounded half up, so the debts are the sums of what the nights show.
    @Test func balancesUseTheWholeMinutesTheNightShows() throws {
        var log = try NightPlansTests.sevenNightGoal()
        // Night 2026-11-30: 439.5 min asleep, shown as 440; night 2026-12-01: 420.5, shown 421.
        for (index, (onset, seconds)) in [("2026-11-30T23:30:00+01:00", 26_370), ("2026-12-01T23:30:00+01:00", 25_230)].enumerated() {
            let start = try instant(onset)
            let end = start.adding(seconds: Int64(seconds))
            let sample = SleepSampleIngested(sampleId: "half-\(index)", stage: .asleep, start: start, end: end, timeZone: "Europe/Berlin", sourceName: "Watch")
            try log.add(.sleepSampleIngested(sample), at: end.adding(seconds: 600).rfc3339)
        }
        let now = try instant("2026-12-02T09:00:00+01:00")
        let runner = try log.runner()
        let state = runner.state
        let view = JSONView.render(state: state, warnings: runner.warnings, asOf: now)
        let shown = try #require(view.objectValue?["sleep"]?.arrayValue).compactMap { $0.objectValue?["asleepMinutes"] }
        #expect(shown == [.number(JSONNumber(440)), .number(JSONNumber(421))])
        let debt = state.sleepDebt(at: now)
        #expect(debt.trend.compactMap(\.balanceMinutes) == [40, 59], "480 − 440 and 480 − 421")
        #expect(debt.last7Minutes == 99, "the sum of what the nights show, not 99.0 → 99 from 40.5 + 59.5 = 100")
        #expect(debt.last14Minutes == 99)
        let weights = [SleepDebt.weight(nightsBack: 1), SleepDebt.weight(nightsBack: 0)]
        let expected = 14 * (weights[0] * 40 + weights[1] * 59) / (weights[0] + weights[1])
        #expect(abs(debt.weighted14Minutes - expected) < 1e-9)
    }

    @Test func debtIsNeverNegative() throws {
        let state = try Self.log(asleep: [540, 540]).state()
        let debt = state.sleepDebt(at: try instant("2026-12-02T09:00:00+01:00"))
        #expect(debt.last7Minutes == 0)
        #expect(debt.recoveryNights == 0)
    }

    @Test func theWeightedDebtWeighsRecentNightsMore() throws {
        let state = try Self.log(asleep: [480, 480, 480, 480, 480, 480, 420]).state()
        let debt = state.sleepDebt(at: try instant("2026-12-07T09:00:00+01:00"))
        // Only the last night is short (60): weighted = 14 × 0.15 × 60 ÷ Σ w over 7 nights.
        let weights = (0..<7).map { SleepDebt.weight(nightsBack: $0) }
        let expected = 14 * 0.15 * 60 / weights.reduce(0, +)
        #expect(abs(debt.weighted14Minutes - expected) < 1e-9)
        #expect(debt.weighted14Minutes > debt.last7Minutes, "a short last night weighs more than an old one")
        #expect(abs(SleepDebt.weight(nightsBack: 0) - 0.15) < 1e-12)
        #expect(abs(SleepDebt.weight(nightsBack: 1) - 0.15 * 0.872) < 1e-12)
    }

    @Test func recoveryIsEstimatedFromTheThreeLatestNights() throws {
        // Balances 120, 120, −30, −30, −60: debt 120; the three latest average −40 → 3 nights.
        let recovering = try Self.log(asleep: [360, 360, 510, 510, 540]).state()
        let debt = recovering.sleepDebt(at: try instant("2026-12-05T09:00:00+01:00"))
        #expect(debt.last7Minutes == 120)
        #expect(debt.recoveryNights == 3)
        // Still short lately: not recovering at this rate.
        let short = try Self.log(asleep: [360, 360, 470]).state()
        #expect(short.sleepDebt(at: try instant("2026-12-03T09:00:00+01:00")).recoveryNights == nil)
    }

    @Test func anUnplannedNightUsesTheLatestGoalsNeedElse480() throws {
        var log = PlanLog()
        try log.goal("00:00", "23:00", days: 4, firstNight: "2026-12-10", sleepNeed: 540, at: "2026-11-29T12:00:00+01:00")
        try log.add(.goalCleared, at: "2026-11-29T13:00:00+01:00")
        let state = try log.state()
        #expect(state.sleepNeedMinutes(for: try date("2026-11-30")) == 540)
        #expect(try PlanLog().state().sleepNeedMinutes(for: try date("2026-11-30")) == 480)
    }

    @Test func streaksCountHitsSkipNightsWithoutDataAndResetOnAMiss() throws {
        // Bedtimes 23:45, 23:30, 23:15, 23:00, 22:45, 22:30, 22:30.
        let onsets = ["23:50", "23:45", "23:15", "23:20", "22:50", "22:40", "23:00"]
        //             hit      hit(=+15) —no data— miss     hit      hit      miss
        let state = try Self.log(asleep: [400, 400, nil, 400, 400, 400, 400], onsets: onsets).state()
        let midway = try Self.log(asleep: [400, 400, nil, 400, 400, 400, 400], onsets: onsets).state(asOf: "2026-12-06T12:00:00+01:00").streaks(at: try instant("2026-12-06T12:00:00+01:00"))
        #expect(midway.current == 2)
        #expect(midway.best == 2)
        let end = state.streaks(at: try instant("2026-12-07T12:00:00+01:00"))
        #expect(end.current == 0)
        #expect(end.best == 2)
        #expect(state.hitTarget(on: try date("2026-12-01")) == true, "exactly bedtime + 15 min counts")
        #expect(state.hitTarget(on: try date("2026-12-02")) == nil, "no data: neither counts nor breaks")
    }

    @Test func wentToBedCountsWhenThereIsNoOnsetAndOnlyTheFirstOne() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.wentToBed(NightAction(night: try night("2026-11-30"))), at: "2026-11-30T23:55:00+01:00", source: .watch)
        try log.add(.wentToBed(NightAction(night: try night("2026-11-30"))), at: "2026-11-30T23:40:00+01:00", source: .phone)
        let state = try log.state()
        #expect(state.sleep.wentToBed[try date("2026-11-30")]?.rfc3339 == "2026-11-30T23:40:00+01:00", "the first in at order")
        #expect(state.hitTarget(on: try date("2026-11-30")) == true)
    }

    @Test func aNightWithDataButNoPlanIsSkipped() throws {
        let state = try Self.log(asleep: [400], goal: false).state()
        #expect(state.hitTarget(on: try date("2026-11-30")) == nil)
        #expect(state.streaks(at: try instant("2026-12-01T12:00:00+01:00")) == SleepStreaks(current: 0, best: 0))
    }
}
