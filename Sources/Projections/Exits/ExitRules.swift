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

    private static func scaled(_ seconds: Int, isDemo: Bool) -> Int {
        isDemo ? seconds / DemoNight.exitTimeDivisor : seconds
    }
}
