import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over the issue-2 commands.
struct CommandScenarioTests {
    static let evening = "2026-11-30T22:50:00+01:00"

    @Test func wentToBedOnTonightIsAppended() async throws {
        let night = try EventFactory.night("2026-11-30")
        try await Scenario(given: [], at: try EventFactory.instant(Self.evening))
            .when(LogBedtime(night: night, moment: .wentToBed))
            .then([.wentToBed(NightAction(night: night))]) { state in
                #expect(state.statistics.countsByType["wentToBed"] == 1)
            }
    }

    @Test(arguments: [("2026-11-28", true), ("2026-11-27", false), ("2026-12-02", true), ("2026-12-03", false)])
    func nightMustLieWithinTwoDaysOfTheAction(night text: String, accepted: Bool) async throws {
        let night = try EventFactory.night(text)
        let outcome = try await Scenario(given: [], at: try EventFactory.instant(Self.evening))
            .when(LogBedtime(night: night, moment: .wokeUp))
        if accepted {
            try outcome.then([.wokeUp(NightAction(night: night))])
        } else {
            outcome.thenRejected(.nightOutOfRange, messageContains: "2026-11-28 to 2026-12-02")
        }
    }

    @Test func theDemoNightIsNotARealNight() async throws {
        try await Scenario(given: [], at: try EventFactory.instant(Self.evening))
            .when(LogBedtime(night: .demo, moment: .wentToBed))
            .thenRejected(.demoNightNotAllowed)
    }

    @Test func assigningAnAppAppendsTheAssignment() async throws {
        try await Scenario(given: [], at: try EventFactory.instant(Self.evening))
            .when(AssignAppTier(app: "  Reddit ", tier: .blockFirst))
            .then([.appTierAssigned(AppTierAssigned(app: "Reddit", tier: .blockFirst))]) { state in
                #expect(state.appTiers.apps(in: .blockFirst).last == "Reddit")
            }
    }

    @Test func assigningAnAppToItsTierAppendsNothing() async throws {
        let given = try EventFactory.event("g1", .appTierAssigned(AppTierAssigned(app: "Reddit", tier: .blockFirst)), at: "2026-11-30T20:00:00+01:00")
        try await Scenario(given: [given], at: try EventFactory.instant(Self.evening))
            .when(AssignAppTier(app: "Reddit", tier: .blockFirst))
            .then([])
    }

    @Test func anEmptyAppNameIsRejected() async throws {
        try await Scenario(given: [], at: try EventFactory.instant(Self.evening))
            .when(AssignAppTier(app: "   ", tier: .blockFirst))
            .thenRejected(.emptyAppName)
    }
}
