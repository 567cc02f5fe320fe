/// The curves that turn a night's figures into parts of 0…1. Each is monotone: more sleep,
/// more deep or REM sleep, a bedtime nearer its reference, fewer or shorter interruptions
/// never lower a part.
public enum ScoreCurves {
    /// Duration: 1 from the sleep need up; falling linearly to 0 at half the need.
    /// (7 h of an 8 h need scores 0.75; 6 h scores 0.5.)
    public static func duration(asleepMinutes: Double, needMinutes: Double) -> Double {
        guard needMinutes > 0 else { return 1 }
        return clamp((asleepMinutes / needMinutes - 0.5) / 0.5)
    }

    /// Deep or REM: the share of the target reached, at most 1.
    public static func stage(minutes: Double, targetMinutes: Double) -> Double {
        guard targetMinutes > 0 else { return 1 }
        return clamp(minutes / targetMinutes)
    }

    /// Bedtime: 1 within 15 minutes of the reference (either side), falling linearly to 0
    /// at 2 hours away.
    public static func bedtime(deviationMinutes: Double) -> Double {
        clamp(1 - (abs(deviationMinutes) - 15) / 105)
    }

    /// Interruptions: each interruption costs a tenth, and each minute awake after sleep
    /// onset a hundred-and-twentieth; never below 0.
    public static func interruptions(count: Int, awakeMinutes: Double) -> Double {
        clamp(1 - Double(count) / 10 - max(0, awakeMinutes) / 120)
    }

    static func clamp(_ value: Double) -> Double {
        min(1, max(0, value))
    }
}
