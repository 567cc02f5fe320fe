import Events

/// The rules of the bedtime goal (docs/rules.md §1.1), shared by the `setGoal` command,
/// which refuses a goal that breaks them, and by `NightPlans`, which skips such a goal in
/// a log with a warning.
public enum GoalRules {
    /// Allowed numbers of nights.
    public static let dayRange = 3...30
    /// Allowed shifts, in minutes earlier, measured the short way round the clock.
    public static let shiftRange = 15...360
    /// The largest step a night: 1 h a day kept the body clock in step (Burgess et al. 2003),
    /// 2 h a day outran it (Eastman et al. 2005).
    public static let maximumStepMinutes = 60
    /// The smallest step a night.
    public static let minimumStepMinutes = 15
    /// Allowed sleep needs, in minutes.
    public static let sleepNeedRange = 300...720

    /// How many minutes earlier `target` is than `current`, the short way round the clock
    /// (00:30 → 22:30 is 120). Negative when the target is later.
    public static func shiftMinutes(from current: TimeOfDay, to target: TimeOfDay) -> Int {
        target.minutesEarlier(than: current)
    }

    /// The step a night: `max(15, delta ÷ days rounded up to a whole 5 minutes)` (the
    /// Decision of docs/rules.md §1.1; midnight → 22:30 over 7 nights steps 15 minutes).
    public static func stepMinutes(shift: Int, days: Int) -> Int {
        guard days > 0 else { return max(minimumStepMinutes, shift) }
        let perNight = (shift + days - 1) / days
        let roundedUp = (perNight + 4) / 5 * 5
        return max(minimumStepMinutes, roundedUp)
    }

    /// The fewest nights whose step stays within 60 minutes for `shift` (at least 3).
    public static func fewestDays(forShift shift: Int) -> Int {
        var days = dayRange.lowerBound
        while days < dayRange.upperBound, stepMinutes(shift: shift, days: days) > maximumStepMinutes { days += 1 }
        return days
    }

    /// The bedtime of night `index` (1 = the goal's first night): `current − index·step`,
    /// never earlier than the target.
    public static func bedtime(of goal: GoalSet, nightIndex index: Int) -> TimeOfDay {
        let shift = shiftMinutes(from: goal.currentBedtime, to: goal.targetBedtime)
        let step = stepMinutes(shift: shift, days: goal.days)
        let moved = min(shift, max(0, index) * step)
        return goal.currentBedtime.adding(minutes: -moved)
    }

    /// The last night of the goal's ramp (`firstNight + days − 1`).
    public static func lastRampNight(of goal: GoalSet) -> LocalDate {
        goal.firstNight.adding(days: goal.days - 1)
    }

    /// The first rule `goal` breaks, if any (the range of `firstNight` against "tonight"
    /// needs the instant and is checked by the command).
    public static func violation(of goal: GoalSet) -> GoalViolation? {
        guard dayRange.contains(goal.days) else {
            return GoalViolation(rule: .daysOutOfRange, message: "a goal runs over \(dayRange.lowerBound)–\(dayRange.upperBound) nights, not \(goal.days)")
        }
        let shift = shiftMinutes(from: goal.currentBedtime, to: goal.targetBedtime)
        guard shift > 0 else {
            return GoalViolation(rule: .targetNotEarlier, message: "the target \(goal.targetBedtime.text) is not earlier than \(goal.currentBedtime.text) (measured the short way round the clock); a goal moves bedtime earlier")
        }
        guard shiftRange.contains(shift) else {
            return GoalViolation(rule: .shiftOutOfRange, message: "the target is \(shift) minutes earlier; a goal moves bedtime \(shiftRange.lowerBound)–\(shiftRange.upperBound) minutes earlier")
        }
        let step = stepMinutes(shift: shift, days: goal.days)
        guard step <= maximumStepMinutes else {
            let fewest = fewestDays(forShift: shift)
            return GoalViolation(rule: .stepTooLarge, message: "moving \(shift) minutes over \(goal.days) nights steps \(step) minutes a night, more than the \(maximumStepMinutes) the body clock keeps up with; \(fewest) nights or more would work", fewestDays: fewest)
        }
        if let need = goal.sleepNeedMinutes, !sleepNeedRange.contains(need) {
            return GoalViolation(rule: .sleepNeedOutOfRange, message: "a sleep need is \(sleepNeedRange.lowerBound)–\(sleepNeedRange.upperBound) minutes, not \(need)")
        }
        return nil
    }
}
