import Events
import Projections
import Testing

/// docs/rules.md §1.
struct NightPlansTests {
    static let goalInstant = "2026-11-29T20:05:11+01:00"

    static func sevenNightGoal() throws -> PlanLog {
        var log = PlanLog()
        try log.goal("00:00", "22:30", days: 7, firstNight: "2026-11-30", at: goalInstant)
        return log
    }

    @Test func theRampGoesMidnightToTenThirtyAndStaysAtTheTarget() throws {
        let state = try Self.sevenNightGoal().state()
        let bedtimes = try (0..<9).map { try #require(state.nightPlans.plan(for: try date("2026-11-30").adding(days: $0))).bedtime.text }
        #expect(bedtimes == ["23:45", "23:30", "23:15", "23:00", "22:45", "22:30", "22:30", "22:30", "22:30"])
        #expect(state.nightPlans.plan(for: try date("2026-11-29")) == nil, "nights before firstNight are not planned")
    }

    @Test func windDownIsFourHoursBeforeAndWakeIsSleepNeedAfter() throws {
        var log = PlanLog()
        try log.goal("00:30", "23:00", days: 3, firstNight: "2026-11-30", sleepNeed: 450, at: Self.goalInstant)
        let plan = try #require(try log.state().nightPlans.plan(for: try date("2026-11-30")))
        #expect(plan.bedtime.text == "00:00")
        #expect(plan.bedtimeAt.rfc3339 == "2026-12-01T00:00:00+01:00", "00:00–11:59 fall on the next date")
        #expect(plan.windDownStart.rfc3339 == "2026-11-30T20:00:00+01:00")
        #expect(plan.wakeTime.rfc3339 == "2026-12-01T07:30:00+01:00")
        #expect(plan.timeZone == "Europe/Berlin")
    }

    @Test func creationIsTheFirstRevision() throws {
        let state = try Self.sevenNightGoal().state()
        let plan = try #require(state.nightPlans.plan(for: try date("2026-12-02")))
        #expect(plan.revisions.count == 1)
        #expect(plan.revisions.first?.cause.id == "e1")
        #expect(plan.revisions.first?.cause.typeName == "goalSet")
        #expect(plan.revisions.first?.previous == nil)
    }

    @Test func aReplacingGoalGovernsFromItsFirstNightOn() throws {
        var log = try Self.sevenNightGoal()
        try log.goal("23:00", "21:30", days: 6, firstNight: "2026-12-03", at: "2026-12-02T12:00:00+01:00")
        let state = try log.state()
        let bedtimes = try (0..<6).map { try #require(state.nightPlans.plan(for: try date("2026-11-30").adding(days: $0))).bedtime.text }
        #expect(bedtimes == ["23:45", "23:30", "23:15", "22:45", "22:30", "22:15"], "nights 1–3 keep the old goal; from Dec 3 the new one steps from 23:00")
        let replaced = try #require(state.nightPlans.plan(for: try date("2026-12-04")))
        #expect(replaced.revisions.map(\.values.bedtime.text) == ["22:45", "22:30"])
        #expect(replaced.revisions.map(\.cause.id) == ["e1", "e2"])
        let kept = try #require(state.nightPlans.plan(for: try date("2026-12-02")))
        #expect(kept.revisions.count == 1)
    }

    @Test func aChangedSleepNeedIsARevision() throws {
        var log = try Self.sevenNightGoal()
        try log.goal("00:00", "22:30", days: 7, firstNight: "2026-11-30", sleepNeed: 450, at: "2026-11-30T12:00:00+01:00")
        let plan = try #require(try log.state().nightPlans.plan(for: try date("2026-12-01")))
        #expect(plan.revisions.count == 2)
        #expect(plan.revisions.last?.changeDescription == "sleep need 480 → 450 min")
        #expect(plan.wakeTime.rfc3339 == "2026-12-02T07:00:00+01:00")
    }

    @Test func anOverrideChangesOneNightAndTheLaterEventWins() throws {
        var log = try Self.sevenNightGoal()
        try log.add(.bedtimeOverridden(BedtimeOverridden(night: try night("2026-12-01"), bedtime: try TimeOfDay(text: "23:00"))), at: "2026-12-01T12:00:00+01:00")
        var state = try log.state()
        #expect(state.nightPlans.plan(for: try date("2026-12-01"))?.bedtime.text == "23:00")
        #expect(state.nightPlans.plan(for: try date("2026-12-02"))?.bedtime.text == "23:15")
        // A later goal covering that night wins over the earlier override.
        try log.goal("23:30", "22:30", days: 4, firstNight: "2026-12-01", at: "2026-12-01T13:00:00+01:00")
        state = try log.state()
        let night = try #require(state.nightPlans.plan(for: try date("2026-12-01")))
        #expect(night.bedtime.text == "23:15")
        #expect(night.revisions.map(\.cause.typeName) == ["goalSet", "bedtimeOverridden", "goalSet"])
    }

    @Test func anOverrideOfANightWithoutAPlanIsSkippedWithAWarning() throws {
        var log = PlanLog()
        try log.add(.bedtimeOverridden(BedtimeOverridden(night: try night("2026-11-30"), bedtime: try TimeOfDay(text: "23:00"))), at: "2026-11-30T12:00:00+01:00")
        let runner = try log.runner()
        #expect(runner.state.nightPlans.plan(for: try date("2026-11-30")) == nil)
        #expect(runner.warnings.all.map(\.seq) == [1])
    }

    @Test func anOverrideOutOfRangeIsSkippedWithAWarning() throws {
        var log = try Self.sevenNightGoal()
        try log.add(.bedtimeOverridden(BedtimeOverridden(night: try night("2026-12-05"), bedtime: try TimeOfDay(text: "23:00"))), at: "2026-12-01T12:00:00+01:00")
        let runner = try log.runner()
        #expect(runner.state.nightPlans.plan(for: try date("2026-12-05"))?.bedtime.text == "22:30")
        #expect(runner.warnings.all.first?.seq == 2)
    }

    @Test func anInvalidGoalIsSkippedWithAWarningNamingItsSeq() throws {
        var log = PlanLog()
        try log.goal("03:00", "22:00", days: 4, firstNight: "2026-11-30", at: Self.goalInstant)
        let runner = try log.runner()
        #expect(runner.state.nightPlans.plan(for: try date("2026-11-30")) == nil)
        #expect(runner.warnings.all.first?.description.contains("seq 1") == true)
        #expect(runner.warnings.all.first?.description.contains("5 nights") == true)
    }

    @Test func clearingRemovesNightsNotYetInWindDownAndKeepsTheOneInWindDown() throws {
        var log = try Self.sevenNightGoal()
        // Night of Dec 1: bedtime 23:30, wind-down 19:30. Cleared at 20:00, during it.
        try log.add(.goalCleared, at: "2026-12-01T20:00:00+01:00")
        let state = try log.state()
        #expect(state.nightPlans.plan(for: try date("2026-12-01"))?.bedtime.text == "23:30")
        #expect(state.nightPlans.plan(for: try date("2026-12-02")) == nil)
        #expect(state.nightPlans.latestGoal == nil)
    }

    @Test func anEarlyStartCountsAsWindDownForAClear() throws {
        var log = try Self.sevenNightGoal()
        // Night of Dec 2: planned wind-down 19:15; started early at 18:00, cleared at 18:30.
        try log.add(.windDownStartedEarly(NightAction(night: try night("2026-12-02"))), at: "2026-12-02T18:00:00+01:00")
        try log.add(.goalCleared, at: "2026-12-02T18:30:00+01:00")
        let state = try log.state()
        let kept = try #require(state.nightPlans.plan(for: try date("2026-12-02")))
        #expect(kept.windDownStartedEarlyAt?.rfc3339 == "2026-12-02T18:00:00+01:00")
        #expect(state.nightPlans.plan(for: try date("2026-12-03")) == nil)
    }

    @Test func aGoalNeverReplansANightInWindDown() throws {
        var log = try Self.sevenNightGoal()
        try log.goal("23:00", "22:00", days: 4, firstNight: "2026-12-01", at: "2026-12-01T21:00:00+01:00")
        let state = try log.state()
        #expect(state.nightPlans.plan(for: try date("2026-12-01"))?.bedtime.text == "23:30", "wind-down had started at 19:30")
        #expect(state.nightPlans.plan(for: try date("2026-12-02"))?.bedtime.text == "22:30")
    }

    @Test func aPlanCreatedAgainAfterAClearStartsAFreshListOfRevisions() throws {
        var log = try Self.sevenNightGoal()
        try log.add(.goalCleared, at: "2026-11-30T12:00:00+01:00")
        try log.goal("00:00", "23:00", days: 4, firstNight: "2026-11-30", at: "2026-11-30T13:00:00+01:00")
        let plan = try #require(try log.state().nightPlans.plan(for: try date("2026-12-01")))
        #expect(plan.revisions.map(\.cause.id) == ["e3"])
        #expect(plan.bedtime.text == "23:30")
    }

    @Test func eventsThatChangeNothingAreNotRevisions() throws {
        var log = try Self.sevenNightGoal()
        try log.add(.wentToBed(NightAction(night: try night("2026-11-30"))), at: "2026-11-30T23:50:00+01:00")
        try log.goal("00:00", "22:30", days: 7, firstNight: "2026-11-30", at: "2026-11-30T12:00:00+01:00")
        let plan = try #require(try log.state().nightPlans.plan(for: try date("2026-12-03")))
        #expect(plan.revisions.count == 1, "the same goal again leaves the values as they were")
    }

    @Test func aZoneChangeReanchorsTheNightsAheadAsARevisionCausedByThatEvent() throws {
        var log = try Self.sevenNightGoal()
        // The person flies to New York on Dec 2; the first event there is a checklist tap.
        try log.add(.wentToBed(NightAction(night: try night("2026-12-01"))), at: "2026-12-01T23:35:00+01:00")
        try log.add(.appTierAssigned(AppTierAssigned(app: "Reddit", tier: .blockFirst)), at: "2026-12-02T15:00:00-05:00", zone: "America/New_York")
        let state = try log.state()
        let before = try #require(state.nightPlans.plan(for: try date("2026-12-01")))
        #expect(before.timeZone == "Europe/Berlin")
        let after = try #require(state.nightPlans.plan(for: try date("2026-12-02")))
        #expect(after.timeZone == "America/New_York")
        #expect(after.bedtimeAt.rfc3339 == "2026-12-02T23:15:00-05:00")
        #expect(after.revisions.map(\.cause.typeName) == ["goalSet", "appTierAssigned"])
        #expect(after.revisions.last?.changeDescription == "zone Europe/Berlin → America/New_York")
    }

    @Test func aNightWhoseWindDownPrecedesTheZoneChangeKeepsItsZone() throws {
        var log = try Self.sevenNightGoal()
        // A New York event at 20:00-05:00: after Dec 2's wind-down both in Berlin (19:15+01:00)
        // and in its own zone (19:15-05:00), so Dec 2 keeps Berlin, Dec 3 moves.
        try log.add(.wentToBed(NightAction(night: try night("2026-12-02"))), at: "2026-12-02T20:00:00-05:00", zone: "America/New_York")
        let state = try log.state()
        #expect(state.nightPlans.plan(for: try date("2026-12-02"))?.timeZone == "Europe/Berlin")
        #expect(state.nightPlans.plan(for: try date("2026-12-03"))?.timeZone == "America/New_York")
    }

    @Test func anEventBeforeTheWindDownInItsOwnZoneMovesTheNight() throws {
        var log = try Self.sevenNightGoal()
        // At 19:00 in New York the person is there before that evening's 19:15 wind-down,
        // even though it is already past the Berlin wind-down (docs/rules.md §1.3).
        try log.add(.wentToBed(NightAction(night: try night("2026-12-01"))), at: "2026-12-02T19:00:00-05:00", zone: "America/New_York")
        #expect(try log.state().nightPlans.plan(for: try date("2026-12-02"))?.timeZone == "America/New_York")
    }

    @Test func aTripChicagoLosAngelesChicago() throws {
        var log = PlanLog(timeZone: "America/Chicago")
        try log.goal("23:30", "22:30", days: 4, firstNight: "2026-11-30", at: "2026-11-29T20:00:00-06:00")
        try log.add(.appTierAssigned(AppTierAssigned(app: "Mail", tier: .block30Min)), at: "2026-12-01T14:00:00-08:00", zone: "America/Los_Angeles")
        try log.add(.appTierAssigned(AppTierAssigned(app: "Mail", tier: .blockFirst)), at: "2026-12-03T14:00:00-06:00", zone: "America/Chicago")
        let state = try log.state()
        let zones = try (0..<5).map { try #require(state.nightPlans.plan(for: try date("2026-11-30").adding(days: $0))).timeZone }
        #expect(zones == ["America/Chicago", "America/Los_Angeles", "America/Los_Angeles", "America/Chicago", "America/Chicago"])
        let western = try #require(state.nightPlans.plan(for: try date("2026-12-01")))
        #expect(western.bedtimeAt.rfc3339 == "2026-12-01T23:00:00-08:00")
        let home = try #require(state.nightPlans.plan(for: try date("2026-12-04")))
        #expect(home.revisions.map(\.values.timeZone) == ["America/Chicago", "America/Los_Angeles", "America/Chicago"])
    }

    @Test func aNightBeforeEveryEventTakesTheEarliestZone() throws {
        var log = PlanLog()
        // A goal set late for a night whose wind-down is already past: that night is not planned.
        try log.goal("00:00", "23:00", days: 4, firstNight: "2026-11-29", at: "2026-11-29T21:00:00-05:00", zone: "America/New_York")
        let state = try log.state()
        #expect(state.nightPlans.plan(for: try date("2026-11-29")) == nil)
        #expect(state.nightPlans.plan(for: try date("2026-11-30"))?.timeZone == "America/New_York")
    }

    @Test func poisonEventsDoNotCountForTheZoneRule() throws {
        var log = try Self.sevenNightGoal()
        try log.goal("03:00", "22:00", days: 4, firstNight: "2026-12-03", at: "2026-12-01T12:00:00-05:00", zone: "America/New_York")
        #expect(try log.state().nightPlans.plan(for: try date("2026-12-03"))?.timeZone == "Europe/Berlin")
    }

    @Test func anEventAnotherProjectionSkipsDoesNotCountForTheZoneRule() throws {
        var log = try Self.sevenNightGoal()
        try log.add(.checklistItemCompleted(ChecklistItemChange(night: try night("2026-11-30"), item: "brush_teeth")), at: "2026-11-30T04:00:00-05:00", zone: "America/New_York")
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.seq) == [2])
        #expect(runner.state.nightPlans.plan(for: try date("2026-11-30"))?.timeZone == "Europe/Berlin")
    }

    /// A demo night's bedtime follows from its start, so it cannot be overridden; it is in
    /// wind-down from its start, so an early start before its own wake time (15:00 + 4 min
    /// + 8 min at 60×) changes nothing and is no error, and one at or after it is skipped
    /// like any early start of a night that is over (docs/rules.md §1.5).
    @Test func demoNightsCannotBeOverriddenAndAreJudgedByTheirOwnWakeTime() throws {
        var log = try Self.sevenNightGoal()
        try log.add(.windDownStartedEarly(NightAction(night: .demo)), at: "2026-11-30T14:59:00+01:00")
        try log.add(.demoNightStarted(DemoNightStarted()), at: "2026-11-30T15:00:00+01:00")
        try log.add(.bedtimeOverridden(BedtimeOverridden(night: .demo, bedtime: try TimeOfDay(text: "15:30"))), at: "2026-11-30T15:01:00+01:00")
        try log.add(.windDownStartedEarly(NightAction(night: .demo)), at: "2026-11-30T15:01:00+01:00")
        try log.add(.windDownStartedEarly(NightAction(night: .demo)), at: "2026-11-30T15:12:00+01:00")
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.seq) == [2, 4, 6])
        #expect(runner.warnings.all.first?.message.contains("no demo night") == true)
        #expect(runner.warnings.all.last?.message.contains("over at its wake time 2026-11-30T15:12:00+01:00") == true)
    }

    @Test func foldsKeptBetweenQuestionsAgreeWithFreshOnes() throws {
        // The same plan-shaping events, with and without checklist events in between (each
        // of which makes NightPlans fold, and keep, the fold of the night it names).
        var plain = try Self.sevenNightGoal()
        var asked = try Self.sevenNightGoal()
        let shaping: [(EventPayload, String, String)] = [
            (.bedtimeOverridden(BedtimeOverridden(night: try night("2026-12-01"), bedtime: try TimeOfDay(text: "23:50"))), "2026-11-30T12:00:00+01:00", "Europe/Berlin"),
            (.appTierAssigned(AppTierAssigned(app: "Mail", tier: .blockFirst)), "2026-12-01T18:00:00-05:00", "America/New_York"),
            (.goalSet(GoalSet(currentBedtime: try TimeOfDay(text: "23:30"), targetBedtime: try TimeOfDay(text: "22:00"), days: 6, firstNight: try date("2026-12-03"))), "2026-12-02T09:00:00-05:00", "America/New_York"),
            (.goalCleared, "2026-12-06T09:00:00-05:00", "America/New_York"),
        ]
        for (payload, at, zone) in shaping {
            try plain.add(payload, at: at, zone: zone)
            try asked.add(payload, at: at, zone: zone)
            for offset in 0..<7 {
                let askedNight = try date("2026-11-30").adding(days: offset)
                if NightRange.contains(askedNight, at: try instant(at)) {
                    try asked.add(.checklistItemCompleted(ChecklistItemChange(night: .date(askedNight), item: "read")), at: at, zone: zone)
                }
            }
        }
        let now = try instant("2026-12-06T12:00:00-05:00")
        let fresh = try plain.state().nightPlans.plans(asOf: now)
        let kept = try asked.state().nightPlans.plans(asOf: now)
        #expect(kept.map(\.night) == fresh.map(\.night))
        #expect(kept.map(\.values) == fresh.map(\.values))
        #expect(kept.map { $0.revisions.map(\.values) } == fresh.map { $0.revisions.map(\.values) })
        #expect(kept.map { $0.revisions.map(\.cause.typeName) } == fresh.map { $0.revisions.map(\.cause.typeName) })
    }

    @Test func statusFollowsWindDownWakeAndExits() throws {
        var log = try Self.sevenNightGoal()
        try log.add(.exitRequested(NightAction(night: try night("2026-12-01"))), at: "2026-12-01T21:00:00+01:00")
        try log.add(.exitConfirmed(NightAction(night: try night("2026-12-01"))), at: "2026-12-01T21:01:00+01:00")
        let state = try log.state()
        let first = try #require(state.nightPlans.plan(for: try date("2026-11-30")))
        #expect(first.status(at: try instant("2026-11-30T19:44:59+01:00")) == .upcoming)
        #expect(first.status(at: try instant("2026-11-30T19:45:00+01:00")) == .active)
        #expect(first.status(at: try instant("2026-12-01T07:45:00+01:00")) == .completed)
        let second = try #require(state.nightPlans.plan(for: try date("2026-12-01")))
        #expect(second.status(at: try instant("2026-12-02T08:00:00+01:00")) == .optedOut)
    }

    @Test func thePlanListRunsFromTheFirstPlannedNightToTheLaterOfAsOfPlusSixAndTheRampEnd() throws {
        let state = try Self.sevenNightGoal().state()
        let early = state.nightPlans.plans(asOf: try instant("2026-11-29T21:00:00+01:00")).map(\.night.iso)
        #expect(early.first == "2026-11-30")
        #expect(early.last == "2026-12-06", "the ramp's last night is later than Nov 29 + 6 = Dec 5")
        let late = state.nightPlans.plans(asOf: try instant("2026-12-10T21:00:00+01:00")).map(\.night.iso)
        #expect(late.last == "2026-12-16")
        #expect(late.count == 17)
    }

    static let daylightSavingNights: [(zone: String, current: String, night: String, bedtimeAt: String, windDown: String, wake: String)] = [
        // Europe/Berlin springs forward 2026-03-29 02:00 → 03:00: 02:30 does not exist.
        ("Europe/Berlin", "02:45", "2026-03-28", "2026-03-29T03:00:00+02:00", "2026-03-28T22:00:00+01:00", "2026-03-29T11:00:00+02:00"),
        // Europe/Berlin falls back 2026-10-25 03:00 → 02:00: 02:30 happens twice; the first counts.
        ("Europe/Berlin", "02:45", "2026-10-24", "2026-10-25T02:30:00+02:00", "2026-10-24T22:30:00+02:00", "2026-10-25T09:30:00+01:00"),
        // America/New_York springs forward 2026-03-08 02:00 → 03:00.
        ("America/New_York", "02:45", "2026-03-07", "2026-03-08T03:00:00-04:00", "2026-03-07T22:00:00-05:00", "2026-03-08T11:00:00-04:00"),
        // America/New_York falls back 2026-11-01 02:00 → 01:00: 01:30 twice; the first counts.
        ("America/New_York", "01:45", "2026-10-31", "2026-11-01T01:30:00-04:00", "2026-10-31T21:30:00-04:00", "2026-11-01T08:30:00-05:00"),
    ]

    @Test(arguments: daylightSavingNights)
    func daylightSavingNightsResolveAsTheDomainSays(zone: String, current: String, night: String, bedtimeAt: String, windDown: String, wake: String) throws {
        var log = PlanLog(timeZone: zone)
        // 105 minutes over 7 nights steps 15 minutes: the first night's bedtime is current − 15 min.
        let target = try TimeOfDay(text: current).adding(minutes: -105).text
        try log.goal(current, target, days: 7, firstNight: night, at: "\(night)T12:00:00\(zone == "Europe/Berlin" ? "+01:00" : "-05:00")")
        let plan = try #require(try log.state().nightPlans.plan(for: try date(night)))
        #expect(plan.bedtime == (try TimeOfDay(text: current)).adding(minutes: -15), "the bedtime string keeps the planned time")
        #expect(plan.bedtimeAt.rfc3339 == bedtimeAt)
        #expect(plan.windDownStart.rfc3339 == windDown, "−4 h is an absolute duration")
        #expect(plan.wakeTime.rfc3339 == wake)
    }
}

/// docs/rules.md §1.4 and §1.5: the revision horizon, and nights that are over.
struct RevisionHorizonTests {
    /// A goal on 2026-11-01 and a trip every three days (London and back), each a zone
    /// change and so a revision of every later night: their events fall on the nights
    /// 2026-11-04, -07, …, -28 (10:00 local, before noon).
    static func tripsLog() throws -> PlanLog {
        var log = PlanLog()
        try log.goal("23:00", "22:30", days: 3, firstNight: "2026-11-02", at: "2026-11-01T20:00:00+01:00")
        var zone = "Europe/Berlin"
        var day = try date("2026-11-05")
        while day <= (try date("2026-11-29")) {
            zone = zone == "Europe/Berlin" ? "Europe/London" : "Europe/Berlin"
            let offset = zone == "Europe/Berlin" ? "+01:00" : "Z"
            try log.add(.appTierAssigned(AppTierAssigned(app: "App\(day.iso)", tier: .blockFirst)), at: "\(day.iso)T10:00:00\(offset)", zone: zone)
            day = day.adding(days: 3)
        }
        return log
    }

    @Test func aNightListsItsWeekAndOneEntryStandingForThePlanBefore() throws {
        let state = try Self.tripsLog().state()
        // Night 2026-12-01: its week starts with night 2026-11-24. Before it: the goal and
        // the zone changes of the nights 11-04 … 11-22 (8 revisions). A zone change sets no
        // bedtime, so the goal, the latest that did, stands for them: an audit sees where
        // the bedtime came from. Then 11-25's and 11-28's, as they are.
        let plan = try #require(state.nightPlans.plan(for: try date("2026-12-01")))
        #expect(plan.revisions.map(\.causeNight.iso) == ["2026-11-01", "2026-11-25", "2026-11-28"])
        #expect(plan.revisions.map(\.standsForEarlierPlan) == [true, false, false])
        #expect(plan.revisions.first?.earlierRevisionsNotListed == 7)
        #expect(plan.revisions.first?.cause.typeName == "goalSet")
        #expect(plan.revisions.first?.values.bedtime.text == "22:30")
        // Every revision, for an audit (`why --all`): the goal and all nine zone changes.
        let every = try #require(state.nightPlans.planListingEveryRevision(for: try date("2026-12-01")))
        #expect(every.revisions.count == 10)
        #expect(every.revisions.first?.cause.typeName == "goalSet")
        #expect(every.revisions.allSatisfy { !$0.standsForEarlierPlan })
        #expect(Array(every.revisions.suffix(2)) == plan.revisions.suffix(2))
        // A night of the goal's first week lists everything: nothing came before its week.
        let early = try #require(state.nightPlans.plan(for: try date("2026-11-06")))
        #expect(early.revisions.map(\.causeNight.iso) == ["2026-11-01", "2026-11-04"])
        #expect(early.revisions.allSatisfy { !$0.standsForEarlierPlan })
        // Far ahead, after the last trip: one entry, whatever came before.
        let later = try #require(state.nightPlans.plan(for: try date("2026-12-20")))
        #expect(later.revisions.count == 1)
        #expect(later.revisions.first?.causeNight.iso == "2026-11-01")
        #expect(later.revisions.first?.earlierRevisionsNotListed == 9)
    }

    /// A goal that moved the bedtime, between the trips before the night's week, stands for
    /// them: the latest revision from before that set the bedtime.
    @Test func theLatestGoalThatMovedTheBedtimeStandsForTheRevisionsBefore() throws {
        var log = try Self.tripsLog()
        let replacing = try log.goal("23:30", "23:00", days: 3, firstNight: "2026-11-12", at: "2026-11-10T20:00:00+01:00", zone: "Europe/Berlin")
        let state = try log.state()
        let plan = try #require(state.nightPlans.plan(for: try date("2026-12-01")))
        let first = try #require(plan.revisions.first)
        #expect(first.standsForEarlierPlan)
        #expect(first.cause.id == replacing.id)
        #expect(first.values.bedtime.text == "23:00")
        // The first goal, seven zone changes and the replacing goal came before the week:
        // the replacing goal stands for the eight others.
        #expect(first.earlierRevisionsNotListed == 8)
    }

    @Test func aPlanCreatedAgainAfterAClearListsOnlyItsOwnRevisions() throws {
        var log = try Self.tripsLog()
        try log.add(.goalCleared, at: "2026-11-29T12:00:00+01:00")
        try log.goal("23:00", "22:30", days: 3, firstNight: "2026-11-30", at: "2026-11-29T13:00:00+01:00")
        let plan = try #require(try log.state().nightPlans.plan(for: try date("2026-12-20")))
        #expect(plan.revisions.map(\.cause.seq) == [12])
        #expect(plan.revisions.first?.earlierRevisionsNotListed == 0)
    }

    /// Night 2026-11-30 of the seven-night goal: bedtime 23:45, wake 07:45 on 12-01.
    @Test(arguments: [
        ("2026-12-01T07:44:59+01:00", false),
        ("2026-12-01T07:45:00+01:00", true),
        ("2026-12-01T09:00:00+01:00", true),
    ])
    func anOverrideAtOrAfterTheWakeTimeIsSkipped(at: String, skipped: Bool) throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.bedtimeOverridden(BedtimeOverridden(night: try night("2026-11-30"), bedtime: try TimeOfDay(text: "23:59"))), at: at)
        let runner = try log.runner()
        let plan = try #require(runner.state.nightPlans.plan(for: try date("2026-11-30")))
        #expect(plan.bedtime.text == (skipped ? "23:45" : "23:59"))
        #expect(runner.warnings.all.map(\.seq) == (skipped ? [2] : []))
        if skipped {
            #expect(runner.warnings.all.first?.message.contains("over at its wake time") == true)
        }
    }

    @Test func anEarlyStartAfterTheWakeTimeIsSkipped() throws {
        var log = try NightPlansTests.sevenNightGoal()
        try log.add(.windDownStartedEarly(NightAction(night: try night("2026-11-30"))), at: "2026-12-01T08:00:00+01:00")
        let runner = try log.runner()
        #expect(runner.warnings.all.map(\.seq) == [2])
        #expect(runner.state.nightPlans.plan(for: try date("2026-11-30"))?.windDownStartedEarlyAt == nil)
    }

    /// The command refuses what the fold skips, by the same check (`NightPlan.isOver(at:)`).
    @Test func theCommandsAndTheFoldAgreeOnANightThatIsOver() throws {
        let state = try NightPlansTests.sevenNightGoal().state()
        let plan = try #require(state.nightPlans.plan(for: try date("2026-11-30")))
        #expect(!plan.isOver(at: try instant("2026-12-01T07:44:59+01:00")))
        #expect(plan.isOver(at: try instant("2026-12-01T07:45:00+01:00")))
    }
}
