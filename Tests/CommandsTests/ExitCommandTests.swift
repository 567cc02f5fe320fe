import Commands
import Events
import Projections
import Testing
import TestSupport

/// Given / when / then over the mindful exit (`RequestExit`, `CancelExit`, `ConfirmExit`,
/// `EndFreeWindow`; docs/rules.md §3), on the fixture goal's
/// night 2026-11-30 (wind-down 19:45+01:00, bedtime 23:45, wake 07:45).
struct ExitCommandTests {
    typealias F = NightPlanFixtures
    typealias X = ExitFixtures

    // MARK: RequestExit: the window

    @Test(arguments: ["2026-11-30T19:45:00+01:00", "2026-11-30T23:50:00+01:00", "2026-12-01T07:44:59+01:00"])
    func anExitCanBeRequestedFromWindDownUntilWakeTime(at text: String) async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant(text)
        try await Scenario(given: [try F.goalEvent()], at: now)
            .when(RequestExit(night: night))
            .thenFolded(.exitRequested(NightAction(night: night))) { state in
                #expect(state.exitState(on: night, at: now) == TonightExit(attempt: 1, waitRemainingSeconds: 60, freeWindowRemainingSeconds: nil, confirmedTonight: 0))
                #expect(state.tonight(at: now)?.phase == .exitWaiting)
                #expect(state.exits.records(for: night).map(\.requestedAt) == [now])
            }
    }

    @Test(arguments: [
        ("2026-11-30", "2026-11-30T19:44:59+01:00", "its wind-down has not started yet; exits of night 2026-11-30 can be requested from its wind-down, 2026-11-30 19:45, until the shields lift at its wake time, 2026-12-01 07:45"),
        ("2026-11-30", "2026-11-30T12:00:00+01:00", "its wind-down has not started yet"),
        ("2026-11-30", "2026-12-01T07:45:00+01:00", "the shields lifted at its wake time; exits of night 2026-11-30 can be requested from its wind-down, 2026-11-30 19:45, until the shields lift at its wake time, 2026-12-01 07:45"),
        ("2026-11-30", "2026-12-01T09:00:00+01:00", "the shields lifted at its wake time"),
        ("2026-12-01", "2026-11-30T20:00:00+01:00", "from its wind-down, 2026-12-01 19:30, until the shields lift at its wake time, 2026-12-02 07:30"),
    ])
    func anExitOutsideWindDownToWakeTimeIsRejectedNamingTheWindow(night: String, at text: String, message: String) async throws {
        try await Scenario(given: [try F.goalEvent()], at: try F.instant(text))
            .when(RequestExit(night: try F.night(night)))
            .thenRejected(.outsideExitWindow, messageContains: message)
    }

    /// After "start wind-down now" the exit window opens at the early start, before the
    /// planned wind-down (docs/rules.md §3.2, `windDownStartedEarly`).
    @Test func anEarlyStartOpensTheExitWindowBeforeThePlannedWindDown() async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant("2026-11-30T18:45:00+01:00")
        let early = try F.event("given-early", .windDownStartedEarly(NightAction(night: night)), at: "2026-11-30T18:30:00+01:00")
        try await Scenario(given: [try F.goalEvent(), early], at: now)
            .when(RequestExit(night: night))
            .thenFolded(.exitRequested(NightAction(night: night))) { state in
                #expect(state.tonight(at: now)?.phase == .exitWaiting)
                #expect(state.exitState(on: night, at: now)?.waitRemainingSeconds == 60)
            }
    }

    @Test func afterAnEarlyStartTheRejectionNamesTheEarlyStart() async throws {
        let night = try F.night(X.tonight)
        let early = try F.event("given-early", .windDownStartedEarly(NightAction(night: night)), at: "2026-11-30T18:30:00+01:00")
        try await Scenario(given: [try F.goalEvent(), early], at: try F.instant("2026-12-01T08:00:00+01:00"))
            .when(RequestExit(night: night))
            .thenRejected(.outsideExitWindow, messageContains: "from its wind-down, 2026-11-30 18:30, until the shields lift at its wake time, 2026-12-01 07:45")
    }

    // MARK: RequestExit: one exit at a time

    /// An elapsed but unanswered wait still waits (docs/rules.md §3.4).
    @Test(arguments: ["2026-11-30T20:00:30+01:00", "2026-11-30T20:01:00+01:00", "2026-11-30T22:00:00+01:00"])
    func aSecondRequestWhileOneWaitsIsRejected(at text: String) async throws {
        try await Scenario(given: try X.log([("request", "2026-11-30T20:00:00+01:00")]), at: try F.instant(text))
            .when(RequestExit(night: try F.night(X.tonight)))
            .thenRejected(.exitAlreadyWaiting, messageContains: "already waiting (attempt 1, requested at 2026-11-30 20:00); answer it first: \"never mind\" at any time, or \"continue anyway\" from 2026-11-30 20:01")
    }

    @Test(arguments: ["2026-11-30T20:01:00+01:00", "2026-11-30T20:05:00+01:00", "2026-11-30T20:10:59.999+01:00"])
    func aRequestWhileAFreeWindowIsOpenIsRejectedSayingWhenItEnds(at text: String) async throws {
        let given = try X.log([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")])
        try await Scenario(given: given, at: try F.instant(text))
            .when(RequestExit(night: try F.night(X.tonight)))
            .thenRejected(.freeWindowOpen, messageContains: "a free window of night 2026-11-30 is open until 2026-11-30 20:11")
    }

    /// The window of attempt 1 (600 s from 20:01) is over at exactly 20:11, without any
    /// event; the next request is attempt 2 and waits 3 minutes.
    @Test(arguments: ["2026-11-30T20:11:00+01:00", "2026-11-30T21:30:00+01:00"])
    func aRequestAfterTheWindowRanOutIsAttemptTwo(at text: String) async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant(text)
        let given = try X.log([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")])
        try await Scenario(given: given, at: now)
            .when(RequestExit(night: night))
            .thenFolded(.exitRequested(NightAction(night: night))) { state in
                #expect(state.exitState(on: night, at: now) == TonightExit(attempt: 2, waitRemainingSeconds: 180, freeWindowRemainingSeconds: nil, confirmedTonight: 1))
            }
    }

    @Test func aRequestAfterEndingTheWindowEarlyIsAccepted() async throws {
        let night = try F.night(X.tonight)
        let given = try X.log([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00"), ("end", "2026-11-30T20:03:00+01:00")])
        try await Scenario(given: given, at: try F.instant("2026-11-30T20:04:00+01:00"))
            .when(RequestExit(night: night))
            .thenFolded(.exitRequested(NightAction(night: night))) { state in
                #expect(state.exits.records(for: night).last?.attempt == 2)
            }
    }

    /// A cancelled exit is not confirmed: the next request is attempt 1 again.
    @Test func aRequestAfterACancelIsAcceptedWithoutEscalating() async throws {
        let night = try F.night(X.tonight)
        let given = try X.log([("request", "2026-11-30T20:00:00+01:00"), ("cancel", "2026-11-30T20:00:30+01:00")])
        try await Scenario(given: given, at: try F.instant("2026-11-30T20:05:00+01:00"))
            .when(RequestExit(night: night))
            .thenFolded(.exitRequested(NightAction(night: night))) { state in
                #expect(state.exits.records(for: night).map(\.attempt) == [1, 1])
                #expect(state.exits.records(for: night).last?.waitSeconds == 60)
            }
    }

    // MARK: Escalation through the commands

    @Test func afterTwoConfirmedExitsARequestIsAttemptThreeWithAFiveMinuteWait() async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant("2026-11-30T22:00:00+01:00")
        try await Scenario(given: try X.log(X.twoConfirmed), at: now)
            .when(RequestExit(night: night))
            .thenFolded(.exitRequested(NightAction(night: night))) { state in
                #expect(state.exitState(on: night, at: now) == TonightExit(attempt: 3, waitRemainingSeconds: 300, freeWindowRemainingSeconds: nil, confirmedTonight: 2))
            }
    }

    /// Attempt 3 (requested 22:00) waits 300 s: seconds remaining are rounded up.
    @Test(arguments: [
        ("2026-11-30T22:00:00+01:00", 300), ("2026-11-30T22:02:30.500+01:00", 150),
        ("2026-11-30T22:04:59+01:00", 1), ("2026-11-30T22:04:59.999+01:00", 1),
    ])
    func confirmingAttemptThreeBeforeFiveMinutesIsRejectedWithTheSecondsRemaining(at text: String, remaining: Int) async throws {
        let given = try X.log(X.twoConfirmed + [("request", "2026-11-30T22:00:00+01:00")])
        let outcome = try await Scenario(given: given, at: try F.instant(text))
            .when(ConfirmExit(night: try F.night(X.tonight)))
            .thenRejected(.waitNotOver, messageContains: "the mindful wait of attempt 3 on night 2026-11-30 ends at 2026-11-30 22:05, \(remaining) s from now; \"continue anyway\" is accepted from then on")
        #expect(outcome.commandError?.secondsRemaining == remaining)
    }

    /// Confirming exactly at request + wait is valid (docs/rules.md §3.2); attempt 3 grants 5 minutes.
    @Test(arguments: ["2026-11-30T22:05:00+01:00", "2026-11-30T22:30:00+01:00"])
    func confirmingAttemptThreeFromFiveMinutesOpensAFiveMinuteWindow(at text: String) async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant(text)
        let given = try X.log(X.twoConfirmed + [("request", "2026-11-30T22:00:00+01:00")])
        try await Scenario(given: given, at: now)
            .when(ConfirmExit(night: night))
            .thenFolded(.exitConfirmed(NightAction(night: night))) { state in
                #expect(state.exitState(on: night, at: now)?.freeWindowRemainingSeconds == 300)
                #expect(state.tonight(at: now)?.phase == .freeWindow)
                #expect(state.tonight(at: now)?.blockedApps.isEmpty == true)
                #expect(state.exits.confirmedCount(on: night) == 3)
                #expect(F.plan(state, X.tonight)?.hasConfirmedExit == true)
            }
    }

    @Test func onlyAnEarlyConfirmCarriesSecondsRemaining() async throws {
        // The typed field belongs to `.waitNotOver` only; the existing initializer leaves it nil.
        #expect(CommandError(rule: .noExitWaiting, message: "m").secondsRemaining == nil)
        let outcome = try await Scenario(given: try X.log([]), at: try F.instant("2026-11-30T20:00:00+01:00"))
            .when(ConfirmExit(night: try F.night(X.tonight)))
            .thenRejected(.noExitWaiting)
        #expect(outcome.commandError?.secondsRemaining == nil)
    }

    /// Decision (as `ExitHistory.apply`, which checks the exit window only for requests): a
    /// wait still open at wake time can be confirmed after it, and the night ends `optedOut`.
    @Test func aWaitStillOpenAtWakeTimeCannotBeConfirmedAfterIt() async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant("2026-12-01T08:00:00+01:00")
        try await Scenario(given: try X.log([("request", "2026-12-01T07:44:30+01:00")]), at: now)
            .when(ConfirmExit(night: night))
            .thenRejected(.nightOver, messageContains: "the shields lifted at 2026-12-01 07:45")
    }

    // MARK: ConfirmExit: nothing waiting

    @Test(arguments: [
        ([(String, String)](), "no exit was requested"),
        ([("request", "2026-11-30T20:00:00+01:00"), ("cancel", "2026-11-30T20:00:30+01:00")], "its latest exit was cancelled at 2026-11-30 20:00:30"),
        ([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")], "its latest exit was confirmed at 2026-11-30 20:01"),
    ])
    func confirmingWithNothingWaitingIsRejected(steps: [(String, String)], reason: String) async throws {
        try await Scenario(given: try X.log(steps), at: try F.instant("2026-11-30T20:05:00+01:00"))
            .when(ConfirmExit(night: try F.night(X.tonight)))
            .thenRejected(.noExitWaiting, messageContains: "no exit of night 2026-11-30 is waiting (\(reason)); \"continue anyway\" answers an exit requested and not yet cancelled or confirmed")
    }

    // MARK: CancelExit

    /// "Never mind" is valid while waiting, also once the wait has elapsed unconfirmed, and
    /// (like the projection) after wake time.
    @Test(arguments: ["2026-11-30T20:00:30+01:00", "2026-11-30T20:01:00+01:00", "2026-11-30T23:00:00+01:00", "2026-12-01T08:00:00+01:00"])
    func cancellingAWaitingExitIsAccepted(at text: String) async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant(text)
        try await Scenario(given: try X.log([("request", "2026-11-30T20:00:00+01:00")]), at: now)
            .when(CancelExit(night: night))
            .thenFolded(.exitCancelled(NightAction(night: night))) { state in
                #expect(state.exitState(on: night, at: now) == nil)
                #expect(state.exits.records(for: night).last?.cancelledAt == now)
                #expect(state.exits.confirmedCount(on: night) == 0)
                #expect(state.tonight(at: now)?.phase != .exitWaiting)
            }
    }

    @Test(arguments: [
        ([(String, String)](), "no exit was requested"),
        ([("request", "2026-11-30T20:00:00+01:00"), ("cancel", "2026-11-30T20:00:30+01:00")], "its latest exit was cancelled at 2026-11-30 20:00:30"),
        ([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")], "its latest exit was confirmed at 2026-11-30 20:01"),
    ])
    func cancellingWithNothingWaitingIsRejected(steps: [(String, String)], reason: String) async throws {
        try await Scenario(given: try X.log(steps), at: try F.instant("2026-11-30T20:05:00+01:00"))
            .when(CancelExit(night: try F.night(X.tonight)))
            .thenRejected(.noExitWaiting, messageContains: "no exit of night 2026-11-30 is waiting (\(reason)); \"never mind\" answers")
    }

    // MARK: EndFreeWindow

    @Test(arguments: ["2026-11-30T20:01:00+01:00", "2026-11-30T20:05:00+01:00", "2026-11-30T20:10:59+01:00"])
    func endingAnOpenFreeWindowBlocksTheAppsAgain(at text: String) async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant(text)
        let given = try X.log([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")])
        let outcome = try await Scenario(given: given, at: now)
            .when(EndFreeWindow(night: night))
            .thenFolded(.freeWindowUsed(FreeWindowUsed(night: night, returnedEarly: true))) { state in
                let tonight = state.tonight(at: now)
                #expect(tonight?.phase == .windDown)
                #expect(tonight?.exit == nil)
                #expect(tonight?.blockedApps.isEmpty == false)
                #expect(state.exits.records(for: night).last?.resumedAutomatically(at: now) == false)
                #expect(!state.pendingNotifications(at: now).contains { $0.kind == .freeWindowEnding })
            }
        #expect(outcome.before.state.tonight(at: now)?.phase == .freeWindow)
        #expect(outcome.before.state.tonight(at: now)?.blockedApps.isEmpty == true)
    }

    @Test(arguments: [
        ([(String, String)](), "2026-11-30T20:05:00+01:00", "no exit was requested"),
        ([("request", "2026-11-30T20:00:00+01:00")], "2026-11-30T20:05:00+01:00", "its latest exit is still waiting for \"continue anyway\""),
        ([("request", "2026-11-30T20:00:00+01:00"), ("cancel", "2026-11-30T20:00:30+01:00")], "2026-11-30T20:05:00+01:00", "its latest exit was cancelled"),
        ([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00"), ("end", "2026-11-30T20:03:00+01:00")], "2026-11-30T20:05:00+01:00", "it was ended at 2026-11-30 20:03"),
        ([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")], "2026-11-30T20:11:00+01:00", "it ran out at 2026-11-30 20:11 and closed by itself"),
        ([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")], "2026-11-30T21:00:00+01:00", "it ran out at 2026-11-30 20:11 and closed by itself"),
    ])
    func endingAFreeWindowThatIsNotOpenIsRejected(steps: [(String, String)], at text: String, reason: String) async throws {
        try await Scenario(given: try X.log(steps), at: try F.instant(text))
            .when(EndFreeWindow(night: try F.night(X.tonight)))
            .thenRejected(.noFreeWindowOpen, messageContains: "no free window of night 2026-11-30 is open (\(reason)); \"I'm back\" is accepted from \"continue anyway\" until the window runs out")
    }

    /// A window that ran out needs no event: the state derives it, as "resumed automatically".
    @Test func aWindowThatRanOutIsOverWithoutAnyEvent() async throws {
        let night = try F.night(X.tonight)
        let now = try F.instant("2026-11-30T20:11:00+01:00")
        let given = try X.log([("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00")])
        let outcome = try await Scenario(given: given, at: now)
            .when(EndFreeWindow(night: night))
            .thenRejected(.noFreeWindowOpen)
        let state = outcome.after.state
        #expect(state.tonight(at: now)?.phase == .windDown)
        #expect(state.exits.records(for: night).last?.resumedAutomatically(at: now) == true)
        #expect(state.exits.records(for: night).last?.usedSeconds(at: now) == 600)
    }
}
