import Events
import Projections

/// Sets, or replaces, the bedtime goal (`goalSet`): move bedtime from `currentBedtime` to
/// an earlier `targetBedtime` over `days` nights from `firstNight` (docs/rules.md §1.1).
///
/// Rejected, with the rule and what would be accepted, when the goal breaks a rule of
/// `GoalRules.violation(of:)`:
/// - `days` outside 3…30 (`.daysOutOfRange`);
/// - a target not earlier than the current bedtime, measured the short way round the clock
///   (`.targetNotEarlier`; 00:30 → 22:30 is 120 minutes earlier);
/// - a shift outside 15…360 minutes (`.shiftOutOfRange`);
/// - a step of more than 60 minutes a night (`.stepTooLarge`; the message names the fewest
///   nights that would work, e.g. "5 nights or more would work");
/// - `sleepNeedMinutes` outside 300…720 (`.sleepNeedOutOfRange`);
///
/// and when `firstNight` lies before tonight (`.firstNightBeforeTonight`; tonight is
/// `NightRule.tonight(in:context:)`, the noon-to-noon night holding now in the device's
/// zone). `firstNight` may lie any distance ahead.
///
/// **firstNight = tonight after tonight's wind-down started** is accepted: a goal never
/// re-plans a night whose wind-down had started (docs/rules.md §1.2), so tonight keeps the plan it
/// had (or stays unplanned when it had none) and the new goal governs from tomorrow on,
/// tomorrow being night 2 of its ramp. Before tonight's wind-down, the new goal plans
/// tonight as its night 1.
///
/// A goal is appended even when it equals the goal in force: a goal re-plans the nights
/// ahead, dropping their overrides, so it is never a no-op.
public struct SetGoal: Command {
    /// The bedtime the person has now.
    public var currentBedtime: TimeOfDay
    /// The earlier bedtime they want.
    public var targetBedtime: TimeOfDay
    /// Over how many nights (3–30).
    public var days: Int
    /// The first night of the ramp (tonight or later).
    public var firstNight: LocalDate
    /// Minutes of sleep needed (300–720); `nil` means the default, 480.
    public var sleepNeedMinutes: Int?

    /// Creates the value from its parts.
    public init(currentBedtime: TimeOfDay, targetBedtime: TimeOfDay, days: Int, firstNight: LocalDate, sleepNeedMinutes: Int? = nil) {
        self.currentBedtime = currentBedtime
        self.targetBedtime = targetBedtime
        self.days = days
        self.firstNight = firstNight
        self.sleepNeedMinutes = sleepNeedMinutes
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let goal = GoalSet(
            currentBedtime: currentBedtime, targetBedtime: targetBedtime, days: days,
            firstNight: firstNight, sleepNeedMinutes: sleepNeedMinutes
        )
        if let violation = GoalRules.violation(of: goal) {
            throw CommandError(rule: Self.rule(for: violation.rule), message: violation.message)
        }
        let tonight = NightRule.tonight(in: state, context: context)
        guard firstNight >= tonight else {
            throw CommandError(
                rule: .firstNightBeforeTonight,
                message: "the first night \(firstNight.iso) lies before tonight (\(tonight.iso)), and a goal never re-plans a past night; a first night from \(tonight.iso) on is accepted"
            )
        }
        return [context.event(.goalSet(goal))]
    }

    /// The command rule for a goal rule.
    static func rule(for rule: GoalViolation.Rule) -> CommandError.Rule {
        switch rule {
        case .daysOutOfRange: return .daysOutOfRange
        case .targetNotEarlier: return .targetNotEarlier
        case .shiftOutOfRange: return .shiftOutOfRange
        case .stepTooLarge: return .stepTooLarge
        case .sleepNeedOutOfRange: return .sleepNeedOutOfRange
        }
    }
}
