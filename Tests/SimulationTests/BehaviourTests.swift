import Events
import Projections
@testable import Simulation
import Testing

/// What the person does: the goal, the tiers, the evenings (checklist, reminders, exits,
/// bed and wake), trips, and how the profiles differ.
struct BehaviourTests {
    @Test func theLogStartsWithTheGoalTheEveningBeforeAndTheTiers() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 7))
        let first = try #require(log.events.first)
        guard case .goalSet(let goal) = first.payload else {
            Issue.record("the first event is \(first.typeName)")
            return
        }
        #expect(goal.currentBedtime.text == "00:00")
        #expect(goal.targetBedtime.text == "22:30")
        #expect(goal.days == 7)
        #expect(goal.firstNight == log.configuration.firstNight)
        #expect(first.at.localDateTime.date == log.configuration.firstNight.adding(days: -1))
        let tiers = log.events.dropFirst().prefix { $0.typeName == "appTierAssigned" }
        #expect(tiers.count >= 2)
        // The plan is followed: the ramp 23:45, 23:30, … as docs/rules.md §1.1 gives it, on
        // every night the person did not override.
        let state = log.replay().state
        let ramp = ["23:45", "23:30", "23:15", "23:00", "22:45", "22:30"]
        var followed = 0
        for (night, expected) in zip(log.nights.prefix(6), ramp) {
            let plan = try #require(state.nightPlans.plan(for: night))
            if plan.revisions.last?.cause.typeName == "bedtimeOverridden" { continue }
            #expect(plan.bedtime.text == expected, "\(night.iso)")
            followed += 1
        }
        #expect(followed >= 4)
    }

    @Test func aLaterGoalComesInTheFourthWeek() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 28, seed: 31))
        let goals = log.events.compactMap { event -> (RecordedEvent, GoalSet)? in
            if case .goalSet(let goal) = event.payload { return (event, goal) }
            return nil
        }
        #expect(goals.count == 2)
        let later = try #require(goals.last)
        let index = later.1.firstNight.days(from: log.configuration.firstNight)
        #expect(SimulationRun.firstGoalChangeNights.contains(index))
        let plan = try #require(log.replay().state.nightPlans.plan(for: later.1.firstNight))
        #expect(plan.revisions.last?.cause.seq == later.0.seq)
    }

    @Test func eveningsHaveSomeChecklistItemsDoneAndRemindersAnswered() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 56, seed: 32))
        let state = log.replay().state
        let done = log.nights.map { state.checklists.done(on: .date($0)).count }
        #expect(done.contains { $0 > 0 })
        #expect(done.contains { $0 < ReminderTemplate.checklist.count })
        var actions: Set<NotificationAction> = []
        var templates: Set<String> = []
        for event in log.events {
            if case .notificationInteracted(let interaction) = event.payload {
                actions.insert(interaction.action)
                templates.insert(interaction.template)
            }
        }
        #expect(actions == Set(NotificationAction.allCases))
        #expect(templates.contains("sunlight"))
        #expect(templates.contains("bedtime"))
        let counts = log.countsByType
        for type in ["checklistItemReopened", "windDownStartedEarly", "wentToBed", "wokeUp", "bedtimeOverridden"] {
            #expect(counts[type, default: 0] > 0, "no \(type)")
        }
        // "done" on a reminder completes its item in the same batch, caused by it.
        let caused = log.events.filter { $0.event.causedBy != nil }
        #expect(!caused.isEmpty)
        #expect(caused.allSatisfy { $0.typeName == "checklistItemCompleted" && $0.batch?.index == 2 })
    }

    /// A struggling month has nights without an exit, with one, two, and three or more.
    @Test func aStrugglingMonthHasNightsOfZeroOneTwoAndThreeOrMoreExits() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 28, profile: .struggling))
        let counts = log.nights.map { log.exitsPerNight[$0] ?? 0 }
        #expect(counts.contains(0))
        #expect(counts.contains(1))
        #expect(counts.contains(2))
        #expect(counts.contains { $0 >= 3 })
    }

    /// Every exit is answered: cancelled during its wait, or confirmed once the wait is
    /// over; a confirmed one's free window is ended early or runs out.
    @Test func everyExitIsAnsweredAndWindowsEndBothWays() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 42, seed: 33, profile: .struggling))
        let state = log.replay().state
        let records = state.exits.realRecords
        let last = try #require(log.events.last?.at)
        #expect(records.count == log.summary.exitsRequested)
        #expect(records.allSatisfy { !$0.isWaiting })
        let confirmed = records.filter { $0.confirmedAt != nil }
        #expect(records.contains { $0.cancelledAt != nil })
        for record in confirmed {
            let confirm = try #require(record.confirmedAt)
            #expect(confirm.milliseconds(since: record.requestedAt) >= Int64(record.waitSeconds) * 1000)
        }
        #expect(confirmed.contains { $0.resumedAutomatically(at: last) == true })
        #expect(confirmed.contains { $0.resumedAutomatically(at: last) == false })
        #expect(Set(records.map(\.attempt)).isSuperset(of: [1, 2, 3]))
    }

    /// The person flies to New York after the eighth night and back after the eleventh:
    /// events and samples change zone, the nights there are planned there, and the night
    /// of the flight home has no data.
    @Test func aTripChangesTheZoneOfEventsSamplesAndPlans() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 14))
        #expect(Set(log.events.map(\.event.timeZone)) == ["Europe/Berlin", "America/New_York"])
        #expect(Set(log.sleepSamples.compactMap(\.sample.timeZone)) == ["Europe/Berlin", "America/New_York"])
        let state = log.replay().state
        let zones = log.nights.map { state.nightPlans.plan(for: $0)?.timeZone }
        #expect(Array(zones[8...10]) == Array(repeating: "America/New_York", count: 3))
        #expect(Array(zones[0...7]) == Array(repeating: "Europe/Berlin", count: 8))
        #expect(Array(zones[12...13]) == Array(repeating: "Europe/Berlin", count: 2))
        #expect(log.summary.nightsAway == 3)
        #expect(log.summary.nightsLostToTravel == 1)
        let nightsWithEvents = Set(log.events.compactMap { event -> LocalDate? in
            switch event.payload {
            case .checklistItemCompleted(let change), .checklistItemReopened(let change): return change.night.date
            case .notificationInteracted(let interaction): return interaction.night.date
            default: return nil
            }
        })
        #expect(!nightsWithEvents.contains(log.nights[11]))
        #expect(!Set(log.sleepSamples.map(\.night)).contains(log.nights[11]))
    }

    @Test func tripsFromAnotherHomeGoSomewhereElse() throws {
        let log = try SimulatedLog(SimulationConfiguration(nights: 14, timeZone: "America/New_York"))
        let zones = Set(log.events.map(\.event.timeZone))
        #expect(zones.count == 2)
        #expect(zones.contains("America/New_York"))
        #expect(log.replay().warnings.isEmpty)
    }

    /// The profiles differ as documented: a struggling person requests many more exits,
    /// goes to bed later against the plan and does less of the checklist than a steady one.
    @Test func strugglingDiffersFromSteadyAsDocumented() throws {
        let steady = try SimulatedLog(SimulationConfiguration(nights: 56, seed: 34, profile: .steady))
        let struggling = try SimulatedLog(SimulationConfiguration(nights: 56, seed: 34, profile: .struggling))
        #expect(struggling.summary.exitsRequested > 3 * steady.summary.exitsRequested)
        #expect(steady.summary.exitsRequested > 0)
        let lateness = { (log: SimulatedLog) -> Double in
            let state = log.replay().state
            let minutes = log.nights.compactMap { night -> Double? in
                guard let plan = state.nightPlans.plan(for: night), let record = state.sleep.record(for: night) else { return nil }
                return Double(record.onset.milliseconds(since: plan.bedtimeAt)) / 60_000
            }
            return minutes.reduce(0, +) / Double(max(1, minutes.count))
        }
        #expect(lateness(struggling) > lateness(steady) + 30)
        #expect(lateness(steady) < 20)
        let completed = { (log: SimulatedLog) in log.countsByType["checklistItemCompleted", default: 0] }
        #expect(completed(steady) > 2 * completed(struggling))
    }
}
