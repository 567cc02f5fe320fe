import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over `LogManualSleep`: sleep entered by hand, on the morning of
/// 2026-12-01 at 08:00 in Europe/Berlin.
struct LogManualSleepTests {
    typealias F = SleepDataFixtures

    static func logged(_ night: String, _ bedtime: String, _ wakeTime: String) throws -> ManualSleepLogged {
        ManualSleepLogged(night: try F.night(night), bedtime: try F.instant(bedtime), wakeTime: try F.instant(wakeTime))
    }

    static func command(_ night: String, _ bedtime: String, _ wakeTime: String) throws -> LogManualSleep {
        let logged = try logged(night, bedtime, wakeTime)
        return LogManualSleep(night: logged.night, bedtime: logged.bedtime, wakeTime: logged.wakeTime)
    }

    /// Accepted: bedtime anywhere in [night 12:00, night + 1 12:00) in the device's zone, a
    /// wake time up to now, at most 24 h after the bedtime.
    @Test(arguments: [
        ("2026-11-30", "2026-11-30T23:40:00+01:00", "2026-12-01T07:10:00+01:00"),
        ("2026-11-30", "2026-11-30T12:00:00+01:00", "2026-11-30T13:00:00+01:00"),
        ("2026-11-30", "2026-12-01T04:00:00+01:00", "2026-12-01T08:00:00+01:00"),
        ("2026-11-30", "2026-12-01T07:59:59+01:00", "2026-12-01T08:00:00+01:00"),
        ("2026-11-29", "2026-11-29T20:00:00+01:00", "2026-11-30T20:00:00+01:00"),
        // 11:30 at UTC is 12:30 in Berlin: read in the device's zone, in the night.
        ("2026-11-30", "2026-11-30T11:30:00Z", "2026-11-30T15:00:00Z"),
        ("2026-11-29", "2026-11-29T22:30:00+01:00", "2026-11-30T06:30:00+01:00"),
    ])
    func sleepOfTheNightIsLogged(night: String, bedtime: String, wakeTime: String) async throws {
        let logged = try Self.logged(night, bedtime, wakeTime)
        let date = try F.date(night)
        let outcome = try await Scenario(given: [], at: try F.instant(F.now))
            .when(LogManualSleep(night: logged.night, bedtime: logged.bedtime, wakeTime: logged.wakeTime))
            .then([.manualSleepLogged(logged)]) { state in
                #expect(state.statistics.countsByType["manualSleepLogged"] == 1)
                let record = state.sleep.records[date]
                #expect(record?.source == .manual)
                #expect(record?.onset.isSameMoment(as: logged.bedtime) == true)
            }
        #expect(outcome.after.warnings.all.isEmpty, "the sleep projection keeps it")
    }

    @Test(arguments: [
        // wrong night
        ("2026-12-01", "2026-11-30T23:40:00+01:00", "2026-12-01T07:10:00+01:00", "bedtimeOutsideNight",
         "the bedtime 2026-11-30T23:40:00+01:00 falls in night 2026-11-30, not 2026-12-01; for night 2026-12-01 a bedtime from 2026-12-01 12:00 until 2026-12-02 12:00 (Europe/Berlin) is accepted"),
        ("2026-11-30", "2026-11-30T11:59:59+01:00", "2026-11-30T13:00:00+01:00", "bedtimeOutsideNight", "falls in night 2026-11-29, not 2026-11-30"),
        ("2026-11-29", "2026-11-30T12:00:00+01:00", "2026-11-30T20:00:00+01:00", "bedtimeOutsideNight", "falls in night 2026-11-30, not 2026-11-29"),
        // 12:30 at +00:00 is 13:30 in Berlin: night 2026-11-30, whatever the offset written.
        ("2026-11-29", "2026-11-30T11:30:00Z", "2026-11-30T15:00:00Z", "bedtimeOutsideNight", "the bedtime 2026-11-30T12:30:00+01:00 falls in night 2026-11-30"),
        // wake before bed, or at it
        ("2026-11-30", "2026-12-01T07:10:00+01:00", "2026-11-30T23:40:00+01:00", "endNotAfterStart",
         "the wake time 2026-11-30T23:40:00+01:00 is before the bedtime 2026-12-01T07:10:00+01:00; a wake time after the bedtime, at most 24 h later, is accepted"),
        ("2026-11-30", "2026-11-30T23:40:00+01:00", "2026-11-30T23:40:00+01:00", "endNotAfterStart", "is the bedtime itself"),
        // too long
        ("2026-11-30", "2026-11-30T08:00:00+01:00", "2026-12-01T08:00:01+01:00", "durationTooLong",
         "from 2026-11-30T08:00:00+01:00 to 2026-12-01T08:00:01+01:00 is 24 h 0 min 1 s; a sleep of at most 24 h is accepted"),
        // in the future
        ("2026-11-30", "2026-11-30T23:40:00+01:00", "2026-12-01T08:00:01+01:00", "wakeTimeInFuture",
         "the wake time 2026-12-01T08:00:01+01:00 is after now (2026-12-01T08:00:00+01:00); sleep is logged once it happened, with a wake time up to now"),
        ("2026-12-01", "2026-12-01T22:30:00+01:00", "2026-12-02T06:30:00+01:00", "wakeTimeInFuture", "is after now"),
        // the night's range and kind
        ("2026-11-28", "2026-11-28T23:00:00+01:00", "2026-11-29T07:00:00+01:00", "nightOutOfRange",
         "night 2026-11-28 is 3 days from 2026-12-01; a night from 2026-11-29 to 2026-12-03 is accepted"),
    ])
    func aBadEntryIsRejected(night: String, bedtime: String, wakeTime: String, rule: String, message: String) async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(try Self.command(night, bedtime, wakeTime))
            .thenRejected(CommandError.Rule(rawValue: rule), messageContains: message)
    }

    @Test func theDemoNightIsRejected() async throws {
        try await Scenario(given: [], at: try F.instant(F.now))
            .when(LogManualSleep(night: .demo, bedtime: try F.instant("2026-11-30T23:40:00+01:00"), wakeTime: try F.instant("2026-12-01T07:10:00+01:00")))
            .thenRejected(.demoNightNotAllowed, messageContains: "real night")
    }

    /// Decision: a second entry for the same night is appended too, and wins.
    @Test func aSecondEntryForTheSameNightIsAppended() async throws {
        let first = try EventFactory.event("given-1", .manualSleepLogged(try Self.logged("2026-11-30", "2026-11-30T23:40:00+01:00", "2026-12-01T07:10:00+01:00")), at: "2026-12-01T07:30:00+01:00")
        let second = try Self.logged("2026-11-30", "2026-11-30T23:10:00+01:00", "2026-12-01T07:10:00+01:00")
        let night = try F.date("2026-11-30")
        try await Scenario(given: [first], at: try F.instant(F.now))
            .when(LogManualSleep(night: second.night, bedtime: second.bedtime, wakeTime: second.wakeTime))
            .then([.manualSleepLogged(second)]) { state in
                #expect(state.sleep.records[night]?.onset.isSameMoment(as: second.bedtime) == true)
            }
    }

    /// The window is read in the device's zone, across a daylight-saving change: night
    /// 2026-10-24 in Berlin runs from 12:00 +02:00 to 12:00 +01:00 on 2026-10-25 (25 h).
    @Test func theNightWindowFollowsTheDevicesZoneAcrossDaylightSaving() async throws {
        let now = try F.instant("2026-10-25T13:00:00+01:00")
        let inside = try Self.logged("2026-10-24", "2026-10-25T11:30:00+01:00", "2026-10-25T11:50:00+01:00")
        try await Scenario(given: [], at: now)
            .when(LogManualSleep(night: inside.night, bedtime: inside.bedtime, wakeTime: inside.wakeTime))
            .then([.manualSleepLogged(inside)])
        try await Scenario(given: [], at: now)
            .when(try Self.command("2026-10-24", "2026-10-25T12:00:00+01:00", "2026-10-25T12:30:00+01:00"))
            .thenRejected(.bedtimeOutsideNight, messageContains: "falls in night 2026-10-25, not 2026-10-24")
    }
}
