import Events
import Foundation
import Projections
import Testing

/// Trends (issue 6): weekly buckets for a month and six months, monthly for a year and all
/// time, means over the nights with data.
struct SleepTrendTests {
    /// Nights from 2026-11-02 (a Monday) to 2026-12-06, 7 h asleep from 23:30, except the
    /// nights of Wednesdays (no data); HRV 50 each night.
    static func state() throws -> (LogState, Instant) {
        var log = PlanLog()
        try log.goal("00:00", "23:00", days: 3, firstNight: "2026-11-02", at: "2026-11-01T12:00:00+01:00")
        var night = try date("2026-11-02")
        while night <= (try date("2026-12-06")) {
            if night.weekday != 3 {
                let start = try instant("\(night.iso)T23:30:00+01:00")
                let end = start.adding(seconds: 7 * 3600)
                try log.add(.sleepSampleIngested(SleepSampleIngested(sampleId: "s-\(night.iso)", stage: .asleep, start: start, end: end, timeZone: "Europe/Berlin", sourceName: "Watch")), at: end.adding(seconds: 600).rfc3339)
                try log.add(.vitalSampleIngested(VitalSampleIngested(sampleId: "h-\(night.iso)", kind: .hrv, value: 50, unit: "ms", start: start.adding(seconds: 3600), end: start.adding(seconds: 3660))), at: end.adding(seconds: 660).rfc3339)
            }
            night = night.adding(days: 1)
        }
        return (try log.state(), try instant("2026-12-07T09:00:00+01:00"))
    }

    @Test func aMonthIsGroupedByWeekFromMondayToSunday() throws {
        let (state, now) = try Self.state()
        let buckets = state.trend(.month, at: now)
        #expect(buckets.first?.start.iso == "2026-11-07")
        #expect(buckets.first?.end.iso == "2026-11-08", "cut by the span's start, ends on Sunday")
        #expect(buckets.dropFirst().allSatisfy { $0.start.weekday == 1 })
        #expect(buckets.last?.end.iso == "2026-12-06")
        let full = try #require(buckets.first { $0.start.iso == "2026-11-09" })
        #expect(full.nightsWithData == 6, "the Wednesday night has no data")
        #expect(full.meanAsleepMinutes == 420)
        #expect(full.meanDeepMinutes == nil, "no staged nights")
        #expect(full.meanBedtimeDriftMinutes == 30, "23:30 against the target 23:00")
        #expect(full.meanHRV == 50)
        #expect(full.debtMinutes == 360, "six nights 60 minutes short in the 7 ending Sunday")
        #expect(full.meanScore != nil)
    }

    @Test func aYearIsGroupedByCalendarMonth() throws {
        let (state, now) = try Self.state()
        let buckets = state.trend(.year, at: now).filter { $0.nightsWithData > 0 }
        #expect(buckets.map(\.start.iso) == ["2026-11-01", "2026-12-01"])
        #expect(buckets.map(\.end.iso) == ["2026-11-30", "2026-12-06"])
    }

    @Test func allTimeStartsAtTheFirstNightWithData() throws {
        let (state, now) = try Self.state()
        #expect(state.trend(.allTime, at: now).first?.start.iso == "2026-11-02")
        #expect(try PlanLog().state().trend(.allTime, at: now).isEmpty)
    }

    @Test func bucketsAreChartDataThatEncode() throws {
        let (state, now) = try Self.state()
        let data = try JSONEncoder().encode(state.trend(.sixMonths, at: now))
        #expect(try JSONDecoder().decode([TrendBucket].self, from: data) == state.trend(.sixMonths, at: now))
    }
}
