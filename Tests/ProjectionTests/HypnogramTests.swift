import Events
import Projections
import Testing

/// `SleepLedger.hypnogram(for:)`: a night's stages over time, agreeing with its record.
struct HypnogramTests {
    typealias Ledger = SleepLedgerTests

    @Test func aStagedNightAgreesWithItsRecordToTheMillisecond() throws {
        let state = try Ledger.log(try Ledger.stagedNight()).state()
        let night = try date("2026-11-30")
        let record = try #require(state.sleep.record(for: night))
        let hypnogram = try #require(state.sleep.hypnogram(for: night))
        let asleep = Hypnogram.Level.allCases.filter { $0 != .awake }.reduce(Int64(0)) { $0 + hypnogram.milliseconds(of: $1) }
        #expect(asleep == record.asleepMilliseconds)
        #expect(hypnogram.milliseconds(of: .awake) == record.awakeMilliseconds)
        #expect(hypnogram.milliseconds(of: .deep) == record.deepMilliseconds)
        #expect(hypnogram.milliseconds(of: .rem) == record.remMilliseconds)
        #expect(hypnogram.milliseconds(of: .core) == record.coreMilliseconds)
        #expect(hypnogram.milliseconds(of: .asleep) == 0, "the watch stages every asleep moment")
        #expect(hypnogram.segments.first?.start == record.onset)
        #expect(hypnogram.segments.last?.end == record.finalWake)
        #expect(hypnogram.segments.map(\.level) == [.core, .deep, .awake, .rem, .core, .awake, .rem])
        try Self.checkInvariants(hypnogram)
    }

    @Test func phoneSleepBeyondTheWatchShowsAsSleepWithoutAStage() throws {
        // The phone says asleep 07:00–07:20, after the watch's last stage: asleep without a stage.
        var payloads = try Ledger.stagedNight()
        payloads.append(try Ledger.sample("phone", .asleep, "2026-12-01T06:30:00+01:00", "2026-12-01T07:20:00+01:00", source: "iPhone"))
        let state = try Ledger.log(payloads).state()
        let night = try date("2026-11-30")
        let record = try #require(state.sleep.record(for: night))
        let hypnogram = try #require(state.sleep.hypnogram(for: night))
        #expect(hypnogram.milliseconds(of: .asleep) == 20 * 60_000)
        #expect(hypnogram.segments.last?.level == .asleep)
        #expect(hypnogram.segments.last?.end == record.finalWake)
        let asleep = Hypnogram.Level.allCases.filter { $0 != .awake }.reduce(Int64(0)) { $0 + hypnogram.milliseconds(of: $1) }
        #expect(asleep == record.asleepMilliseconds)
        try Self.checkInvariants(hypnogram)
    }

    @Test func overlappingStagesShowTheDeepestWhateverTheirOrder() throws {
        let forward = [
            try Ledger.sample("c", .core, "2026-11-30T23:00:00+01:00", "2026-12-01T01:00:00+01:00"),
            try Ledger.sample("d", .deep, "2026-12-01T00:00:00+01:00", "2026-12-01T00:30:00+01:00"),
        ]
        for payloads in [forward, Array(forward.reversed())] {
            let state = try Ledger.log(payloads).state()
            let hypnogram = try #require(state.sleep.hypnogram(for: try date("2026-11-30")))
            #expect(hypnogram.segments.map(\.level) == [.core, .deep, .core])
            #expect(hypnogram.milliseconds(of: .deep) == 30 * 60_000)
        }
    }

    @Test func aManualNightIsOneStretchOfSleep() throws {
        let manual = EventPayload.manualSleepLogged(ManualSleepLogged(
            night: try night("2026-11-30"), bedtime: try instant("2026-11-30T23:30:00+01:00"), wakeTime: try instant("2026-12-01T07:00:00+01:00")
        ))
        let state = try Ledger.log([manual]).state()
        let hypnogram = try #require(state.sleep.hypnogram(for: try date("2026-11-30")))
        #expect(hypnogram.segments == [.init(level: .asleep, start: try instant("2026-11-30T23:30:00+01:00"), end: try instant("2026-12-01T07:00:00+01:00"))])
    }

    @Test func aNightWithoutSleepHasNone() throws {
        let state = try Ledger.log([]).state()
        #expect(state.sleep.hypnogram(for: try date("2026-11-30")) == nil)
    }

    /// Segments are in order, adjacent, none empty, and no two neighbours share a level.
    static func checkInvariants(_ hypnogram: Hypnogram, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for segment in hypnogram.segments {
            #expect(segment.milliseconds > 0, sourceLocation: sourceLocation)
        }
        for (left, right) in zip(hypnogram.segments, hypnogram.segments.dropFirst()) {
            #expect(left.end.millisecondsSince1970 == right.start.millisecondsSince1970, sourceLocation: sourceLocation)
            #expect(left.level != right.level, sourceLocation: sourceLocation)
        }
    }
}
