import Events

/// The mindful exit's numbers (docs/rules.md §3.1): attempt n waits 1, 3, 5, 10 minutes (10
/// from the 4th on) and then grants a free window of 10, 10, 5, 5 minutes; on a demo night
/// both are divided by 12. The reminder that the window ends comes 2 minutes before it
/// (also divided by 12 on a demo night).
public enum ExitRules {
    /// The wait of attempt `attempt` (1-based), in seconds.
    public static func waitSeconds(attempt: Int, isDemo: Bool = false) -> Int {
        let minutes = [1, 3, 5, 10][min(max(attempt, 1), 4) - 1]
        return scaled(minutes * 60, isDemo: isDemo)
    }

    /// The free window attempt `attempt` grants, in seconds.
    public static func freeWindowSeconds(attempt: Int, isDemo: Bool = false) -> Int {
        let minutes = [10, 10, 5, 5][min(max(attempt, 1), 4) - 1]
        return scaled(minutes * 60, isDemo: isDemo)
    }

    /// How long before the free window ends its reminder fires, in seconds.
    public static func freeWindowReminderSeconds(isDemo: Bool = false) -> Int {
        scaled(120, isDemo: isDemo)
    }

    /// The reflection prompt of attempt `attempt`; `confirmedSoFar` is the N of prompt 4+:
    /// the exits confirmed so far that night, as of the moment shown (during attempt k's
    /// free window that includes attempt k, so the 4th exit's window says "4 times").
    public static func prompt(attempt: Int, confirmedSoFar: Int) -> String {
        switch attempt {
        case ...1: return "Take 3 deep breaths. Is this really worth losing sleep over?"
        case 2: return "Box breathing: in 4, hold 4, out 4, hold 4."
        case 3: return "Think about how you'll feel tomorrow morning."
        default: return "You've opted out \(confirmedSoFar) times tonight. Your sleep debt is growing."
        }
    }

    private static func scaled(_ seconds: Int, isDemo: Bool) -> Int {
        isDemo ? seconds / DemoNight.exitTimeDivisor : seconds
    }
}
