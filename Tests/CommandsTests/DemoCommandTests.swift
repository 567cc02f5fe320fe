import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over `StartDemoNight` (docs/rules.md §4 and §8.4).
struct DemoCommandTests {
    typealias F = NightPlanFixtures
    static let now = "2026-11-30T15:00:00+01:00"

    @Test(arguments: [1, 60, 3600])
    func aCompressionFrom1To3600StartsADemoNight(compression: Int) async throws {
        let instant = try F.instant(Self.now)
        try await Scenario(given: [], at: instant)
            .when(StartDemoNight(compression: compression))
            .then([.demoNightStarted(DemoNightStarted(compression: compression))]) { state in
                #expect(state.demoNights.latest?.compression == compression)
                #expect(state.tonightNight(at: instant) == .demo)
            }
    }

    /// Decision: no compression means the default 60, written as absent.
    @Test func noCompressionMeansSixty() async throws {
        let instant = try F.instant(Self.now)
        try await Scenario(given: [], at: instant)
            .when(StartDemoNight())
            .then([.demoNightStarted(DemoNightStarted())]) { state in
                #expect(state.demoNights.latest?.compression == 60)
                #expect(state.demoNights.latest?.plan.bedtimeAt.rfc3339 == "2026-11-30T15:04:00+01:00")
            }
    }

    @Test(arguments: [0, -1, 3601])
    func aCompressionOutside1To3600IsRejected(compression: Int) async throws {
        try await Scenario(given: [], at: try F.instant(Self.now))
            .when(StartDemoNight(compression: compression))
            .thenRejected(.compressionOutOfRange, messageContains: "compression \(compression) is outside 1–3600")
    }

    @Test func aNewDemoNightReplacesTheLastWithAFreshChecklist() async throws {
        let demo = try F.event("given-demo", .demoNightStarted(DemoNightStarted()), at: "2026-11-30T14:50:00+01:00")
        let done = try F.event("given-done", .checklistItemCompleted(ChecklistItemChange(night: .demo, item: "last_meal")), at: "2026-11-30T14:51:00+01:00")
        try await Scenario(given: [demo, done], at: try F.instant(Self.now))
            .when(StartDemoNight(compression: 120))
            .then([.demoNightStarted(DemoNightStarted(compression: 120))]) { state in
                #expect(state.demoNights.latest?.start.id == "when-1")
                #expect(state.checklists.done(on: .demo).isEmpty)
            }
    }
}
