import Events
import Foundation
@testable import Projections
import Testing
import TestSupport

/// docs/rules.md §12: caffeine and workouts beside the nights.
struct HabitsTests {
    static let zone = "Europe/Berlin"

    /// Night `index` from 2026-11-01 (CET): in bed at 22:40, asleep 23:00 for `asleep` minutes.
    static func night(_ index: Int, asleep: Int = 450, latency: Bool = true, into log: inout PlanLog) throws {
        let date = try LocalDate(iso: "2026-11-01").adding(days: index)
        let onset = try Instant(rfc3339: "\(date.iso)T23:00:00+01:00")
        if latency {
            let bed = onset.adding(seconds: -20 * 60)
            _ = try log.add(.sleepSampleIngested(SleepSampleIngested(sampleId: "bed\(index)", stage: .inBed, start: bed, end: onset.adding(seconds: Int64(asleep) * 60), timeZone: zone, sourceName: "Watch")), at: onset.adding(seconds: Int64(asleep + 10) * 60).rfc3339)
        }
        _ = try log.add(.sleepSampleIngested(SleepSampleIngested(sampleId: "sleep\(index)", stage: .asleep, start: onset, end: onset.adding(seconds: Int64(asleep) * 60), timeZone: zone, sourceName: "Watch")), at: onset.adding(seconds: Int64(asleep + 10) * 60).rfc3339)
    }

    static func coffee(_ id: String, _ start: String, into log: inout PlanLog) throws {
        let instant = try Instant(rfc3339: start)
        _ = try log.add(.caffeineIngested(CaffeineIngested(sampleId: id, mg: 95, start: instant, timeZone: zone, sourceName: "Health")), at: instant.adding(seconds: 60).rfc3339)
    }

    static func workout(_ id: String, _ start: String, minutes: Int, into log: inout PlanLog) throws {
        let instant = try Instant(rfc3339: start)
        let end = instant.adding(seconds: Int64(minutes) * 60)
        _ = try log.add(.workoutIngested(WorkoutIngested(sampleId: id, activity: "running", start: instant, end: end, timeZone: zone, sourceName: "Watch")), at: end.adding(seconds: 60).rfc3339)
    }

    static let asOf = "2026-11-20T15:00:00+01:00"

    @Test("caffeine: late in the 6 hours before the onset, earlier only, neither; a coffee after the onset, that night or the next morning, is left out")
    func caffeine() throws {
        var log = PlanLog()
        for index in 0..<14 { try Self.night(index, asleep: 400 + index, latency: index != 3, into: &log) }
        // Late: nights 0–4 at 17:00 (6 h before 23:00 is late; 16:59 is not).
        for index in 0..<5 { try Self.coffee("late\(index)", "2026-11-\(String(format: "%02d", index + 1))T17:00:00+01:00", into: &log) }
        // Night 5: a minute before its onset.
        try Self.coffee("late5", "2026-11-06T22:59:00+01:00", into: &log)
        // Earlier only: nights 6–9 at 08:00, and night 10 at 16:59 (6 h 1 min before).
        for index in 6..<10 { try Self.coffee("early\(index)", "2026-11-\(String(format: "%02d", index + 1))T08:00:00+01:00", into: &log) }
        try Self.coffee("early10", "2026-11-11T16:59:00+01:00", into: &log)
        // Night 11: only a coffee after falling asleep (23:30): neither group.
        try Self.coffee("after11", "2026-11-12T23:30:00+01:00", into: &log)
        // Night 12: 00:30 the next morning: its day is night 12's (00:30 − 4 h), but it is after
        // the onset: left out.
        try Self.coffee("morning12", "2026-11-14T00:30:00+01:00", into: &log)
        let habits = try log.state().habits(at: try Instant(rfc3339: Self.asOf))
        #expect(habits.from.iso == "2026-09-26" && habits.to.iso == "2026-11-20")
        #expect(habits.nights == 14)
        #expect(habits.caffeineLate.nights.map(\.iso) == (1...6).map { "2026-11-0\($0)" })
        #expect(habits.caffeineEarlier.nights.map(\.iso) == ["2026-11-07", "2026-11-08", "2026-11-09", "2026-11-10", "2026-11-11"])
        // Late: asleep 400…405 → mean 402.5 → 403; latency 20 on five nights (night 3 has none).
        #expect(habits.caffeineLate.asleepMinutes == 403)
        #expect(habits.caffeineLate.latencyMinutes == 20)
        #expect(habits.caffeineEarlier.asleepMinutes == 408)
    }

    @Test("workouts: late when one ends in the 3 hours before the onset, earlier only, any, none; means only when both compared have 5 nights")
    func workouts() throws {
        var log = PlanLog()
        for index in 0..<14 { try Self.night(index, asleep: 420, into: &log) }
        // Late: nights 0–2 end at 21:00 (2 h before); 20:00 exactly (3 h) is late too (night 3).
        for index in 0..<3 { try Self.workout("late\(index)", "2026-11-0\(index + 1)T20:00:00+01:00", minutes: 60, into: &log) }
        try Self.workout("late3", "2026-11-04T19:00:00+01:00", minutes: 60, into: &log)
        // Earlier: nights 4–6 end at 19:59 (3 h 1 min before) or in the morning.
        try Self.workout("early4", "2026-11-05T18:59:00+01:00", minutes: 60, into: &log)
        try Self.workout("early5", "2026-11-06T07:00:00+01:00", minutes: 45, into: &log)
        try Self.workout("early6", "2026-11-07T12:00:00+01:00", minutes: 45, into: &log)
        // Night 7: a workout ending after the onset is left out: none.
        try Self.workout("after7", "2026-11-08T22:30:00+01:00", minutes: 60, into: &log)
        // Night 8: deleted: none.
        try Self.workout("deleted8", "2026-11-09T20:00:00+01:00", minutes: 60, into: &log)
        _ = try log.add(.healthSampleDeleted(HealthSampleDeleted(sampleId: "deleted8")), at: "2026-11-09T21:30:00+01:00")
        let habits = try log.state().habits(at: try Instant(rfc3339: Self.asOf))
        #expect(habits.workoutsLate.nights.count == 4)
        #expect(habits.workoutsEarlier.nights.count == 3)
        #expect(habits.workoutsAny.nights.count == 7)
        #expect(habits.workoutsNone.nights.count == 7)
        #expect(habits.workoutsLate.asleepMinutes == nil && habits.workoutsEarlier.asleepMinutes == nil, "earlier has only 3 nights")
        #expect(habits.workoutsAny.asleepMinutes == 420 && habits.workoutsNone.asleepMinutes == 420)
        #expect(habits.workoutsNone.nights.map(\.iso).contains("2026-11-08") && habits.workoutsNone.nights.map(\.iso).contains("2026-11-09"))
        #expect(habits.caffeineLate.nights.isEmpty && habits.caffeineLate.asleepMinutes == nil)
    }

    @Test("means are rounded half up")
    func rounding() {
        #expect(LogState.meanRoundedHalfUp([1, 2]) == 2)
        #expect(LogState.meanRoundedHalfUp([1, 1, 2]) == 1)
        #expect(LogState.meanRoundedHalfUp([]) == nil)
    }
}
