import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over `OverrideBedtime` and `StartWindDownEarly`, on the fixture goal
/// (night 2026-11-30: bedtime 23:45, wind-down 19:45, wake 07:45).
struct NightCommandTests {
    typealias F = NightPlanFixtures

    // MARK: OverrideBedtime

    @Test func overridingTonightMovesItsBedtime() async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(OverrideBedtime(night: night, bedtime: try F.time("23:00")))
            .then([.bedtimeOverridden(BedtimeOverridden(night: night, bedtime: try F.time("23:00")))]) { state in
                let plan = F.plan(state, "2026-11-30")
                #expect(plan?.bedtime.text == "23:00")
                #expect(plan?.windDownStart.rfc3339 == "2026-11-30T19:00:00+01:00")
                #expect(plan?.revisions.last?.cause.id == "when-1")
                #expect(F.plan(state, "2026-12-01")?.bedtime.text == "23:30")
            }
    }

    @Test(arguments: [("2026-11-28", "nightNotPlanned"), ("2026-12-02", nil), ("2026-12-03", "nightOutOfRange")])
    func theNightMustBeWithinTwoDaysAndPlanned(night text: String, rejection: String?) async throws {
        // 2026-11-30 18:00: 2026-12-03 is planned by the goal but 3 days ahead; 2026-11-28 is in range but before the goal.
        let night = try F.night(text)
        let outcome = try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(OverrideBedtime(night: night, bedtime: try F.time("22:00")))
        if let rejection {
            outcome.thenRejected(CommandError.Rule(rawValue: rejection), messageContains: rejection == "nightOutOfRange" ? "2026-11-28 to 2026-12-02" : "has no plan")
        } else {
            try outcome.then([.bedtimeOverridden(BedtimeOverridden(night: night, bedtime: try F.time("22:00")))])
        }
    }

    @Test func overridingANightWithoutAnyGoalIsRejected() async throws {
        try await Scenario(given: [], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(OverrideBedtime(night: try F.night("2026-11-30"), bedtime: try F.time("23:00")))
            .thenRejected(.nightNotPlanned, messageContains: "night 2026-11-30 has no plan")
    }

    @Test func theDemoNightCannotBeOverridden() async throws {
        let demo = try F.event("given-demo", .demoNightStarted(DemoNightStarted()), at: "2026-11-30T17:58:00+01:00")
        try await Scenario(given: [try F.goalEvent(), demo], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(OverrideBedtime(night: .demo, bedtime: try F.time("23:00")))
            .thenRejected(.demoNightNotAllowed, messageContains: "real night")
    }

    /// Decision: overriding with the bedtime the night already has appends nothing.
    @Test func overridingWithTheSameBedtimeAppendsNothing() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T18:00:00+01:00"))
            .when(OverrideBedtime(night: try F.night("2026-11-30"), bedtime: try F.time("23:45")))
            .then([])
    }

    /// Decision: a night in wind-down can still be overridden; a night past its wake time cannot.
    @Test func aNightInWindDownCanBeOverridden() async throws {
        let night = try F.night("2026-11-30")
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T23:50:00+01:00"))
            .when(OverrideBedtime(night: night, bedtime: try F.time("00:15")))
            .then([.bedtimeOverridden(BedtimeOverridden(night: night, bedtime: try F.time("00:15")))]) { state in
                #expect(F.plan(state, "2026-11-30")?.bedtimeAt.rfc3339 == "2026-12-01T00:15:00+01:00")
            }
    }

    @Test func aNightPastItsWakeTimeCannotBeOverridden() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-12-01T07:45:00+01:00"))
            .when(OverrideBedtime(night: try F.night("2026-11-30"), bedtime: try F.time("23:00")))
            .thenRejected(.nightOver, messageContains: "ended at its wake time, 2026-12-01 07:45")
    }

    // MARK: StartWindDownEarly

    @Test func startingWindDownBeforeItsStartOpensTheEvening() async throws {
        let night = try F.night("2026-11-30")
        let now = try F.instant("2026-11-30T18:30:00+01:00")
        try await Scenario(given: [try F.goalEvent()], at: now)
            .when(StartWindDownEarly(night: night))
            .then([.windDownStartedEarly(NightAction(night: night))]) { state in
                #expect(F.plan(state, "2026-11-30")?.windDownStartedEarlyAt == now)
                #expect(state.tonight(at: now)?.phase == .windDown)
            }
    }

    @Test(arguments: ["2026-11-30T19:45:00+01:00", "2026-11-30T20:00:00+01:00", "2026-12-01T01:00:00+01:00"])
    func startingWindDownAfterItStartedIsRejected(at text: String) async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(text))
            .when(StartWindDownEarly(night: try F.night("2026-11-30")))
            .thenRejected(.windDownAlreadyStarted, messageContains: "already started at 2026-11-30 19:45")
    }

    @Test func startingWindDownTwiceIsRejectedNamingTheEarlyStart() async throws {
        let early = try F.event("given-early", .windDownStartedEarly(NightAction(night: try F.night("2026-11-30"))), at: "2026-11-30T18:30:00+01:00")
        try await Scenario(given: [try F.goalEvent(), early], at: try F.instant("2026-11-30T18:40:00+01:00"))
            .when(StartWindDownEarly(night: try F.night("2026-11-30")))
            .thenRejected(.windDownAlreadyStarted, messageContains: "already started at 2026-11-30 18:30")
    }

    @Test func startingWindDownAfterWakeTimeIsRejected() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-12-01T08:00:00+01:00"))
            .when(StartWindDownEarly(night: try F.night("2026-11-30")))
            .thenRejected(.nightOver, messageContains: "ended at its wake time, 2026-12-01 07:45")
    }

    /// Decision: only tonight's wind-down can start early (the noon-to-noon night holding now).
    @Test(arguments: [("2026-11-30T18:30:00+01:00", "2026-12-01"), ("2026-11-30T10:00:00+01:00", "2026-11-30")])
    func startingANightAfterTonightIsRejected(at text: String, night: String) async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(text))
            .when(StartWindDownEarly(night: try F.night(night)))
            .thenRejected(.notTonight, messageContains: "wind-down can be started early only for tonight")
    }

    @Test func startingWindDownOfAnUnplannedNightIsRejected() async throws {
        try await Scenario(given: [], at: try F.instant("2026-11-30T18:30:00+01:00"))
            .when(StartWindDownEarly(night: try F.night("2026-11-30")))
            .thenRejected(.nightNotPlanned)
    }

    @Test func startingWindDownOutOfRangeIsRejected() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T18:30:00+01:00"))
            .when(StartWindDownEarly(night: try F.night("2026-12-03")))
            .thenRejected(.nightOutOfRange)
    }

    @Test func theDemoNightCannotStartEarly() async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T18:30:00+01:00"))
            .when(StartWindDownEarly(night: .demo))
            .thenRejected(.demoNightNotAllowed)
    }
}
