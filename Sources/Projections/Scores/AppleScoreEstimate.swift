import Events

/// An estimate of Apple's Sleep Score (docs/rules.md §7.3), built from what is known of its
/// curves. It is an estimate: Apple publishes no formula and offers no API; the real score
/// only enters the log when the person types it in.
///
/// - Duration, up to 50: nothing is lost from 7 h 50 min asleep up; below, the shortfall s
///   (minutes) costs s/10.9 + s²/7200 points, which gives about 6 points at 1 h short and 13
///   at 2 h short; low deep sleep (under 13 % of sleep) and low REM (under 20 %), on a
///   staged night, cost 5 points each.
/// - Bedtime, up to 30: against the person's own recent bedtimes (the median onset of up
///   to 14 previous nights, as minutes after noon): full within 30 minutes, falling
///   linearly to 0 at 3 hours away; full when there is no history yet.
/// - Interruptions, up to 20: each interruption costs 1.5 points and each minute awake
///   after onset 0.1, never below 0.
public struct AppleScoreEstimate: Sendable, Hashable {
    /// Duration points, 0…50.
    public var duration: Double
    /// Bedtime points, 0…30.
    public var bedtime: Double
    /// Interruption points, 0…20.
    public var interruptions: Double

    /// Creates the value from its parts.
    public init(duration: Double, bedtime: Double, interruptions: Double) {
        self.duration = duration
        self.bedtime = bedtime
        self.interruptions = interruptions
    }

    /// The total, rounded half up.
    public var total: Int { Int((duration + bedtime + interruptions + 0.5).rounded(.down)) }

    /// Apple's band of the total.
    public var band: AppleScoreBand { AppleScoreBand(total: total) }

    /// Asleep time from which duration loses nothing.
    public static let fullDurationMinutes = 470.0

    /// The estimate for `record`, with `recentOnsets` the onsets of up to 14 previous nights
    /// as minutes after noon.
    public static func estimate(record: SleepRecord, onsetMinutesAfterNoon: Double, recentOnsets: [Double]) -> AppleScoreEstimate {
        let asleep = record.asleepMinutes
        let shortfall = max(0, fullDurationMinutes - asleep)
        var duration = 50 - (shortfall / 10.9 + shortfall * shortfall / 7200)
        if let deep = record.deepMilliseconds, asleep > 0, Double(deep) / 60_000 / asleep < 0.13 { duration -= 5 }
        if let rem = record.remMilliseconds, asleep > 0, Double(rem) / 60_000 / asleep < 0.20 { duration -= 5 }
        var bedtime = 30.0
        if let usual = median(recentOnsets) {
            let deviation = abs(onsetMinutesAfterNoon - usual)
            bedtime = 30 * min(1, max(0, 1 - (deviation - 30) / 150))
        }
        let awake = Double(record.awakeMilliseconds) / 60_000
        let interruptions = max(0, 20 - 1.5 * Double(record.interruptions) - 0.1 * awake)
        return AppleScoreEstimate(duration: min(50, max(0, duration)), bedtime: bedtime, interruptions: min(20, interruptions))
    }

    /// The median of `values` (the mean of the middle two for an even count).
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
