import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over the nights the exit commands accept (a real planned night
/// within 2 days, or the demo night once one started), the demo night's waits ÷ 12, and
/// the commands' agreement with `ExitHistory.apply` over a sweep of instants.
struct ExitNightCommandTests {
    typealias F = NightPlanFixtures
    typealias X = ExitFixtures

    // MARK: Nights

    /// At 2026-11-30 20:00: 2026-12-03 is planned but 3 days ahead; 2026-11-28 is in range
    /// but before the goal's first night.
    @Test(arguments: X.commandNames, [
        ("2026-12-03", "nightOutOfRange", "a night from 2026-11-28 to 2026-12-02 is accepted"),
        ("2026-11-28", "nightNotPlanned", "night 2026-11-28 has no plan"),
    ])
    func aNightOutOfRangeOrUnplannedIsRejected(command name: String, night: (text: String, rule: String, message: String)) async throws {
        try await Scenario(given: try X.log(X.twoConfirmed), at: try F.instant("2026-11-30T21:05:00+01:00"))
            .when(X.command(name, night: try F.night(night.text)))
            .thenRejected(CommandError.Rule(rawValue: night.rule), messageContains: night.message)
    }

    @Test(arguments: X.commandNames)
    func withoutAnyGoalNoNightIsPlanned(command name: String) async throws {
        try await Scenario(given: [], at: try F.instant("2026-11-30T20:00:00+01:00"))
            .when(X.command(name, night: try F.night(X.tonight)))
            .thenRejected(.nightNotPlanned, messageContains: "night 2026-11-30 has no plan")
    }

    // MARK: The demo night

    @Test(arguments: X.commandNames)
    func theDemoNightBeforeAnyDemoStartedIsRejected(command name: String) async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant("2026-11-30T20:00:00+01:00"))
            .when(X.command(name, night: .demo))
            .thenRejected(.noDemoNight, messageContains: "no demo night has started")
    }

    /// The demo night's attempt 1 waits 60 s ÷ 12 = 5 s; its exits are its own.
    @Test func aDemoExitWaitsFiveSeconds() async throws {
        let now = try F.instant("2026-11-30T15:01:00+01:00")
        let real = try F.night(X.tonight)
        try await Scenario(given: [try F.goalEvent(), try X.demoStarted()], at: now)
            .when(RequestExit(night: .demo))
            .thenFolded(.exitRequested(NightAction(night: .demo))) { state in
                #expect(state.exitState(on: .demo, at: now)?.waitRemainingSeconds == 5)
                #expect(state.tonight(at: now)?.night == .demo)
                #expect(state.tonight(at: now)?.phase == .exitWaiting)
                #expect(state.exits.records(for: real).isEmpty)
            }
    }

    @Test func confirmingADemoExitAtFourSecondsIsRejectedWithOneSecondRemaining() async throws {
        let given = [try F.goalEvent(), try X.demoStarted(), try X.exit("request", at: "2026-11-30T15:01:00+01:00", night: "demo")]
        let outcome = try await Scenario(given: given, at: try F.instant("2026-11-30T15:01:04+01:00"))
            .when(ConfirmExit(night: .demo))
            .thenRejected(.waitNotOver, messageContains: "the mindful wait of attempt 1 on the demo night ends at 2026-11-30 15:01:05, 1 s from now")
        #expect(outcome.commandError?.secondsRemaining == 1)
    }

    /// At 5 s the demo exit is confirmed and grants 600 s ÷ 12 = 50 s; "I'm back" ends it.
    @Test func confirmingADemoExitAtFiveSecondsOpensAFiftySecondWindow() async throws {
        let now = try F.instant("2026-11-30T15:01:05+01:00")
        let given = [try F.goalEvent(), try X.demoStarted(), try X.exit("request", at: "2026-11-30T15:01:00+01:00", night: "demo")]
        try await Scenario(given: given, at: now)
            .when(ConfirmExit(night: .demo))
            .thenFolded(.exitConfirmed(NightAction(night: .demo))) { state in
                #expect(state.exitState(on: .demo, at: now)?.freeWindowRemainingSeconds == 50)
                #expect(state.tonight(at: now)?.phase == .freeWindow)
                #expect(F.plan(state, X.tonight)?.hasConfirmedExit == false)
            }
        let confirmed = given + [try X.exit("confirm", at: "2026-11-30T15:01:05+01:00", night: "demo")]
        try await Scenario(given: confirmed, at: try F.instant("2026-11-30T15:01:30+01:00"))
            .when(EndFreeWindow(night: .demo))
            .thenFolded(.freeWindowUsed(FreeWindowUsed(night: .demo, returnedEarly: true)))
        try await Scenario(given: confirmed, at: try F.instant("2026-11-30T15:01:55+01:00"))
            .when(EndFreeWindow(night: .demo))
            .thenRejected(.noFreeWindowOpen, messageContains: "it ran out at 2026-11-30 15:01:55")
    }

    /// The demo night (wind-down 15:00, bedtime 15:04, wake 15:12) takes exits until its wake time.
    @Test func aDemoExitAfterTheDemoWakeTimeIsRejected() async throws {
        try await Scenario(given: [try F.goalEvent(), try X.demoStarted()], at: try F.instant("2026-11-30T15:12:00+01:00"))
            .when(RequestExit(night: .demo))
            .thenRejected(.outsideExitWindow, messageContains: "exits of the demo night can be requested from its wind-down, 2026-11-30 15:00, until the shields lift at its wake time, 2026-11-30 15:12")
    }

    // MARK: Agreement with ExitHistory.apply

    /// The logs of the sweep: night 2026-11-30 with nothing, a waiting exit, an open window,
    /// a window ended early, a cancel, an early start.
    static let sweepLogs: [[(String, String)]] = [
        [],
        [("request", "2026-11-30T20:00:00+01:00")],
        [("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")],
        [("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00"), ("end", "2026-11-30T20:03:00+01:00")],
        [("request", "2026-11-30T20:00:00+01:00"), ("cancel", "2026-11-30T20:00:30+01:00")],
        X.twoConfirmed + [("request", "2026-11-30T22:00:00+01:00")],
    ]

    static let sweepInstants = [
        "2026-11-30T12:00:00+01:00", "2026-11-30T19:44:59.999+01:00", "2026-11-30T19:45:00+01:00",
        "2026-11-30T20:00:30+01:00", "2026-11-30T20:00:59.999+01:00", "2026-11-30T20:01:00+01:00",
        "2026-11-30T20:03:00+01:00", "2026-11-30T20:05:00+01:00", "2026-11-30T20:10:59.999+01:00",
        "2026-11-30T20:11:00+01:00", "2026-11-30T22:04:59.999+01:00", "2026-11-30T22:05:00+01:00",
        "2026-11-30T23:45:00+01:00", "2026-12-01T07:44:59.999+01:00", "2026-12-01T07:45:00+01:00",
        "2026-12-01T11:00:00+01:00", "2026-12-03T12:00:00+01:00",
    ]

    /// Request, cancel and confirm are accepted exactly when `ExitHistory.apply` accepts
    /// their event at that instant; "I'm back" only when the projection accepts it too
    /// (the command is stricter: it refuses a window that ran out, which the projection
    /// folds as resumed automatically).
    @Test(arguments: Self.sweepLogs)
    func theCommandsAgreeWithTheProjection(steps: [(String, String)]) async throws {
        let night = try F.night(X.tonight)
        let last = try steps.last.map { try F.instant($0.1) } ?? F.instant(F.goalSetAt)
        var decided: (accepted: Int, rejected: Int) = (0, 0)
        for text in Self.sweepInstants {
            let now = try F.instant(text)
            guard now.millisecondsSince1970 >= last.millisecondsSince1970 else { continue }
            for name in X.commandNames {
                let outcome = try await Scenario(given: try X.log(steps), at: now).when(X.command(name, night: night))
                let payload = X.payload(name, night: night)
                let skips = outcome.projectionSkips(payload)
                switch outcome.result {
                case .success:
                    decided.accepted += 1
                    #expect(!skips, "\(name) at \(text): the command accepted what the projection skips")
                    #expect(outcome.after.warnings == outcome.before.warnings, "\(name) at \(text)")
                case .failure:
                    decided.rejected += 1
                    #expect(outcome.appended.isEmpty)
                    if name != "end" {
                        #expect(skips, "\(name) at \(text): the command rejected what the projection accepts: \(String(describing: outcome.commandError))")
                    }
                }
            }
        }
        #expect(decided.accepted > 0 && decided.rejected > 0, "the sweep decided \(decided)")
    }
}
