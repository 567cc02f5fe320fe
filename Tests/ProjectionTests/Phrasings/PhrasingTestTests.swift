import Events
import Projections
import Testing

/// docs/rules.md §14: three phrasings of every reminder, rotated weekly and tested against
/// each other until one is chosen.
@Suite("Phrasings: the weekly rotation and the test")
struct PhrasingTestTests {
    /// `bedtime` is the tenth reminder (i = 9): never a checklist item, so shown every planned
    /// night once it fires.
    static let bedtimePlace = 9

    // MARK: The rotation

    @Test func theRotationCountsWholeWeeksFromMonday2000January3() throws {
        // 2026-11-02 is a Monday 9,800 days (1,400 weeks) after 2000-01-03: 1400 mod 3 = 2.
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: try date("2026-11-02")) == 2)
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: try date("2026-11-08")) == 2, "Sunday keeps its Monday's week")
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: try date("2026-11-09")) == 0, "the next Monday moves on")
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 1, night: try date("2026-11-02")) == 0, "neighbours differ")
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 2, night: try date("2026-11-02")) == 1)
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: try date("2000-01-03")) == 0)
        // The week before the epoch is week −1, not week 0: (−1 + 0) mod 3 = 2.
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: try date("1999-12-27")) == 2)
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: try date("2000-01-02")) == 2)
    }

    @Test func aWeekAcrossTheYearsEndKeepsOnePhrasing() throws {
        // Monday 2026-12-28 to Sunday 2027-01-03 is one week: 9,856 days after the epoch, week
        // 1,408, and 1408 mod 3 = 1.
        let monday = try date("2026-12-28")
        for offset in 0..<7 {
            #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: monday.adding(days: offset)) == 1)
        }
        #expect(ReminderTemplate.weeklyVariant(templateIndex: 0, night: try date("2027-01-04")) == 2)
    }

    // MARK: The test

    /// A goal that plans every night from Monday 2026-11-02 at 23:00 (Berlin: 23:15 → 23:00
    /// is one step of 15 minutes, so the first night is at the target), and `why` on
    /// the `bedtime` reminder at the nights given, a minute after it fires unless `late` says
    /// how many seconds after.
    static func log(engaged: [String: Int] = [:]) throws -> PlanLog {
        var log = PlanLog()
        try log.goal("23:15", "23:00", days: 3, firstNight: "2026-11-02", at: "2026-11-01T20:00:00+01:00", zone: "Europe/Berlin")
        for (night, secondsAfter) in engaged.sorted(by: { $0.key < $1.key }) {
            let fire = try instant("\(night)T23:00:00+01:00").adding(seconds: Int64(secondsAfter))
            try log.add(.notificationInteracted(NotificationInteracted(night: .date(try date(night)), template: "bedtime", action: .why)), at: fire.rfc3339)
        }
        return log
    }

    @Test func theTestSettlesWhenEveryPhrasingHasSevenShownNightsTiesToTheLower() throws {
        // bedtime (i = 9): the week of 11-02 shows (1400 + 9) mod 3 = 2, of 11-09 0, of 11-16 1.
        // Engaged: phrasing 2 twice, 0 three times, 1 three times by the settling fire time
        // (11-22 23:00), and once more 30 s after it, which must not count for the choice.
        let engaged = [
            "2026-11-03": 60, "2026-11-04": 60,
            "2026-11-09": 60, "2026-11-10": 60, "2026-11-11": 60,
            "2026-11-16": 60, "2026-11-17": 60, "2026-11-18": 60,
            "2026-11-22": 30,
        ]
        let state = try Self.log(engaged: engaged).state()
        let before = state.phrasingTests(at: try instant("2026-11-22T22:59:00+01:00"))[Self.bedtimePlace]
        #expect(before.template == "bedtime")
        #expect(before.chosen == nil, "phrasing 1 has 6 shown nights until 11-22 fires")
        #expect(before.variants.map(\.shown) == [7, 6, 7])

        let test = state.phrasingTests(at: try instant("2026-11-24T12:00:00+01:00"))[Self.bedtimePlace]
        // 3 ÷ 7 for 0 and for 1 at the fire time (the 4th engagement of 1 came after it): 0 wins the tie.
        #expect(test.chosen == 0)
        #expect(test.settledAt == (try instant("2026-11-22T23:00:00+01:00")))
        // Later nights show the chosen phrasing (11-23 would have rotated to 2), and the counts
        // run on over every shown night; the late engagement counts now.
        #expect(test.variants == [
            PhrasingTest.Variant(variant: 0, shown: 8, engaged: 3),
            PhrasingTest.Variant(variant: 1, shown: 7, engaged: 4),
            PhrasingTest.Variant(variant: 2, shown: 7, engaged: 2),
        ])
    }

    @Test func theHighestShareOfEngagedNightsWins() throws {
        let engaged = ["2026-11-02": 60, "2026-11-03": 60, "2026-11-04": 60, "2026-11-05": 60, "2026-11-16": 60]
        let test = try Self.log(engaged: engaged).state().phrasingTests(at: try instant("2026-11-24T12:00:00+01:00"))[Self.bedtimePlace]
        #expect(test.chosen == 2, "4 ÷ 7 beats 1 ÷ 7 and 0 ÷ 7")
    }

    @Test func pendingNotificationsCarryTheWeeklyPhrasingThenTheChosenOne() throws {
        let state = try Self.log(engaged: ["2026-11-16": 60]).state()
        // Before the test settles, 11-23 (week 1403: (1403 + 9) mod 3 = 2) shows its weekly phrasing.
        let early = try instant("2026-11-22T22:00:00+01:00")
        #expect(state.phrasing(of: "bedtime", on: .date(try date("2026-11-23")), at: early) == 2)
        #expect(state.phrasing(of: "bedtime", on: .date(try date("2026-11-22")), at: early) == 1)
        // Once it settled (on 1, the only phrasing engaged: the week of 11-16), every later
        // night shows 1.
        let later = try instant("2026-11-23T12:00:00+01:00")
        #expect(state.phrasing(of: "bedtime", on: .date(try date("2026-11-23")), at: later) == 1)
        let pending = state.pendingNotifications(at: later)
        let bedtimes = pending.filter { $0.template == "bedtime" }
        #expect(!bedtimes.isEmpty)
        #expect(bedtimes.allSatisfy { $0.variant == 1 })
        #expect(pending.filter { $0.category != .winddownReminder }.allSatisfy { $0.variant == nil })
        // Every reminder fired on every night, so every test settled with bedtime's; no one
        // engaged with last_meal: a three-way tie at 0 ÷ 7, the lower phrasing.
        let night23 = Night.date(try date("2026-11-23"))
        #expect(pending.first { $0.template == "last_meal" && $0.night == night23 }?.variant == 0)
        let evening = try instant("2026-11-23T18:59:30+01:00")
        let next = try #require(state.tonight(at: evening)?.nextNotification)
        #expect(next.template == "last_meal", "got \(next.template) at \(next.fireAt)")
        #expect(next.variant == 0)
        // Before its test settled (when 11-22's fired at 19:00), last_meal (i = 0) on 11-23
        // would rotate to (1403 + 0) mod 3 = 2.
        #expect(state.phrasing(of: "last_meal", on: night23, at: try instant("2026-11-22T18:59:00+01:00")) == 2)
        #expect(state.phrasing(of: "last_meal", on: night23, at: early) == 0)
        #expect(state.phrasing(of: "no_such_reminder", on: .date(try date("2026-11-23")), at: later) == nil)
    }

    @Test func aChecklistReminderDoneBeforeItFiresOrRetiredIsNotShown() throws {
        var log = try Self.log()
        // last_meal fires at 19:00. Done at 18:59 on 11-02: not shown; done at 19:00 on 11-03,
        // as it fires: shown (it went out).
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: .date(try date("2026-11-02")), item: "last_meal")), at: "2026-11-02T18:59:00+01:00")
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: .date(try date("2026-11-03")), item: "last_meal")), at: "2026-11-03T19:00:00+01:00")
        // stop_eating retired on 11-03 at 12:00: from 11-03 on (its wind-down starts 19:00) not shown.
        try log.add(.reminderRetired(ReminderChange(template: "stop_eating")), at: "2026-11-03T12:00:00+01:00")
        let tests = try log.state().phrasingTests(at: try instant("2026-11-05T12:00:00+01:00"))
        #expect(tests.map(\.template) == ReminderTemplate.all.map(\.id))
        // 11-02, 11-03, 11-04 fired; sunlight fires at the wake time the next morning.
        #expect(tests[0].variants.map(\.shown).reduce(0, +) == 2, "last_meal: 11-03 and 11-04")
        #expect(tests[1].variants.map(\.shown).reduce(0, +) == 1, "stop_eating: 11-02 only")
        #expect(tests[Self.bedtimePlace].variants.map(\.shown).reduce(0, +) == 3)
        #expect(tests.allSatisfy { $0.chosen == nil })
    }

    @Test func aDemoNightShowsThePhrasingOfTheRealNightHoldingItsStartAndIsNeverShown() throws {
        var log = try Self.log()
        try log.add(.demoNightStarted(DemoNightStarted(compression: 60)), at: "2026-11-10T20:00:00+01:00")
        let state = try log.state()
        let at = try instant("2026-11-10T20:00:30+01:00")
        // 11-10 is in week 1401: bedtime shows what the real night 11-10 shows.
        #expect(state.phrasing(of: "bedtime", on: .demo, at: at) == ReminderTemplate.weeklyVariant(templateIndex: Self.bedtimePlace, night: try date("2026-11-10")))
        let shown = state.phrasingTests(at: try instant("2026-11-11T12:00:00+01:00"))[Self.bedtimePlace].variants.map(\.shown).reduce(0, +)
        #expect(shown == 9, "the real nights 11-02 … 11-10; the demo night is never shown")
    }
}
