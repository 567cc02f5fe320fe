import Events
import Projections
@testable import Simulation
import Testing

/// The nights as a watch records them: in bed, latency, cycles with deep sleep early and
/// REM late, short awakenings, the final wake; the phone's overlapping samples; vitals;
/// nights without data; the daylight-saving night.
struct SleepStructureTests {
    static let watch = "Apple Watch"

    /// Each night from the watch: an `inBed` sample holding the night, sleep that starts
    /// after lying down, and stages whose deep sleep lies in the first third of the night
    /// rather than the last, and REM in the last rather than the first.
    @Test(arguments: SimulationProfile.allCases)
    func eachNightHasTheStageStructureOfARealNight(profile: SimulationProfile) throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 60, seed: 12, profile: profile))
        let nights = log.samples(from: Self.watch)
        #expect(nights.count >= 40)
        var deepEarly: Int64 = 0, deepLate: Int64 = 0, remEarly: Int64 = 0, remLate: Int64 = 0
        for (night, samples) in nights {
            let staged = samples.filter(\.stage.isStaged)
            let inBed = samples.filter { $0.stage == .inBed }
            let onset = try #require(staged.first?.start.millisecondsSince1970, "night \(night.iso)")
            let finalWake = try #require(staged.map(\.end.millisecondsSince1970).max())
            let bed = try #require(inBed.first, "night \(night.iso) has no inBed sample")
            #expect(inBed.count == 1)
            #expect(bed.start.millisecondsSince1970 < onset, "night \(night.iso): no latency")
            #expect(bed.end.millisecondsSince1970 > finalWake)
            #expect(Set(staged.map(\.stage)) == [.core, .deep, .rem], "night \(night.iso)")
            let third = (finalWake - onset) / 3
            let firstThird = (onset, onset + third)
            let lastThird = (finalWake - third, finalWake)
            let deep = (SimulatedLog.milliseconds(of: .deep, in: staged, from: firstThird.0, to: firstThird.1),
                        SimulatedLog.milliseconds(of: .deep, in: staged, from: lastThird.0, to: lastThird.1))
            let rem = (SimulatedLog.milliseconds(of: .rem, in: staged, from: firstThird.0, to: firstThird.1),
                       SimulatedLog.milliseconds(of: .rem, in: staged, from: lastThird.0, to: lastThird.1))
            #expect(deep.0 > deep.1, "night \(night.iso): deep \(deep)")
            #expect(rem.1 > rem.0, "night \(night.iso): REM \(rem)")
            deepEarly += deep.0; deepLate += deep.1; remEarly += rem.0; remLate += rem.1
            // Staged samples follow each other without gap or overlap from onset to final wake.
            let asleepOrAwake = samples.filter { $0.stage != .inBed && $0.start.millisecondsSince1970 < finalWake }
            for (earlier, later) in zip(asleepOrAwake, asleepOrAwake.dropFirst()) {
                #expect(earlier.end.millisecondsSince1970 == later.start.millisecondsSince1970, "night \(night.iso)")
            }
        }
        #expect(deepEarly > 3 * deepLate)
        #expect(remLate > 2 * remEarly)
    }

    @Test func awakeningsAreMostlyShortAndTheNightEndsAwakeInBed() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 90, seed: 13))
        var short = 0
        var long = 0
        for (_, samples) in log.samples(from: Self.watch) {
            let staged = samples.filter(\.stage.isStaged)
            guard let onset = staged.first?.start, let finalWake = staged.last?.end else { continue }
            for sample in samples where sample.stage == .awake && sample.start > onset && sample.end < finalWake {
                let minutes = sample.end.milliseconds(since: sample.start) / 60_000
                if (1...5).contains(minutes) { short += 1 } else { long += 1 }
                #expect((1...20).contains(minutes))
            }
            // After the final wake, a few minutes awake in bed.
            #expect(samples.contains { $0.stage == .awake && $0.start == finalWake })
        }
        #expect(short > 3 * long)
        #expect(long > 0)
    }

    @Test func thePhoneSometimesRecordsTheSameNightOverlappingTheWatch() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 28, seed: 14))
        let watch = log.samples(from: Self.watch)
        let phone = log.samples(from: "iPhone")
        #expect(!phone.isEmpty)
        #expect(phone.count < watch.count / 2)
        var overlapping = 0
        for (night, samples) in phone {
            #expect(Set(samples.map(\.stage)).isSubset(of: [.asleep, .inBed]))
            let watchAsleep = (watch[night] ?? []).filter(\.stage.isAsleep)
            let overlaps = samples.filter(\.stage.isAsleep).contains { phoneSample in
                watchAsleep.contains { $0.start < phoneSample.end && phoneSample.start < $0.end }
            }
            if overlaps { overlapping += 1 }
        }
        #expect(overlapping == phone.count)
    }

    @Test func someNightsHaveNoDataAndTheRestHaveSleepRecords() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 28, seed: 15))
        let withSamples = Set(log.sleepSamples.map(\.night))
        let without = log.nights.filter { !withSamples.contains($0) }
        #expect(!without.isEmpty)
        #expect(without.count < 28 / 4)
        let state = log.replay().state
        for night in log.nights {
            #expect((state.sleep.record(for: night) != nil) == withSamples.contains(night), "night \(night.iso)")
        }
    }

    @Test func vitalsComeOnSomeNightsWithEveryKind() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 28, seed: 16))
        var kinds: Set<VitalKind> = []
        for event in log.events {
            if case .vitalSampleIngested(let vital) = event.payload { kinds.insert(vital.kind) }
        }
        #expect(kinds == Set(VitalKind.allCases))
        let state = log.replay().state
        let nightsWithVitals = log.nights.filter { state.sleep.vitals(on: $0) != nil }
        #expect(!nightsWithVitals.isEmpty)
        #expect(nightsWithVitals.count < log.samples(from: Self.watch).count)
    }

    /// The default run crosses the end of daylight saving time in Europe/Berlin: the night
    /// of 2026-10-24 starts at +02:00 and ends at +01:00, lasts an hour more than its wall
    /// clock says, and its sleep record counts exactly the time its samples cover.
    @Test func theDaylightSavingNightIsRecordedAcrossTheChange() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 14))
        let night = try LocalDate(iso: "2026-10-24")
        let state = log.replay().state
        let plan = try #require(state.nightPlans.plan(for: night))
        #expect(plan.bedtimeAt.utcOffsetSeconds == 7200)
        #expect(plan.wakeTime.utcOffsetSeconds == 3600)
        let sleep = try #require(Self.asleep(on: night, in: log))
        #expect(sleep.onset.utcOffsetSeconds == 7200)
        #expect(sleep.finalWake.utcOffsetSeconds == 3600)
        let record = try #require(state.sleep.record(for: night))
        #expect(record.onset.isSameMoment(as: sleep.onset))
        #expect(record.finalWake.isSameMoment(as: sleep.finalWake))
        #expect(record.asleepMilliseconds == sleep.milliseconds)
        // The wall clock runs an hour short of the real length across the change.
        #expect(sleep.finalWake.milliseconds(since: sleep.onset) == Self.wallClockMilliseconds(from: sleep.onset, to: sleep.finalWake) + 3_600_000)
    }

    /// Spring forward, 2027-03-28 in Europe/Berlin: the night of 2027-03-27 lasts an hour
    /// less than its wall clock says.
    @Test func aSpringForwardNightLosesTheHour() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 10, firstNight: try LocalDate(iso: "2027-03-24")))
        let night = try LocalDate(iso: "2027-03-27")
        let sleep = try #require(Self.asleep(on: night, in: log))
        #expect(sleep.onset.utcOffsetSeconds == 3600)
        #expect(sleep.finalWake.utcOffsetSeconds == 7200)
        #expect(sleep.finalWake.milliseconds(since: sleep.onset) == Self.wallClockMilliseconds(from: sleep.onset, to: sleep.finalWake) - 3_600_000)
        let record = try #require(log.replay().state.sleep.record(for: night))
        #expect(record.asleepMilliseconds == sleep.milliseconds)
        #expect(record.finalWake.milliseconds(since: record.onset) == sleep.finalWake.milliseconds(since: sleep.onset))
    }

    /// The sleep of `night` from every source's asleep samples: the first start, the last
    /// end, and the measure of their union; `nil` without samples.
    static func asleep(on night: LocalDate, in log: SimulatedLog) -> (onset: Instant, finalWake: Instant, milliseconds: Int64)? {
        let samples = log.sleepSamples.filter { $0.night == night && $0.sample.stage.isAsleep }.map(\.sample)
        guard let onset = samples.min(by: { $0.start < $1.start })?.start,
              let finalWake = samples.max(by: { $0.end < $1.end })?.end else { return nil }
        let union = SimulatedLog.unionMilliseconds(samples.map { (start: $0.start.millisecondsSince1970, end: $0.end.millisecondsSince1970) })
        return (onset, finalWake, union)
    }

    /// The difference of the two instants' wall clocks, each read in its own offset.
    static func wallClockMilliseconds(from start: Instant, to end: Instant) -> Int64 {
        Instant(end.localDateTime, utcOffsetSeconds: 0).milliseconds(since: Instant(start.localDateTime, utcOffsetSeconds: 0))
    }
}
