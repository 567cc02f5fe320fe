import Events
import Projections
import Testing

/// docs/rules.md §2: reminders, checklist, tiers,
/// warnings, shutdowns, haptics, the ring.
struct NightScheduleTests {
    /// Night of 2026-11-30: bedtime 23:45+01:00, wind-down 19:45, wake 07:45.
    static func schedule(tiers: [(String, AppTier)] = []) throws -> (LogState, NightSchedule) {
        var log = try NightPlansTests.sevenNightGoal()
        for (app, tier) in tiers {
            try log.add(.appTierAssigned(AppTierAssigned(app: app, tier: tier)), at: "2026-11-29T20:10:00+01:00")
        }
        let state = try log.state()
        return (state, try #require(state.schedule(for: try night("2026-11-30"))))
    }

    static let reminderTable: [(id: String, fireAt: String, haptic: Haptic)] = [
        ("last_meal", "2026-11-30T19:45:00+01:00", .notification),
        ("stop_eating", "2026-11-30T20:45:00+01:00", .notification),
        ("last_water", "2026-11-30T21:15:00+01:00", .notification),
        ("warm_lighting", "2026-11-30T21:45:00+01:00", .directionUp),
        ("wind_down", "2026-11-30T22:15:00+01:00", .directionUp),
        ("screens_off", "2026-11-30T22:45:00+01:00", .click),
        ("read", "2026-11-30T23:00:00+01:00", .click),
        ("cool_room", "2026-11-30T23:15:00+01:00", .directionDown),
        ("almost_bedtime", "2026-11-30T23:30:00+01:00", .success),
        ("bedtime", "2026-11-30T23:45:00+01:00", .success),
        ("sunlight", "2026-12-01T07:45:00+01:00", .notification),
    ]

    @Test func elevenRemindersFireAtTheirOffsetsWithTheirHaptics() throws {
        let (_, schedule) = try Self.schedule()
        let reminders = schedule.reminders
        #expect(reminders.map(\.template.id) == Self.reminderTable.map(\.id))
        #expect(reminders.map(\.fireAt.rfc3339) == Self.reminderTable.map(\.fireAt))
        #expect(reminders.map(\.haptic) == Self.reminderTable.map(\.haptic))
        #expect(reminders.last?.repeats == 3, "the wake-up haptic repeats three times")
        #expect(reminders.dropLast().allSatisfy { $0.repeats == 1 })
    }

    @Test(arguments: [(121.0, Haptic.notification), (120, .directionUp), (61, .directionUp), (60, .click), (31, .click), (30, .directionDown), (16, .directionDown), (15, .success), (0, .success)])
    func hapticBandsUseTheDocumentedInequalities(minutes: Double, haptic: Haptic) {
        #expect(Haptic.forMilestone(minutesBeforeBedtime: minutes) == haptic)
    }

    @Test(arguments: [(121.0, RingColour.green), (120, .yellow), (61, .yellow), (60, .orange), (31, .orange), (30, .red), (15, .red), (0, .red)])
    func ringColoursUseTheSameBands(minutes: Double, colour: RingColour) {
        #expect(RingColour.forMinutesToBed(minutes) == colour)
    }

    @Test func checklistItemsAreLockedActiveOrDone() throws {
        let (_, schedule) = try Self.schedule()
        let states = schedule.checklist(at: try instant("2026-11-30T21:00:00+01:00"), completed: ["last_water"])
        #expect(states.count == 9)
        #expect(states.map(\.item) == Array(Self.reminderTable.map(\.id).prefix(9)))
        #expect(states.map(\.state) == [.active, .active, .done, .locked, .locked, .locked, .locked, .locked, .locked])
        let atItsTime = schedule.checklist(at: try instant("2026-11-30T21:45:00+01:00"), completed: [])
        #expect(atItsTime[3].state == .active, "active from its time")
    }

    @Test func defaultTiersBlockInOrderFourSecondsApartAndLiftAtWake() throws {
        let (_, schedule) = try Self.schedule()
        let shutdowns = schedule.shutdowns.map { "\($0.app) \($0.tier.rawValue) \($0.blockedAt.rfc3339)" }
        #expect(shutdowns == [
            "Instagram blockFirst 2026-11-30T19:45:00+01:00",
            "TikTok blockFirst 2026-11-30T19:45:04+01:00",
            "YouTube blockFirst 2026-11-30T19:45:08+01:00",
            "Messages block30Min 2026-11-30T23:15:00+01:00",
        ])
        #expect(schedule.blockedApps(at: try instant("2026-11-30T19:45:05+01:00")).map(\.app) == ["Instagram", "TikTok"])
        #expect(schedule.blockedApps(at: try instant("2026-12-01T07:44:59+01:00")).count == 4)
        #expect(schedule.blockedApps(at: try instant("2026-12-01T07:45:00+01:00")).isEmpty, "shields lift at wake time")
    }

    @Test func assignedAppsShutDownAtTheEndOfTheirTier() throws {
        let (_, schedule) = try Self.schedule(tiers: [("Instagram", .block30Min), ("Reddit", .blockFirst), ("Phone", .blockFirst)])
        #expect(schedule.shutdowns.map(\.app) == ["TikTok", "YouTube", "Reddit", "Phone", "Messages", "Instagram"])
        #expect(schedule.shutdowns[3].blockedAt.rfc3339 == "2026-11-30T19:45:12+01:00")
        #expect(schedule.shutdowns[5].blockedAt.rfc3339 == "2026-11-30T23:15:04+01:00")
    }

    @Test func warningsComeFifteenAndFiveMinutesBeforeEachTierWithApps() throws {
        let (_, schedule) = try Self.schedule()
        let warnings = schedule.blockWarnings.map { "\($0.tier.rawValue) \($0.minutesBeforeActivation) \($0.fireAt.rfc3339) \($0.haptic.rawValue)" }
        #expect(warnings == [
            "blockFirst 15 2026-11-30T19:30:00+01:00 notification",
            "blockFirst 5 2026-11-30T19:40:00+01:00 notification",
            "block30Min 15 2026-11-30T23:00:00+01:00 click",
            "block30Min 5 2026-11-30T23:10:00+01:00 click",
        ])
        let (_, emptied) = try Self.schedule(tiers: [("Messages", .alwaysAllowed)])
        #expect(emptied.blockWarnings.allSatisfy { $0.tier == .blockFirst }, "a tier with no apps gets no warnings")
    }

    @Test(arguments: [
        ("2026-11-30T19:00:00+01:00", 0.0, 285, RingColour.green),
        ("2026-11-30T19:45:00+01:00", 0.0, 240, .green),
        ("2026-11-30T21:45:00+01:00", 0.5, 120, .yellow),
        ("2026-11-30T22:45:00+01:00", 0.75, 60, .orange),
        ("2026-11-30T23:15:00+01:00", 0.875, 30, .red),
        ("2026-11-30T23:44:30+01:00", 0.997917, 1, .red),
        ("2026-11-30T23:44:31+01:00", 0.997986, 0, .red),
        ("2026-12-01T01:00:00+01:00", 1.0, 0, .red),
    ])
    func ringAndMinutesToBed(at text: String, progress: Double, minutes: Int, colour: RingColour) throws {
        let (_, schedule) = try Self.schedule()
        let now = try instant(text)
        #expect(abs(schedule.ringProgress(at: now) - progress) < 0.000001)
        #expect(schedule.minutesToBed(at: now) == minutes, "rounded half up, 0 after bedtime")
        #expect(schedule.ringColour(at: now) == colour)
    }

    @Test func theHapticScheduleHasEveryMilestoneAndTheWakeUp() throws {
        let (_, schedule) = try Self.schedule()
        let cues = schedule.haptics
        #expect(cues.count == 11 + 4)
        #expect(cues.last?.milestone == "sunlight")
        #expect(cues.last?.repeats == 3)
        #expect(cues.map(\.at.millisecondsSince1970) == cues.map(\.at.millisecondsSince1970).sorted())
    }
}
