import Events
import Foundation
@testable import Projections
import Testing
import TestSupport

/// docs/rules.md §12: the Sleep Regularity Index.
struct SleepRegularityTests {
    /// One asleep sample of night index `night` (from 2026-10-01) in `zone`.
    static func sample(_ id: String, start: Instant, minutes: Int, zone: String) -> EventPayload {
        .sleepSampleIngested(SleepSampleIngested(
            sampleId: id, stage: .asleep, start: start, end: start.adding(seconds: Int64(minutes) * 60), timeZone: zone, sourceName: "Watch"))
    }

    // MARK: The published formula, written independently

    /// A random schedule in a zone without daylight saving (Asia/Tokyo, +09:00): for each of
    /// `nights` nights from 2026-10-01, maybe nothing, a manual night, or a main sleep in
    /// 1–3 samples, sometimes a nap the next afternoon. The asleep intervals (ms) and the
    /// nights they belong to are known by construction.
    struct Schedule {
        var log = PlanLog()
        var intervals: [(night: Int, start: Int64, end: Int64)] = []
        static let offset: Int64 = 9 * 3_600_000
        static let firstDay = 20_727  // 2026-10-01

        init(seed: UInt64, nights: Int) throws {
            log.timeZone = "Asia/Tokyo"
            var random = SplitMix(seed: seed)
            for index in 0..<nights {
                let day = Self.firstDay + index
                let roll = random.next(below: 10)
                guard roll > 1 else { continue }  // 20 %: no record
                // Onset 21:30 to 02:00 local, 5 to 9 hours.
                let onsetLocal = Int64(day) * 86_400_000 + Int64(21 * 60 + 30 + random.next(below: 270)) * 60_000
                let onset = onsetLocal - Self.offset
                let minutes = 300 + random.next(below: 240)
                let end = onset + Int64(minutes) * 60_000
                if roll == 2, !intervals.contains(where: { $0.night == day }) {
                    let bedtime = Instant(millisecondsSince1970: onset, utcOffsetSeconds: 32_400)
                    let wake = Instant(millisecondsSince1970: end, utcOffsetSeconds: 32_400)
                    let night = try Night(text: LocalDate(daysSince1970: day).iso)
                    _ = try log.add(.manualSleepLogged(ManualSleepLogged(night: night, bedtime: bedtime, wakeTime: wake)), at: wake.adding(seconds: 600).rfc3339)
                    intervals.append((day, onset, end))
                    continue
                }
                // 1 to 3 pieces with gaps of 0 to 20 minutes between them.
                let pieces = 1 + random.next(below: 3)
                var start = onset
                for piece in 0..<pieces {
                    let length = (end - onset) / 60_000 / Int64(pieces) * 60_000
                    let pieceEnd = piece == pieces - 1 ? end : start + length
                    let instant = Instant(millisecondsSince1970: start, utcOffsetSeconds: 32_400)
                    _ = try log.add(SleepRegularityTests.sample("s\(index)-\(piece)", start: instant, minutes: Int((pieceEnd - start) / 60_000), zone: "Asia/Tokyo"),
                                    at: Instant(millisecondsSince1970: end + 600_000, utcOffsetSeconds: 32_400).rfc3339)
                    intervals.append((day, start, pieceEnd))
                    start = pieceEnd + Int64(random.next(below: 21)) * 60_000
                }
                if random.next(below: 4) == 0 {
                    // A nap from 14:00 to 14:40 the next day: a night of its own (the next one).
                    let napStart = Int64(day + 1) * 86_400_000 + 14 * 3_600_000 - Self.offset
                    let instant = Instant(millisecondsSince1970: napStart, utcOffsetSeconds: 32_400)
                    _ = try log.add(SleepRegularityTests.sample("nap\(index)", start: instant, minutes: 40, zone: "Asia/Tokyo"),
                                    at: Instant(millisecondsSince1970: napStart + 3_000_000, utcOffsetSeconds: 32_400).rfc3339)
                    intervals.append((day + 1, napStart, napStart + 40 * 60_000))
                }
            }
        }

        /// Phillips et al. (2017): SRI = −100 + 200 ÷ (M (N − 1)) · Σ δ(s(i, j), s(i + 1, j)),
        /// over the days i (noon to noon, +09:00) of the window whose next day is in it too,
        /// both with sleep data; s(i, j) the state in minute j of day i. Returns the pairs and
        /// the index (`nil` below 5 pairs) for the 14 days before `lastDay`.
        func reference(endingBefore lastDay: Int) -> (pairs: Int, sri: Double?) {
            let withData = Set(intervals.map(\.night))
            // Every interval starts and ends on a whole minute: the asleep minutes as a set.
            var asleepMinutes = Set<Int64>()
            for interval in intervals {
                for minute in (interval.start / 60_000)..<(interval.end / 60_000) { asleepMinutes.insert(minute) }
            }
            func asleep(_ moment: Int64) -> Bool { asleepMinutes.contains(moment / 60_000) }
            var sum = 0
            var pairs = 0
            for day in (lastDay - 14)..<(lastDay - 1) where withData.contains(day) && withData.contains(day + 1) {
                pairs += 1
                let noon = Int64(day) * 86_400_000 + 12 * 3_600_000 - Self.offset
                for minute in 0..<1440 {
                    let first = asleep(noon + Int64(minute) * 60_000)
                    let second = asleep(noon + 86_400_000 + Int64(minute) * 60_000)
                    if first == second { sum += 1 }
                }
            }
            guard pairs >= 5 else { return (pairs, nil) }
            return (pairs, -100 + 200 * Double(sum) / Double(1440 * pairs))
        }
    }

    @Test("the index agrees with an independent implementation of the published formula on random schedules without daylight saving", arguments: [UInt64(1), 7, 42])
    func agreesWithThePublishedFormula(seed: UInt64) throws {
        let schedule = try Schedule(seed: seed, nights: 45)
        let state = try schedule.log.state()
        var compared = 0
        for lastDay in (Schedule.firstDay + 16)...(Schedule.firstDay + 44) {
            // As of 15:00 local on the day whose night is `lastDay` (N0).
            let asOf = Instant(millisecondsSince1970: Int64(lastDay) * 86_400_000 + 15 * 3_600_000 - Schedule.offset, utcOffsetSeconds: 32_400)
            let regularity = state.regularity(at: asOf)
            let reference = schedule.reference(endingBefore: lastDay)
            #expect(regularity.from.daysSince1970 == lastDay - 14 && regularity.to.daysSince1970 == lastDay - 1)
            #expect(regularity.pairs == reference.pairs, "N0 \(LocalDate(daysSince1970: lastDay).iso)")
            switch (regularity.sriTenths, reference.sri) {
            case (nil, nil):
                break
            case (let tenths?, let sri?):
                #expect(abs(Double(tenths) / 10 - sri) <= 0.05 + 1e-9, "N0 \(LocalDate(daysSince1970: lastDay).iso): \(tenths) vs \(sri)")
                compared += 1
            default:
                Issue.record("N0 \(LocalDate(daysSince1970: lastDay).iso): \(String(describing: regularity.sriTenths)) vs \(String(describing: reference.sri))")
            }
        }
        #expect(compared > 10)
    }

    // MARK: The rules, pinned

    @Test("shown with one decimal, rounded once, half up toward +∞: 92.25 → 92.3, −12.25 → −12.2")
    func rounding() {
        // 200 m ÷ (1440 p) − 100 = 92.25 with p = 5 → m = 6,921; −12.25 → m = 3,159.
        #expect(SleepRegularity.tenths(matches: 6_921, pairs: 5) == 923)
        #expect(SleepRegularity.tenths(matches: 3_159, pairs: 5) == -122)
        #expect(SleepRegularity.text(tenths: 923) == "92.3")
        #expect(SleepRegularity.text(tenths: -122) == "-12.2")
        #expect(SleepRegularity.text(tenths: -5) == "-0.5")
        #expect(SleepRegularity.tenths(matches: 1_440 * 7, pairs: 7) == 1_000)
        #expect(SleepRegularity.tenths(matches: 0, pairs: 7) == -1_000)
        #expect(SleepRegularity.tenths(matches: 720 * 6, pairs: 6) == 0)
    }

    /// The same local schedule every night from 2026-11-01 (Berlin, after the change).
    static func steadyLog(nights: Int, skip: Set<Int> = []) throws -> PlanLog {
        let zone = "Europe/Berlin"
        var log = PlanLog()
        let first = try LocalDate(iso: "2026-11-01")
        for index in 0..<nights where !skip.contains(index) {
            let night = first.adding(days: index)
            let start = try Instant(rfc3339: "\(night.iso)T23:00:00+01:00")  // November in Berlin: CET
            _ = try log.add(sample("n\(index)", start: start, minutes: 480, zone: zone), at: start.adding(seconds: 9 * 3600).rfc3339)
        }
        return log
    }

    @Test("the same sleep every night is 100; fewer than 5 pairs is null with the pairs shown; the window is N0 − 14 … N0 − 1")
    func steadyAndTooFew() throws {
        let state = try Self.steadyLog(nights: 30).state()
        let asOf = try Instant(rfc3339: "2026-12-01T15:00:00+01:00")
        let regularity = state.regularity(at: asOf)
        #expect(regularity.from.iso == "2026-11-17" && regularity.to.iso == "2026-11-30")
        #expect(regularity.pairs == 13)
        #expect(regularity.sriTenths == 1_000)
        #expect(regularity.previousSriTenths == 1_000, "nights 2026-11-03 … 11-16")
        // Only nights 0…5 and a gap: 4 pairs in the window → null, pairs 4.
        let sparse = try Self.steadyLog(nights: 30, skip: Set(5..<30).subtracting([25, 26, 27, 28, 29])).state()
        let sparseRegularity = sparse.regularity(at: asOf)
        #expect(sparseRegularity.pairs == 4)
        #expect(sparseRegularity.sriTenths == nil)
        #expect(sparseRegularity.previousSriTenths == nil)
    }

    @Test("a daylight-saving night reads 1,440 absolute minutes from each noon: 23:00–07:00 across the change differs by the hour")
    func daylightSavingNight() throws {
        // Night 2026-10-24 (CEST at noon) sleeps 23:00 CEST to 07:00 CET (9 h); 2026-10-25
        // sleeps 23:00 to 07:00 CET (8 h): minutes 660–1199 against 660–1139.
        var log = PlanLog()
        let first = try Instant(rfc3339: "2026-10-24T23:00:00+02:00")
        _ = try log.add(Self.sample("a", start: first, minutes: 540, zone: "Europe/Berlin"), at: "2026-10-25T08:00:00+01:00")
        let second = try Instant(rfc3339: "2026-10-25T23:00:00+01:00")
        _ = try log.add(Self.sample("b", start: second, minutes: 480, zone: "Europe/Berlin"), at: "2026-10-26T08:00:00+01:00")
        let state = try log.state()
        #expect(state.matchingMinutes(of: try LocalDate(iso: "2026-10-24")) == 1_380)
    }

    @Test("a stretch counts wherever it lies: sleep past the next noon is asleep in the next night's first minutes; naps and manual nights count")
    func stretchesAndNaps() throws {
        var log = PlanLog()
        // Night 11-01: 23:00 to 13:00 next day (14 h, past noon). Night 11-02: 23:00 to 07:00.
        _ = try log.add(Self.sample("long", start: try Instant(rfc3339: "2026-11-01T23:00:00+01:00"), minutes: 840, zone: "Europe/Berlin"), at: "2026-11-02T13:10:00+01:00")
        _ = try log.add(Self.sample("short", start: try Instant(rfc3339: "2026-11-02T23:00:00+01:00"), minutes: 480, zone: "Europe/Berlin"), at: "2026-11-03T07:10:00+01:00")
        // Night 11-03: manual 23:00–07:00; plus a nap 11-04 15:00–15:30 (night 11-04's record).
        let night = try Night(text: "2026-11-03")
        _ = try log.add(.manualSleepLogged(ManualSleepLogged(night: night, bedtime: try Instant(rfc3339: "2026-11-03T23:00:00+01:00"), wakeTime: try Instant(rfc3339: "2026-11-04T07:00:00+01:00"))), at: "2026-11-04T07:10:00+01:00")
        _ = try log.add(Self.sample("nap", start: try Instant(rfc3339: "2026-11-04T15:00:00+01:00"), minutes: 30, zone: "Europe/Berlin"), at: "2026-11-04T15:40:00+01:00")
        let state = try log.state()
        // 11-01 vs 11-02: minutes 0–59 of 11-02 are asleep (the long night past noon), 11-01's
        // first hour awake: 60 differ; 660–1439 asleep in both; 11-01 also asleep 1140–1439
        // where 11-02 wakes at 07:00 (1140): 300 differ. 1440 − 360 = 1080.
        #expect(state.matchingMinutes(of: try LocalDate(iso: "2026-11-01")) == 1_080)
        // 11-02 vs the manual 11-03: first 60 minutes differ (11-02 still asleep from 11-01).
        #expect(state.matchingMinutes(of: try LocalDate(iso: "2026-11-02")) == 1_380)
        // 11-03 vs 11-04 (a nap only, 180–209): the nap's 30 minutes differ, and 11-03's
        // night 660–1139 is asleep where 11-04 has nothing: 30 + 480 differ.
        #expect(state.matchingMinutes(of: try LocalDate(iso: "2026-11-03")) == 930)
    }

    @Test("the words compare the shown values: 5 or more up is more regular, 5 or more down less, else about; none when either is null")
    func comparison() {
        func regularity(_ sri: Int?, _ previous: Int?) -> SleepRegularity {
            SleepRegularity(from: LocalDate(daysSince1970: 0), to: LocalDate(daysSince1970: 13), pairs: 13, sriTenths: sri, previousSriTenths: previous, matches: [])
        }
        #expect(regularity(784, 734).comparison == .more)
        #expect(regularity(784, 735).comparison == .about)
        #expect(regularity(734, 784).comparison == .less)
        #expect(regularity(735, 784).comparison == .about)
        #expect(regularity(nil, 784).comparison == nil)
        #expect(regularity(784, nil).comparison == nil)
    }
}

