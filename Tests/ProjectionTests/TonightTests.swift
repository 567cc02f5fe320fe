import Events
import Projections
import Testing
import Views

/// The tonight window, phases, early starts, pending notifications and demo nights.
struct TonightTests {
    @Test(arguments: [
        ("2026-11-30T18:44:59+01:00", nil as String?, nil as Tonight.Phase?),
        ("2026-11-30T18:45:00+01:00", "2026-11-30", .beforeWindDown),
        ("2026-11-30T19:45:00+01:00", "2026-11-30", .windDown),
        ("2026-11-30T23:45:00+01:00", "2026-11-30", .night),
        ("2026-12-01T07:45:00+01:00", "2026-11-30", .morning),
        ("2026-12-01T09:44:59+01:00", "2026-11-30", .morning),
        ("2026-12-01T09:45:00+01:00", nil, nil),
    ])
    func theWindowRunsFromAnHourBeforeWindDownToTwoHoursAfterWake(at text: String, night expected: String?, phase: Tonight.Phase?) throws {
        let state = try NightPlansTests.sevenNightGoal().state()
        let tonight = state.tonight(at: try instant(text))
        #expect(tonight?.night.text == expected)
        #expect(tonight?.phase == phase)
    }

    @Test func anEarlyStartOpensWindDownAndBlocksTheFirstTierAtOnce() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.windDownStartedEarly(NightAction(night: try night("2026-11-30"))), at: "2026-11-30T17:00:00+01:00", source: .watch)
        let state = try log.state()
        let tonight = try #require(state.tonight(at: try instant("2026-11-30T17:00:05+01:00")))
        #expect(tonight.phase == .windDown)
        #expect(tonight.blockedApps.map(\.app) == ["Instagram", "TikTok"])
        #expect(tonight.progress == 0, "the ring keeps the planned wind-down")
        #expect(tonight.checklist.first?.state == .locked, "checklist times keep the planned wind-down")
        #expect(tonight.plan.status(at: try instant("2026-11-30T17:00:05+01:00")) == .active)
    }

    @Test func theNextNotificationIsTheSoonestStrictlyAfterNowWithRemindersWinningTies() throws {
        let state = try NightPlansTests.sevenNightGoal().state()
        // At 19:30 a block warning fires; strictly after it comes the 19:40 warning.
        let tonight = try #require(state.tonight(at: try instant("2026-11-30T19:30:00+01:00")))
        #expect(tonight.nextNotification?.template == "block_warning")
        #expect(tonight.nextNotification?.fireAt.rfc3339 == "2026-11-30T19:40:00+01:00")
        // At 22:59 the next is `read` at 23:00, tied with the 15-minute block warning: the reminder wins.
        let later = try #require(state.tonight(at: try instant("2026-11-30T22:59:00+01:00")))
        #expect(later.nextNotification?.template == "read")
        #expect(later.nextNotification?.haptic == .click)
    }

    @Test func aReminderWhoseItemIsDoneIsNoLongerPending() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: try night("2026-11-30"), item: "last_water")), at: "2026-11-30T20:00:00+01:00")
        let state = try log.state()
        let pending = state.pendingNotifications(at: try instant("2026-11-30T20:00:00+01:00"))
        #expect(!pending.contains { $0.template == "last_water" && $0.night.text == "2026-11-30" })
        #expect(pending.contains { $0.template == "last_water" && $0.night.text == "2026-12-01" })
        let tonight = try #require(state.tonight(at: try instant("2026-11-30T20:00:00+01:00")))
        #expect(tonight.checklist.first { $0.item == "last_water" }?.state == .done, "done before its time")
    }

    @Test func pendingNotificationsAreCappedAtSixtyFourSoonestFirst() throws {
        let state = try NightPlansTests.sevenNightGoal().state()
        // Seven nights need 7 × (11 reminders + 4 block warnings) = 105 notifications.
        let pending = state.pendingNotifications(at: try instant("2026-11-30T12:00:00+01:00"))
        #expect(pending.count == 64)
        #expect(pending.map(\.fireAt.millisecondsSince1970) == pending.map(\.fireAt.millisecondsSince1970).sorted())
        #expect(pending.first?.template == "block_warning")
        #expect(Set(pending.map(\.category.rawValue)) == ["winddown_reminder", "block_warning"])
        let actions = PendingNotification.Category.allCases.flatMap(\.actions)
        #expect(!actions.contains { $0.lowercased().contains("snooze") })
        #expect(PendingNotification.Category.winddownReminder.actions == ["why", "done"])
        #expect(PendingNotification.Category.blockWarning.actions == ["ok"])
    }

    @Test func checklistEventsForUnknownItemsOrUnplannedNightsAreSkippedWithWarnings() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: try night("2026-11-30"), item: "brush_teeth")), at: "2026-11-30T20:00:00+01:00")
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: try night("2026-11-29"), item: "read")), at: "2026-11-30T20:00:00+01:00")
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: .demo, item: "read")), at: "2026-11-30T20:00:00+01:00")
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.seq) == [2, 3, 4])
    }

    @Test func aDemoNightIsCompressedAndLeftOutOfThePlans() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.demoNightStarted(DemoNightStarted(compression: 60)), at: "2026-11-30T15:00:00+01:00", source: .demo)
        let state = try log.state()
        let demo = try #require(state.demoNights.latest?.plan)
        #expect(demo.windDownStart.rfc3339 == "2026-11-30T15:00:00+01:00")
        #expect(demo.bedtimeAt.rfc3339 == "2026-11-30T15:04:00+01:00", "240 / 60 = 4 minutes")
        #expect(demo.wakeTime.rfc3339 == "2026-11-30T15:12:00+01:00", "480 / 60 = 8 minutes")
        let schedule = try #require(state.schedule(for: .demo))
        #expect(schedule.reminders.first?.fireAt.rfc3339 == "2026-11-30T15:00:00+01:00")
        #expect(schedule.reminders.first { $0.template.id == "screens_off" }?.fireAt.rfc3339 == "2026-11-30T15:03:00+01:00")
        #expect(schedule.shutdowns.map(\.blockedAt.rfc3339).prefix(2) == ["2026-11-30T15:00:00+01:00", "2026-11-30T15:00:04+01:00"], "the stagger stays 4 s")
        let tonight = try #require(state.tonight(at: try instant("2026-11-30T15:02:00+01:00")))
        #expect(tonight.night == .demo)
        #expect(tonight.phase == .windDown)
        #expect(tonight.ring == .yellow, "2 real minutes left are 120 plan minutes: the bands are divided by the compression")
        #expect(!state.nightPlans.plans(asOf: try instant("2026-11-30T15:02:00+01:00")).contains { $0.bedtimeAt == demo.bedtimeAt })
        #expect(state.nightPlans.plan(for: try date("2026-11-30"))?.bedtime.text == "23:45", "the real plan is untouched")
    }

    @Test func anInvalidDemoRestartKeepsTheDemoChecklist() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.demoNightStarted(DemoNightStarted()), at: "2026-11-30T15:00:00+01:00", source: .demo)
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: .demo, item: "last_meal")), at: "2026-11-30T15:00:30+01:00")
        try log.add(.demoNightStarted(DemoNightStarted(compression: 0)), at: "2026-11-30T15:01:00+01:00", source: .demo)
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.seq) == [4])
        #expect(runner.state.checklists.done(on: .demo) == ["last_meal"])
        // A valid restart starts a fresh checklist.
        try log.add(.demoNightStarted(DemoNightStarted(compression: 30)), at: "2026-11-30T15:02:00+01:00", source: .demo)
        #expect(try log.state().checklists.done(on: .demo).isEmpty)
    }

    @Test func aDemoNightInsideARealWindowWinsBecauseItsWindDownIsLater() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.demoNightStarted(DemoNightStarted()), at: "2026-11-30T21:00:00+01:00", source: .demo)
        let state = try log.state()
        #expect(state.tonight(at: try instant("2026-11-30T21:01:00+01:00"))?.night == .demo)
        #expect(state.tonight(at: try instant("2026-11-30T23:00:00+01:00"))?.night.text == "2026-11-30", "after the demo window closes")
    }

    @Test func theWatchSummaryCarriesTonightAndEncodesAsJSON() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: try night("2026-12-01"), item: "last_meal")), at: "2026-12-01T19:31:00+01:00")
        let state = try log.state()
        let summary = state.watchSummary(at: try instant("2026-12-01T19:40:00+01:00"))
        #expect(summary.night == "2026-12-01")
        #expect(summary.bedtime == "23:30")
        #expect(summary.windDownStart == "2026-12-01T19:30:00+01:00")
        #expect(summary.nightNumber == 2)
        #expect(summary.nightCount == 7)
        #expect(summary.sleepDebtMinutes == 0)
        #expect(summary.nextChecklistItems == ["stop_eating", "last_water", "warm_lighting"])
        #expect(summary.blockingActive)
        let data = try JSONEncoderForTests.encode(summary)
        #expect(try JSONDecoderForTests.decode(WatchSummary.self, from: data) == summary)
        let afterRamp = state.watchSummary(at: try instant("2026-12-09T12:00:00+01:00"))
        #expect(afterRamp.nightNumber == 7, "capped once the target is reached")
    }

    /// Night 2026-11-30 (bedtime 23:45) wakes at 07:45; its first three items were done.
    /// From its wake time on, the watch shows the coming night (2026-12-01, 23:30) and its
    /// first items, never last night's remaining ones (docs/rules.md §2.6, issue: tried at 07:45).
    @Test(arguments: [
        ("2026-12-01T07:44:59+01:00", "2026-11-30", ["warm_lighting", "wind_down", "screens_off"]),
        ("2026-12-01T07:45:00+01:00", "2026-12-01", ["last_meal", "stop_eating", "last_water"]),
        ("2026-12-01T09:00:00+01:00", "2026-12-01", ["last_meal", "stop_eating", "last_water"]),
    ])
    func inTheMorningTheWatchShowsTheComingNight(at text: String, night expected: String, items: [String]) throws {
        var log = try NightPlansTests.sevenNightGoal()
        for item in ["last_meal", "stop_eating", "last_water"] {
            try log.add(.checklistItemCompleted(ChecklistItemChange(night: try night("2026-11-30"), item: item)), at: "2026-11-30T20:00:00+01:00")
        }
        let now = try instant(text)
        let summary = try log.state(asOf: text).watchSummary(at: now)
        #expect(summary.night == expected)
        #expect(summary.nextChecklistItems == items)
        #expect(summary.bedtime == (expected == "2026-11-30" ? "23:45" : "23:30"))
    }
}
