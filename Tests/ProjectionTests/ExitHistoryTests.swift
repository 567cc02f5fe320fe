import Events
import Projections
import Testing
import Views

/// docs/rules.md §3, folded from logs.
struct ExitHistoryTests {
    /// Night 2026-11-30: wind-down 19:45+01:00, bedtime 23:45, wake 07:45.
    static let tonight = "2026-11-30"

    static func exit(_ kind: String, at time: String, on nightText: String = tonight, returnedEarly: Bool = true) throws -> (EventPayload, String) {
        let night = try Night(text: nightText)
        let action = NightAction(night: night)
        let payload: EventPayload
        switch kind {
        case "request": payload = .exitRequested(action)
        case "cancel": payload = .exitCancelled(action)
        case "confirm": payload = .exitConfirmed(action)
        default: payload = .freeWindowUsed(FreeWindowUsed(night: night, returnedEarly: returnedEarly))
        }
        return (payload, time)
    }

    static func log(_ steps: [(EventPayload, String)]) throws -> PlanLog {
        var log = try NightPlansTests.sevenNightGoal()
        for (payload, at) in steps { try log.add(payload, at: at) }
        return log
    }

    @Test(arguments: [(1, 60, 600), (2, 180, 600), (3, 300, 300), (4, 600, 300), (5, 600, 300), (9, 600, 300)])
    func waitsAndWindowsEscalate(attempt: Int, wait: Int, window: Int) {
        #expect(ExitRules.waitSeconds(attempt: attempt) == wait)
        #expect(ExitRules.freeWindowSeconds(attempt: attempt) == window)
        #expect(ExitRules.waitSeconds(attempt: attempt, isDemo: true) == wait / 12)
        #expect(ExitRules.freeWindowSeconds(attempt: attempt, isDemo: true) == window / 12)
    }

    @Test func theFullEscalationOverFiveExitsWithACancelAndAnEarlyReturn() throws {
        let log = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),  // attempt 1: wait 60 s
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),  // window 600 s, expires 20:11
            try Self.exit("request", at: "2026-11-30T20:30:00+01:00"),  // attempt 2: wait 180 s
            try Self.exit("cancel", at: "2026-11-30T20:31:00+01:00"),
            try Self.exit("request", at: "2026-11-30T21:00:00+01:00"),  // attempt 2 again
            try Self.exit("confirm", at: "2026-11-30T21:03:00+01:00"),  // window 600 s
            try Self.exit("used", at: "2026-11-30T21:07:30+01:00"),     // back early after 270 s
            try Self.exit("request", at: "2026-11-30T21:30:00+01:00"),  // attempt 3: wait 300 s
            try Self.exit("confirm", at: "2026-11-30T21:35:00+01:00"),  // window 300 s, expires 21:40
            try Self.exit("request", at: "2026-11-30T22:00:00+01:00"),  // attempt 4: wait 600 s
            try Self.exit("confirm", at: "2026-11-30T22:10:00+01:00"),  // window 300 s
            try Self.exit("request", at: "2026-11-30T22:20:00+01:00"),  // attempt 5: wait 600 s
        ])
        let runner = try log.runner()
        #expect(runner.warnings.isEmpty)
        let now = try instant("2026-11-30T22:25:00+01:00")
        let records = runner.state.exits.records(for: try night(Self.tonight))
        #expect(records.map(\.attempt) == [1, 2, 2, 3, 4, 5])
        #expect(records.map(\.waitSeconds) == [60, 180, 180, 300, 600, 600])
        #expect(records.map(\.freeWindowSeconds) == [600, 600, 600, 300, 300, 300])
        #expect(records.map { $0.usedSeconds(at: now) } == [600, nil, 270, 300, 300, nil])
        #expect(records.map { $0.resumedAutomatically(at: now) } == [true, nil, false, true, true, nil])
        #expect(records[1].cancelledAt?.rfc3339 == "2026-11-30T20:31:00+01:00")
        let tonight = try #require(runner.state.tonight(at: now))
        #expect(tonight.phase == .exitWaiting)
        #expect(tonight.exit == TonightExit(attempt: 5, waitRemainingSeconds: 300, freeWindowRemainingSeconds: nil, confirmedTonight: 4))
        #expect(runner.state.confirmedExitsThisWeek(at: now) == 4)
    }

    /// docs/rules.md §3.1: prompt 4+'s N counts the exits confirmed so far, as of the
    /// moment shown, so during attempt k's free window it includes attempt k.
    @Test func theFourthPromptCountsTheExitWhoseWindowIsOpen() throws {
        let log = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
            try Self.exit("request", at: "2026-11-30T20:30:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:33:00+01:00"),
            try Self.exit("request", at: "2026-11-30T21:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T21:05:00+01:00"),
            try Self.exit("request", at: "2026-11-30T21:30:00+01:00"),  // attempt 4: wait 600 s
            try Self.exit("confirm", at: "2026-11-30T21:40:00+01:00"),  // window 300 s, to 21:45
            try Self.exit("request", at: "2026-11-30T22:00:00+01:00"),  // attempt 5
        ])
        let state = try log.state()
        func count(_ at: String) throws -> Int? { state.exitState(on: try night(Self.tonight), at: try instant(at))?.confirmedTonight }
        #expect(try count("2026-11-30T21:35:00+01:00") == 3, "waiting for the 4th: 3 so far")
        #expect(try count("2026-11-30T21:42:00+01:00") == 4, "in the 4th's window: 4")
        #expect(try count("2026-11-30T22:05:00+01:00") == 4, "waiting for the 5th: 4")
        let early = try log.state(asOf: "2026-11-30T21:42:00+01:00")
        #expect(early.tonight(at: try instant("2026-11-30T21:42:00+01:00"))?.exit?.confirmedTonight == 4)
    }

    @Test func confirmingOneSecondEarlyIsSkippedAndExactlyOnTimeIsAccepted() throws {
        let early = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:00:59+01:00"),
        ]).runner()
        #expect(early.warnings.all.map(\.seq) == [3])
        #expect(early.warnings.all.first?.message.contains("1 s before the wait ends") == true)
        #expect(early.state.exits.records(for: try night(Self.tonight)).first?.confirmedAt == nil)
        let onTime = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
        ]).runner()
        #expect(onTime.warnings.isEmpty)
        #expect(onTime.state.exits.records(for: try night(Self.tonight)).first?.confirmedAt?.rfc3339 == "2026-11-30T20:01:00+01:00")
    }

    @Test func anElapsedUnconfirmedWaitStaysWaitingWithZeroLeft() throws {
        let state = try Self.log([try Self.exit("request", at: "2026-11-30T20:00:00+01:00")]).state()
        let tonight = try #require(state.tonight(at: try instant("2026-11-30T20:30:00+01:00")))
        #expect(tonight.phase == .exitWaiting)
        #expect(tonight.exit?.waitRemainingSeconds == 0)
        #expect(tonight.blockedApps.count == 3, "apps stay blocked while waiting")
    }

    @Test func aFreeWindowExpiresWithoutAnEventAndAppsAreBlockedAgain() throws {
        let state = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
        ]).state()
        let open = try #require(state.tonight(at: try instant("2026-11-30T20:10:59+01:00")))
        #expect(open.phase == .freeWindow)
        #expect(open.blockedApps.isEmpty)
        #expect(open.exit?.freeWindowRemainingSeconds == 1)
        #expect(open.exit?.waitRemainingSeconds == nil)
        let over = try #require(state.tonight(at: try instant("2026-11-30T20:11:00+01:00")))
        #expect(over.phase == .windDown, "the window is over at exactly confirm + window")
        #expect(over.exit == nil)
        #expect(over.blockedApps.map(\.app) == ["Instagram", "TikTok", "YouTube"])
        let row = try #require(state.exits.records(for: try night(Self.tonight)).first)
        #expect(row.usedSeconds(at: try instant("2026-11-30T20:11:00+01:00")) == 600)
        #expect(row.resumedAutomatically(at: try instant("2026-11-30T20:11:00+01:00")) == true)
        #expect(row.resumedAutomatically(at: try instant("2026-11-30T20:05:00+01:00")) == nil, "null while open")
    }

    @Test func theWatchSummaryShowsTheExitState() throws {
        let log = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
        ])
        let waiting = try log.state(asOf: "2026-11-30T20:00:20+01:00").watchSummary(at: try instant("2026-11-30T20:00:20+01:00"))
        #expect(waiting.exitState == "waiting")
        #expect(waiting.exitSecondsRemaining == 40)
        #expect(waiting.blockingActive)
        let state = try log.state()
        let free = state.watchSummary(at: try instant("2026-11-30T20:02:00+01:00"))
        #expect(free.exitState == "freeWindow")
        #expect(free.exitSecondsRemaining == 540)
        #expect(!free.blockingActive, "nothing is blocked during a free window")
        #expect(state.watchSummary(at: try instant("2026-11-30T20:11:00+01:00")).exitState == "none")
    }

    @Test func theFreeWindowEndingReminderComesTwoMinutesBeforeTheEnd() throws {
        let state = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
        ]).state()
        let next = state.tonight(at: try instant("2026-11-30T20:05:00+01:00"))?.nextNotification
        #expect(next?.template == "free_window_ending")
        #expect(next?.fireAt.rfc3339 == "2026-11-30T20:09:00+01:00")
        #expect(next?.category == .freeWindowEnding)
        #expect(next?.haptic == .notification, "215 minutes before bedtime")
    }

    @Test func aLateFreeWindowUsedAtOrAfterTheEndResumedAutomatically() throws {
        let state = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
            try Self.exit("used", at: "2026-11-30T20:11:00+01:00", returnedEarly: true),
        ]).state()
        let row = try #require(state.exits.records(for: try night(Self.tonight)).first)
        let now = try instant("2026-11-30T21:00:00+01:00")
        #expect(row.usedSeconds(at: now) == 600)
        #expect(row.resumedAutomatically(at: now) == true, "whatever returnedEarly says")
    }

    @Test func countingResetsTheNextNight() throws {
        let state = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:00+01:00"),
            try Self.exit("request", at: "2026-12-01T20:00:00+01:00", on: "2026-12-01"),
        ]).state()
        let record = try #require(state.exits.records(for: try night("2026-12-01")).first)
        #expect(record.attempt == 1)
        #expect(record.waitSeconds == 60)
        #expect(state.nightPlans.plan(for: try date("2026-11-30"))?.status(at: try instant("2026-12-01T08:00:00+01:00")) == .optedOut)
        #expect(state.nightPlans.plan(for: try date("2026-12-01"))?.status(at: try instant("2026-12-02T08:00:00+01:00")) == .completed, "a request alone is not an opt-out")
    }

    @Test func anOfflineQueuedConfirmCountsAtItsInstant() throws {
        // The watch confirmed at 20:01 offline; the phone's later events reached the log first.
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.exitRequested(NightAction(night: try night(Self.tonight))), at: "2026-11-30T20:00:00+01:00")
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: try night(Self.tonight), item: "last_meal")), at: "2026-11-30T20:05:00+01:00")
        try log.add(.exitConfirmed(NightAction(night: try night(Self.tonight))), at: "2026-11-30T20:01:00+01:00", source: .watch)
        let runner = try log.runner()
        #expect(runner.warnings.isEmpty)
        #expect(runner.state.tonight(at: try instant("2026-11-30T20:05:00+01:00"))?.phase == .freeWindow)
        // As of seq 3 the log did not know the confirm yet.
        var known = ProjectionRunner<LogState>(position: ReplayPosition(untilSeq: 3))
        known.apply(contentsOf: EventOrdering.sorted(log.events))
        #expect(known.state.tonight(at: try instant("2026-11-30T20:05:00+01:00"))?.phase == .exitWaiting)
    }

    @Test func anEventMadeInvalidByAnEarlierDatedOneIsSkipped() throws {
        // A cancel at 20:02 arrives late, before a confirm at 20:01:30 in the file; by `at`
        // the confirm came first, so the cancel finds nothing waiting.
        let runner = try Self.log([
            try Self.exit("request", at: "2026-11-30T20:00:00+01:00"),
            try Self.exit("cancel", at: "2026-11-30T20:02:00+01:00"),
            try Self.exit("confirm", at: "2026-11-30T20:01:30+01:00"),
        ]).runner()
        #expect(runner.warnings.all.map(\.seq) == [3])
        #expect(runner.state.exits.records(for: try night(Self.tonight)).first?.confirmedAt != nil)
    }

    static let invalidSequences: [(String, [(kind: String, time: String)], skipped: Int)] = [
        ("a request before wind-down", [("request", "2026-11-30T19:44:59+01:00")], 2),
        ("a request after wake time", [("request", "2026-12-01T07:45:00+01:00")], 2),
        ("a second request while waiting", [("request", "2026-11-30T20:00:00+01:00"), ("request", "2026-11-30T20:00:30+01:00")], 3),
        ("a request while a window is open", [("request", "2026-11-30T20:00:00+01:00"), ("confirm", "2026-11-30T20:01:00+01:00"), ("request", "2026-11-30T20:05:00+01:00")], 4),
        ("a cancel with nothing waiting", [("cancel", "2026-11-30T20:00:00+01:00")], 2),
        ("a confirm with nothing waiting", [("confirm", "2026-11-30T20:00:00+01:00")], 2),
        ("a confirm after wake time", [("request", "2026-12-01T07:44:30+01:00"), ("confirm", "2026-12-01T07:45:30+01:00")], 3),
        ("a window closed that was never opened", [("request", "2026-11-30T20:00:00+01:00"), ("used", "2026-11-30T20:00:30+01:00")], 3),
    ]

    @Test(arguments: invalidSequences)
    func eventsThatBreakARuleAreSkippedWithAWarning(name: String, steps: [(kind: String, time: String)], skipped: Int) throws {
        let runner = try Self.log(try steps.map { try Self.exit($0.kind, at: $0.time) }).runner()
        #expect(runner.warnings.all.map(\.seq) == [skipped], "\(name)")
    }

    @Test func anEarlyStartOpensTheExitWindow() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.windDownStartedEarly(NightAction(night: try night(Self.tonight))), at: "2026-11-30T18:00:00+01:00")
        try log.add(.exitRequested(NightAction(night: try night(Self.tonight))), at: "2026-11-30T18:30:00+01:00")
        #expect(try log.runner().warnings.isEmpty)
    }

    @Test func theMorningPhaseHasNoExit() throws {
        let state = try Self.log([try Self.exit("request", at: "2026-12-01T07:40:00+01:00")]).state()
        let morning = try #require(state.tonight(at: try instant("2026-12-01T07:45:00+01:00")))
        #expect(morning.phase == .morning)
        #expect(morning.exit == nil)
    }

    @Test func aDemoNightDividesWaitsAndWindowsByTwelve() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.demoNightStarted(DemoNightStarted(compression: 60)), at: "2026-11-30T15:00:00+01:00", source: .demo)
        try log.add(.exitRequested(NightAction(night: .demo)), at: "2026-11-30T15:01:00+01:00", source: .demo)
        try log.add(.exitConfirmed(NightAction(night: .demo)), at: "2026-11-30T15:01:04+01:00", source: .demo)
        try log.add(.exitConfirmed(NightAction(night: .demo)), at: "2026-11-30T15:01:05+01:00", source: .demo)
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.seq) == [4], "4 s is before the 5 s wait ends")
        let record = try #require(runner.state.exits.records(for: .demo).first)
        #expect(record.waitSeconds == 5)
        #expect(record.freeWindowSeconds == 50)
        let tonight = try #require(runner.state.tonight(at: try instant("2026-11-30T15:01:30+01:00")))
        #expect(tonight.night == .demo)
        #expect(tonight.exit?.freeWindowRemainingSeconds == 25)
        #expect(tonight.nextNotification?.template == "free_window_ending")
        #expect(tonight.nextNotification?.fireAt.rfc3339 == "2026-11-30T15:01:45+01:00", "the 2-minute reminder ÷ 12 = 10 s before the end")
        #expect(runner.state.exits.realRecords.isEmpty, "demo exits never touch the real history")
        #expect(runner.state.confirmedExitsThisWeek(at: try instant("2026-11-30T15:01:30+01:00")) == 0)
    }
}
