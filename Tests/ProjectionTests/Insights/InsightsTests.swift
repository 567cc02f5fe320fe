import Events
import Projections
import StrictJSON
import Testing
import Views

/// docs/rules.md §9: the coach's figures, each against numbers worked out by hand.
@Suite("Insights: the coach")
struct InsightsTests {
    /// Monday 2026-11-02 to Sunday 2026-11-15: work nights (the next day Monday–Friday) in
    /// bed 23:30 → 07:00 (7 h 30, mid-sleep 03:15), the two Friday and two Saturday nights
    /// 01:00 → 09:30 (8 h 30, mid-sleep 05:15). A goal 23:30 → 23:00 plans every night.
    static func fortnight(skip: Set<String> = [], asleepMinutes: Int? = nil) throws -> PlanLog {
        var log = PlanLog()
        try log.goal("23:30", "23:00", days: 3, firstNight: "2026-11-02", at: "2026-11-01T20:00:00+01:00")
        var night = try date("2026-11-02")
        while night <= (try date("2026-11-15")) {
            defer { night = night.adding(days: 1) }
            if skip.contains(night.iso) { continue }
            let free = [6, 7].contains(night.adding(days: 1).weekday)
            let start = free ? try instant("\(night.adding(days: 1).iso)T01:00:00+01:00") : try instant("\(night.iso)T23:30:00+01:00")
            let length = Int64(asleepMinutes ?? (free ? 510 : 450)) * 60
            let end = start.adding(seconds: length)
            let sample = SleepSampleIngested(sampleId: "s-\(night.iso)", stage: .asleep, start: start, end: end, timeZone: "Europe/Berlin", sourceName: "Watch")
            try log.add(.sleepSampleIngested(sample), at: end.adding(seconds: 600).rfc3339)
        }
        return log
    }

    static let asOf = "2026-11-16T12:00:00+01:00"

    @Test func theBodyClockOfWorkAndFreeNights() throws {
        let insights = try Self.fortnight().state().insights(at: try instant(Self.asOf))
        #expect(insights.window.from.iso == "2026-10-20" && insights.window.to.iso == "2026-11-16")
        #expect(insights.window.nights == 14)
        let clock = insights.bodyClock
        #expect(clock.workNights == 10 && clock.freeNights == 4)
        #expect(clock.workMidSleep == 915, "03:15 is 915 minutes after noon")
        #expect(clock.freeMidSleep == 1035)
        #expect(clock.socialJetlagMinutes == 120)
        // SDweek = (5·450 + 2·510) ÷ 7 = 467.14…; MSFsc = 1035 − (510 − 467.14…) ÷ 2 = 1013.57… → 04:54.
        let chronotype = try #require(clock.chronotype)
        #expect(abs(chronotype - (1035 - (510 - (5.0 * 450 + 2 * 510) / 7) / 2)) < 1e-9)
        #expect(Insights.clockText(minutesAfterNoon: chronotype) == "04:54")
        #expect(Insights.clockText(minutesAfterNoon: 915) == "03:15")
    }

    @Test func fewerThanTwoNightsOfAKindMakeItsFiguresNull() throws {
        // Only one free night left (the Saturday of the second week).
        let insights = try Self.fortnight(skip: ["2026-11-06", "2026-11-07", "2026-11-13"]).state().insights(at: try instant(Self.asOf))
        #expect(insights.bodyClock.freeNights == 1)
        #expect(insights.bodyClock.freeMidSleep == nil)
        #expect(insights.bodyClock.workMidSleep == 915)
        #expect(insights.bodyClock.socialJetlagMinutes == nil)
        #expect(insights.bodyClock.chronotype == nil)
    }

    @Test func aBedtimeToAimForFromTheUsualWakeAndTheSleepNeed() throws {
        let bedtime = try Self.fortnight().state().insights(at: try instant(Self.asOf)).bedtime
        // Usual wake 07:00 (work nights); usual bedtime: the median onset of 10 × 23:30 and 4 × 01:00 is 23:30.
        #expect(bedtime.usualWake == 1140)
        #expect(bedtime.usualBedtime == 690)
        // 07:00 − 480 − 15 = 22:45 (already a multiple of 5); 23:30 → 22:45 is 45 min, 15 a night over 3 nights.
        #expect(bedtime.suggestedTarget?.text == "22:45")
        #expect(bedtime.suggestedGoal?.currentBedtime.text == "23:30")
        #expect(bedtime.suggestedGoal?.targetBedtime.text == "22:45")
        #expect(bedtime.suggestedGoal?.days == 3)
    }

    @Test func aBedtimeNeedsFiveWorkNightsAndAShiftOfFifteenMinutes() throws {
        let few = try Self.fortnight(skip: ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-09", "2026-11-10"]).state()
        let none = few.insights(at: try instant(Self.asOf)).bedtime
        #expect(none.usualBedtime == nil && none.usualWake == nil && none.suggestedTarget == nil && none.suggestedGoal == nil)
        // A sleep need of 510 puts the target at 22:15; of 420 at 23:45, later than 23:30: no goal.
        var later = try Self.fortnight()
        try later.goal("23:30", "23:00", days: 3, firstNight: "2026-11-16", sleepNeed: 420, at: "2026-11-16T10:00:00+01:00")
        let bedtime = try later.state().insights(at: try instant(Self.asOf)).bedtime
        #expect(bedtime.suggestedTarget?.text == "23:45")
        #expect(bedtime.suggestedGoal == nil)
    }

    /// The reminder `stop_eating` (3 h before bedtime, 20:00 at a 23:00 bedtime) over the
    /// fortnight: its item done before the reminder on 11 nights, after it on 1, not done
    /// with a dismissal on 1, ignored on 1.
    static func habits() throws -> PlanLog {
        var log = try fortnight()
        var night = try date("2026-11-02")
        var index = 0
        while night <= (try date("2026-11-15")) {
            defer {
                night = night.adding(days: 1)
                index += 1
            }
            let done = ChecklistItemChange(night: .date(night), item: "stop_eating")
            switch index {
            case 0..<11: try log.add(.checklistItemCompleted(done), at: "\(night.iso)T19:30:00+01:00")
            case 11: try log.add(.checklistItemCompleted(done), at: "\(night.iso)T20:30:00+01:00")
            case 12: try log.add(.notificationInteracted(NotificationInteracted(night: .date(night), template: "stop_eating", action: .dismissed)), at: "\(night.iso)T20:01:00+01:00")
            default: break
            }
        }
        // A why on the first night, and a reopened item does not count as done.
        try log.add(.notificationInteracted(NotificationInteracted(night: .date(try date("2026-11-02")), template: "stop_eating", action: .why)), at: "2026-11-02T20:02:00+01:00")
        return log
    }

    @Test func aReminderDoneBeforeItFiresOnTenNightsIsSuggestedForRetirement() throws {
        let insights = try Self.habits().state().insights(at: try instant(Self.asOf))
        #expect(insights.reminders.map(\.template) == ReminderTemplate.checklist.map(\.id))
        let habit = try #require(insights.reminders.first { $0.template == "stop_eating" })
        #expect(habit.nights == 14)
        #expect(habit.doneBeforeReminder == 11)
        #expect(habit.doneAfter == 1)
        #expect(habit.why == 1 && habit.dismissed == 1 && habit.done == 0)
        #expect(habit.ignored == 1)
        #expect(habit.retireSuggested)
        let other = try #require(insights.reminders.first { $0.template == "read" })
        #expect(other.nights == 14 && other.ignored == 14 && !other.retireSuggested)
    }

    @Test func aReopenedItemIsNotDoneAndNightsWhoseReminderIsStillAheadDoNotCount() throws {
        var log = try Self.habits()
        try log.add(.checklistItemReopened(ChecklistItemChange(night: .date(try date("2026-11-12")), item: "stop_eating")), at: "2026-11-12T21:00:00+01:00")
        // As of 19:00 on the 15th, that night's reminder (20:00) has not fired, and the plans
        // start on the 2nd: 13 nights count.
        let early = try log.state(asOf: "2026-11-15T19:00:00+01:00").insights(at: try instant("2026-11-15T19:00:00+01:00"))
        #expect(early.reminders.first { $0.template == "stop_eating" }?.nights == 13)
        let insights = try log.state().insights(at: try instant(Self.asOf))
        let habit = try #require(insights.reminders.first { $0.template == "stop_eating" })
        #expect(habit.doneBeforeReminder == 10, "the 12th's item was reopened")
        #expect(habit.ignored == 2)
        #expect(habit.retireSuggested)
    }

    @Test func retiringAndRestoringFollowTheRuleAndTheNextWindDown() throws {
        var log = try Self.habits()
        // Retired at 18:00 on the 16th: that night's wind-down (19:00) starts after it.
        try log.add(.reminderRetired(ReminderChange(template: "stop_eating")), at: "2026-11-16T18:00:00+01:00")
        // Retiring it again, and retiring what is not a checklist reminder, are skipped.
        try log.add(.reminderRetired(ReminderChange(template: "stop_eating")), at: "2026-11-16T18:01:00+01:00")
        try log.add(.reminderRetired(ReminderChange(template: "sunlight")), at: "2026-11-16T18:02:00+01:00")
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.rule) == [.reminder, .reminder])
        #expect(runner.warnings.all.map(\.message).contains { $0.contains("already retired") })
        let state = runner.state
        #expect(state.reminderHabits.isRetired("stop_eating", at: try instant("2026-11-16T18:00:00+01:00")))
        #expect(!state.reminderHabits.isRetired("stop_eating", at: try instant("2026-11-16T17:59:00+01:00")))
        let habit = state.insights(at: try instant("2026-11-16T18:30:00+01:00")).reminders.first { $0.template == "stop_eating" }
        #expect(habit?.retired == true && habit?.retireSuggested == false)
        let pending = state.pendingNotifications(at: try instant("2026-11-16T18:30:00+01:00"))
        #expect(!pending.contains { $0.reminderTemplateID == "stop_eating" }, "tonight's wind-down starts after the retirement")
        #expect(pending.contains { $0.reminderTemplateID == "last_water" })
        // The checklist item stays.
        #expect(state.tonight(at: try instant("2026-11-16T20:30:00+01:00"))?.checklist.contains { $0.item == "stop_eating" } == true)
    }

    @Test func aRetirementAfterTheWindDownStartedWaitsForTheNextNight() throws {
        var log = try Self.habits()
        try log.add(.reminderRetired(ReminderChange(template: "stop_eating")), at: "2026-11-16T19:30:00+01:00")
        let state = try log.state()
        let pending = state.pendingNotifications(at: try instant("2026-11-16T19:31:00+01:00"))
        let sixteenth = Night.date(try date("2026-11-16")), seventeenth = Night.date(try date("2026-11-17"))
        let tonight = pending.filter { $0.night == sixteenth && $0.reminderTemplateID == "stop_eating" }
        let tomorrow = pending.filter { $0.night == seventeenth && $0.reminderTemplateID == "stop_eating" }
        #expect(tonight.count == 1, "tonight's wind-down (19:00) started before the retirement")
        #expect(tomorrow.isEmpty)
        // Restored: back from the next wind-down.
        try log.add(.reminderRestored(ReminderChange(template: "stop_eating")), at: "2026-11-16T21:00:00+01:00")
        let restored = try log.state().pendingNotifications(at: try instant("2026-11-16T21:01:00+01:00"))
        #expect(restored.contains { $0.night == seventeenth && $0.reminderTemplateID == "stop_eating" })
    }

    @Test func routineNightsAreComparedNotExplained() throws {
        var log = try Self.fortnight()
        // On the first 3 nights, 7 items done by bedtime (23:15, 23:00, 23:00); the 4th has 7
        // done but one of them after bedtime.
        let items = ReminderTemplate.checklist.prefix(7).map(\.id)
        for (index, nightText) in ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"].enumerated() {
            for (position, item) in items.enumerated() {
                let late = index == 3 && position == 6
                try log.add(.checklistItemCompleted(ChecklistItemChange(night: .date(try date(nightText)), item: item)), at: "\(nightText)T\(late ? "23:30" : "22:00"):00+01:00")
            }
        }
        let routine = try log.state().insights(at: try instant(Self.asOf)).routine
        #expect(routine.followed.nights == 3)
        #expect(routine.notFollowed.nights == 11)
        #expect(routine.followed.asleepMinutes == 450)
        // 7 work nights of 450 and 4 free nights of 510: 5190 ÷ 11 = 471.8 → 472.
        #expect(routine.notFollowed.asleepMinutes == 472)
        #expect(routine.followed.score != nil)
    }

    @Test func twoWeeksShortNeedsTenNightsAllUnderSixHours() throws {
        let short = try Self.fortnight(asleepMinutes: 355).state().insights(at: try instant(Self.asOf))
        #expect(short.longShortStretch)
        let nine = try Self.fortnight(skip: ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"], asleepMinutes: 355).state()
        #expect(!nine.insights(at: try instant(Self.asOf)).longShortStretch, "9 nights are too few")
        let six = try Self.fortnight(asleepMinutes: 360).state().insights(at: try instant(Self.asOf))
        #expect(!six.longShortStretch, "360 minutes is not under 6 hours")
    }

    @Test func theJSONViewShowsInsightsRegularityAndHabitsBeforeTogetherTheCopyAndWarningsInTheDocumentedOrder() throws {
        let runner = try Self.habits().runner()
        let view = JSONView.render(state: runner.state, warnings: runner.warnings, asOf: try instant(Self.asOf))
        let keys = try #require(view.objectValue?.keys)
        #expect(Array(keys.suffix(6)) == ["insights", "regularity", "habits", "together", "copy", "warnings"])
        let insights = try #require(view.objectValue?["insights"]?.objectValue)
        #expect(insights.keys == ["window", "bodyClock", "bedtime", "reminders", "routine", "longShortStretch"])
        #expect(insights["bodyClock"]?.objectValue?["workMidSleep"] == .string("03:15"))
        #expect(insights["bodyClock"]?.objectValue?.keys == ["workNights", "freeNights", "workMidSleep", "freeMidSleep", "socialJetlagMinutes", "chronotype"])
        let first = try #require(insights["reminders"]?.arrayValue?.first?.objectValue)
        #expect(first.keys == ["template", "nights", "doneBeforeReminder", "doneAfter", "why", "done", "dismissed", "ignored", "retired", "retireSuggested"])
        #expect(JSONView.render(state: LogState(), warnings: ProjectionWarnings(), asOf: nil).objectValue?["insights"] == .null)
    }
}

extension PendingNotification {
    /// The reminder's template id, `nil` for another kind.
    var reminderTemplateID: String? {
        if case .reminder(let template) = kind { return template.id }
        return nil
    }
}

/// The checklist's history and the interactions are kept per night in one sorted array
/// (`NightRecords`): a change for an earlier night after later ones lands in its night, and a
/// checkpoint round trip keeps every record.
struct NightRecordsTests {
    @Test func anEarlierNightsChangeAfterLaterOnesIsFoundInItsNight() throws {
        var log = try InsightsTests.habits()
        // The 13th's item, done on the 15th (within 2 days), after every later night's changes.
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: .date(try date("2026-11-13")), item: "read")), at: "2026-11-15T12:00:00+01:00")
        try log.add(.notificationInteracted(NotificationInteracted(night: .date(try date("2026-11-13")), template: "read", action: .why)), at: "2026-11-15T12:01:00+01:00")
        let runner = try log.runner()
        let state = runner.state
        #expect(state.checklists.firstCompletion(of: "read", on: try date("2026-11-13"))?.millisecondsSince1970 == (try instant("2026-11-15T12:00:00+01:00")).millisecondsSince1970)
        #expect(state.checklists.done(on: try date("2026-11-13"), at: try instant("2026-11-15T12:00:00+01:00")).contains("read"))
        #expect(!state.checklists.done(on: try date("2026-11-13"), at: try instant("2026-11-15T11:59:59+01:00")).contains("read"))
        #expect(state.reminderHabits.interactions(with: "read", on: try date("2026-11-13")).why == 1)
        #expect(state.reminderHabits.interactions(with: "stop_eating", on: try date("2026-11-14")).dismissed == 1)
        let decoded = try ProjectionRunner<LogState>(checkpointPayload: runner.checkpointPayload(), position: .end)
        #expect(decoded.state == state)
        #expect(decoded.state.insights(at: try instant(InsightsTests.asOf)) == state.insights(at: try instant(InsightsTests.asOf)))
    }
}
