import Events
import Projections
import Testing

/// docs/rules.md §1.1: validation and the step rule.
struct GoalRulesTests {
    @Test(arguments: [
        (90, 7, 15), (90, 6, 15), (120, 4, 30), (300, 5, 60), (360, 6, 60), (20, 7, 15),
        (95, 7, 15), (100, 3, 35), (61, 3, 25), (15, 30, 15),
    ])
    func stepIsDeltaOverDaysRoundedUpToFiveMinutesAtLeastFifteen(shift: Int, days: Int, step: Int) {
        #expect(GoalRules.stepMinutes(shift: shift, days: days) == step)
    }

    @Test func midnightToTenThirtyOverSevenNightsMatchesTheDecision() throws {
        let goal = GoalSet(currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 7, firstNight: try date("2026-11-30"))
        let bedtimes = (1...8).map { GoalRules.bedtime(of: goal, nightIndex: $0).text }
        #expect(bedtimes == ["23:45", "23:30", "23:15", "23:00", "22:45", "22:30", "22:30", "22:30"])
        #expect(GoalRules.violation(of: goal) == nil)
    }

    @Test(arguments: [("00:30", "22:30", 120), ("00:00", "22:30", 90), ("23:00", "22:30", 30), ("22:30", "23:00", -30), ("01:00", "19:00", 360)])
    func shiftIsMeasuredTheShortWayRoundMidnight(current: String, target: String, shift: Int) throws {
        #expect(GoalRules.shiftMinutes(from: try TimeOfDay(text: current), to: try TimeOfDay(text: target)) == shift)
    }

    static let violations: [(current: String, target: String, days: Int, need: Int?, rule: GoalViolation.Rule, fragment: String)] = [
        ("00:00", "22:30", 2, nil, .daysOutOfRange, "3–30"),
        ("00:00", "22:30", 31, nil, .daysOutOfRange, "not 31"),
        ("22:30", "23:00", 7, nil, .targetNotEarlier, "not earlier"),
        ("23:00", "23:00", 7, nil, .targetNotEarlier, "not earlier"),
        ("23:00", "22:50", 7, nil, .shiftOutOfRange, "15–360"),
        ("04:01", "22:00", 10, nil, .shiftOutOfRange, "361 minutes"),
        ("03:00", "22:00", 4, nil, .stepTooLarge, "5 nights or more"),
        ("04:00", "22:00", 3, nil, .stepTooLarge, "6 nights or more"),
        ("00:00", "22:30", 7, 299, .sleepNeedOutOfRange, "300–720"),
        ("00:00", "22:30", 7, 721, .sleepNeedOutOfRange, "not 721"),
    ]

    @Test(arguments: violations)
    func invalidGoalsNameTheRule(current: String, target: String, days: Int, need: Int?, rule: GoalViolation.Rule, fragment: String) throws {
        let goal = GoalSet(currentBedtime: try TimeOfDay(text: current), targetBedtime: try TimeOfDay(text: target), days: days, firstNight: try date("2026-11-30"), sleepNeedMinutes: need)
        let violation = try #require(GoalRules.violation(of: goal))
        #expect(violation.rule == rule)
        #expect(violation.message.contains(fragment), "\(violation.message)")
    }

    @Test func fewestDaysIsNamedForATooLargeStep() throws {
        let goal = GoalSet(currentBedtime: try TimeOfDay(text: "03:00"), targetBedtime: try TimeOfDay(text: "22:00"), days: 4, firstNight: try date("2026-11-30"))
        #expect(GoalRules.violation(of: goal)?.fewestDays == 5)
        #expect(GoalRules.fewestDays(forShift: 300) == 5)
        #expect(GoalRules.fewestDays(forShift: 90) == 3)
    }
}
