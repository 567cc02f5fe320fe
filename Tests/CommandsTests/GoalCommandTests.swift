import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over `SetGoal` and `ClearGoal` (docs/rules.md §1.1 and §11).
struct GoalCommandTests {
    typealias F = NightPlanFixtures

    static func setGoal(_ current: String, _ target: String, days: Int, firstNight: String = "2026-11-30", sleepNeed: Int? = nil) throws -> SetGoal {
        SetGoal(currentBedtime: try F.time(current), targetBedtime: try F.time(target), days: days, firstNight: try F.date(firstNight), sleepNeedMinutes: sleepNeed)
    }

    static func goalSet(_ current: String, _ target: String, days: Int, firstNight: String = "2026-11-30", sleepNeed: Int? = nil) throws -> EventPayload {
        .goalSet(GoalSet(currentBedtime: try F.time(current), targetBedtime: try F.time(target), days: days, firstNight: try F.date(firstNight), sleepNeedMinutes: sleepNeed))
    }

    // MARK: SetGoal accepted

    @Test func midnightToHalfPastTenOverSevenNightsPlansTheRamp() async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:00", "22:30", days: 7))
            .then([try Self.goalSet("00:00", "22:30", days: 7)]) { state in
                let first = try F.date("2026-11-30")
                #expect(state.nightPlans.plan(for: first)?.bedtime.text == "23:45")
                let ramp = (0..<8).map { state.nightPlans.plan(for: first.adding(days: $0))?.bedtime.text }
                #expect(ramp == ["23:45", "23:30", "23:15", "23:00", "22:45", "22:30", "22:30", "22:30"])
                #expect(state.nightPlans.latestGoal == (try F.goal()))
            }
    }

    @Test func halfPastMidnightToHalfPastTenIsAShiftOf120MinutesEarlier() async throws {
        // 120 min over 7 nights: 18 a night, rounded up to 20.
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:30", "22:30", days: 7))
            .then([try Self.goalSet("00:30", "22:30", days: 7)]) { state in
                #expect(F.plan(state, "2026-11-30")?.bedtime.text == "00:10")
                #expect(F.plan(state, "2026-12-05")?.bedtime.text == "22:30")
            }
    }

    @Test(arguments: [3, 30])
    func theBoundsOfDaysAreAccepted(days: Int) async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:00", "23:00", days: days))
            .then([try Self.goalSet("00:00", "23:00", days: days)])
    }

    @Test(arguments: [300, 720])
    func theBoundsOfTheSleepNeedAreAccepted(sleepNeed: Int) async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:00", "22:30", days: 7, sleepNeed: sleepNeed))
            .then([try Self.goalSet("00:00", "22:30", days: 7, sleepNeed: sleepNeed)]) { state in
                #expect(F.plan(state, "2026-11-30")?.values.sleepNeedMinutes == sleepNeed)
            }
    }

    @Test func aFirstNightFarAheadIsAccepted() async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:00", "22:30", days: 7, firstNight: "2027-01-10"))
            .then([try Self.goalSet("00:00", "22:30", days: 7, firstNight: "2027-01-10")])
    }

    // MARK: SetGoal rejected

    @Test(arguments: [2, 31])
    func daysOutside3To30AreRejected(days: Int) async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:00", "22:30", days: days))
            .thenRejected(.daysOutOfRange, messageContains: "3–30 nights, not \(days)")
    }

    @Test func aLaterTargetIsRejected() async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("22:30", "23:00", days: 7))
            .thenRejected(.targetNotEarlier, messageContains: "not earlier than 22:30")
    }

    @Test(arguments: [("23:00", "22:50", 10), ("00:00", "17:59", 361)])
    func aShiftOutside15To360MinutesIsRejected(current: String, target: String, minutes: Int) async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal(current, target, days: 7))
            .thenRejected(.shiftOutOfRange, messageContains: "\(minutes) minutes earlier; a goal moves bedtime 15–360 minutes earlier")
    }

    @Test func aStepOverAnHourANightIsRejectedNamingTheFewestNightsThatWork() async throws {
        // 300 min over 3 nights steps 100 min; 5 nights step 60.
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("03:00", "22:00", days: 3))
            .thenRejected(.stepTooLarge, messageContains: "5 nights or more would work")
    }

    @Test(arguments: [299, 721])
    func aSleepNeedOutside300To720IsRejected(sleepNeed: Int) async throws {
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:00", "22:30", days: 7, sleepNeed: sleepNeed))
            .thenRejected(.sleepNeedOutOfRange, messageContains: "300–720 minutes, not \(sleepNeed)")
    }

    @Test func aFirstNightBeforeTonightIsRejected() async throws {
        // 2026-11-29 20:05: tonight is 2026-11-29, so yesterday's night is refused.
        try await Scenario(given: [], at: try F.instant(F.goalSetAt))
            .when(try Self.setGoal("00:00", "22:30", days: 7, firstNight: "2026-11-28"))
            .thenRejected(.firstNightBeforeTonight, messageContains: "a first night from 2026-11-29 on is accepted")
    }

    /// Tonight is the noon-to-noon night holding now in the device's zone: at 09:00 it is
    /// still the previous date's night.
    @Test(arguments: [
        ("2026-11-30T09:00:00+01:00", "2026-11-29", true),
        ("2026-11-30T12:00:00+01:00", "2026-11-29", false),
        ("2026-11-30T12:00:00+01:00", "2026-11-30", true),
    ])
    func tonightRunsFromNoonToNoon(at text: String, firstNight: String, accepted: Bool) async throws {
        let outcome = try await Scenario(given: [], at: try F.instant(text))
            .when(try Self.setGoal("00:00", "22:30", days: 7, firstNight: firstNight))
        if accepted {
            try outcome.then([try Self.goalSet("00:00", "22:30", days: 7, firstNight: firstNight)])
        } else {
            outcome.thenRejected(.firstNightBeforeTonight, messageContains: "before tonight (2026-11-30)")
        }
    }

    @Test func tonightIsReadInTheDevicesZone() async throws {
        // 13:30 in Berlin is 07:30 in New York: there, tonight is still 2026-11-29.
        try await Scenario(given: [], at: try F.instant("2026-11-30T07:30:00-05:00"), timeZone: "America/New_York")
            .when(try Self.setGoal("00:00", "22:30", days: 7, firstNight: "2026-11-29"))
            .then([try Self.goalSet("00:00", "22:30", days: 7, firstNight: "2026-11-29")])
        try await Scenario(given: [], at: try F.instant("2026-11-30T13:30:00+01:00"), timeZone: "Europe/Berlin")
            .when(try Self.setGoal("00:00", "22:30", days: 7, firstNight: "2026-11-29"))
            .thenRejected(.firstNightBeforeTonight, messageContains: "before tonight (2026-11-30)")
    }

    @Test func aReplacingGoalGovernsFromItsFirstNightAndEarlierNightsKeepTheOldGoal() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-12-01T18:00:00+01:00"))
            .when(try Self.setGoal("23:30", "21:30", days: 4, firstNight: "2026-12-02"))
            .then([try Self.goalSet("23:30", "21:30", days: 4, firstNight: "2026-12-02")]) { state in
                #expect(F.plan(state, "2026-12-01")?.bedtime.text == "23:30")
                #expect(F.plan(state, "2026-12-02")?.bedtime.text == "23:00")
                #expect(F.plan(state, "2026-12-05")?.bedtime.text == "21:30")
                #expect(state.nightPlans.latestGoal?.targetBedtime.text == "21:30")
            }
    }

    /// Decision: a goal starting tonight is accepted after tonight's wind-down started;
    /// tonight keeps its old plan and the new goal governs from tomorrow, its night 2.
    @Test func aGoalStartingTonightAfterItsWindDownLeavesTonightAsItWas() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T22:50:00+01:00"))
            .when(try Self.setGoal("23:00", "22:00", days: 4, firstNight: "2026-11-30"))
            .then([try Self.goalSet("23:00", "22:00", days: 4, firstNight: "2026-11-30")]) { state in
                #expect(F.plan(state, "2026-11-30")?.bedtime.text == "23:45")
                #expect(F.plan(state, "2026-12-01")?.bedtime.text == "22:30")
            }
    }

    @Test func aGoalStartingTonightBeforeItsWindDownPlansTonight() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(try Self.setGoal("23:00", "22:00", days: 4, firstNight: "2026-11-30"))
            .then([try Self.goalSet("23:00", "22:00", days: 4, firstNight: "2026-11-30")]) { state in
                #expect(F.plan(state, "2026-11-30")?.bedtime.text == "22:45")
            }
    }

    // MARK: ClearGoal

    @Test func clearingAGoalInForceAppendsGoalCleared() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(ClearGoal())
            .then([.goalCleared]) { state in
                #expect(state.nightPlans.latestGoal == nil)
                #expect(F.plan(state, "2026-11-30") == nil)
            }
    }

    @Test func clearingWithoutAGoalIsRejected() async throws {
        try await Scenario(given: [], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(ClearGoal())
            .thenRejected(.noGoalInForce, messageContains: "no goal is in force")
    }

    @Test func clearingAnAlreadyClearedGoalIsRejected() async throws {
        let cleared = try F.event("given-clear", .goalCleared, at: "2026-11-30T08:00:00+01:00")
        try await Scenario(given: [try F.goalEvent(), cleared], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(ClearGoal())
            .thenRejected(.noGoalInForce)
    }
}
