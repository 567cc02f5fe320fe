import Events

/// One night's sleep (docs/rules.md §5.3, §5.4), from samples or a manual log. Durations are
/// kept in milliseconds; the JSON view rounds them to whole minutes, half up.
public struct SleepRecord: Sendable, Hashable {
    /// Where the record comes from.
    public enum Source: String, Sendable, Hashable {
        case samples, manual
    }

    /// The night (noon-to-noon, by each sample's own zone).
    public var night: LocalDate
    /// Start of the main sleep's first asleep interval.
    public var onset: Instant
    /// End of the main sleep's last asleep interval.
    public var finalWake: Instant
    /// The zone the night's times are shown in (the onset sample's zone).
    public var timeZone: String
    /// Time asleep in the main sleep.
    public var asleepMilliseconds: Int64
    /// Core, deep and REM of the night's staged source within the main sleep; `nil` with no
    /// staged source.
    public var coreMilliseconds: Int64?
    public var deepMilliseconds: Int64?
    public var remMilliseconds: Int64?
    /// The staged source chosen (most staged time; a tie to the alphabetically first).
    public var stagedSource: String?
    /// The part of [onset, final wake] not covered by asleep intervals.
    public var awakeMilliseconds: Int64
    /// Maximal awake stretches of 1 minute or more between onset and final wake.
    public var interruptions: Int
    /// Onset − the start of the in-bed stretch holding it; `nil` when none holds it.
    public var latencyMilliseconds: Int64?
    /// Asleep ÷ (final wake − in-bed start, or onset when there is none).
    public var efficiency: Double
    /// Asleep time outside the main sleep (naps).
    public var napMilliseconds: Int64
    /// Samples or manual.
    public var source: Source

    /// Creates the value from its parts.
    public init(night: LocalDate, onset: Instant, finalWake: Instant, timeZone: String, asleepMilliseconds: Int64, coreMilliseconds: Int64?, deepMilliseconds: Int64?, remMilliseconds: Int64?, stagedSource: String?, awakeMilliseconds: Int64, interruptions: Int, latencyMilliseconds: Int64?, efficiency: Double, napMilliseconds: Int64, source: Source) {
        self.night = night
        self.onset = onset
        self.finalWake = finalWake
        self.timeZone = timeZone
        self.asleepMilliseconds = asleepMilliseconds
        self.coreMilliseconds = coreMilliseconds
        self.deepMilliseconds = deepMilliseconds
        self.remMilliseconds = remMilliseconds
        self.stagedSource = stagedSource
        self.awakeMilliseconds = awakeMilliseconds
        self.interruptions = interruptions
        self.latencyMilliseconds = latencyMilliseconds
        self.efficiency = efficiency
        self.napMilliseconds = napMilliseconds
        self.source = source
    }

    /// Minutes asleep, unrounded.
    public var asleepMinutes: Double { Double(asleepMilliseconds) / 60_000 }

    /// Whole minutes, rounded half up (docs/json-view.md).
    public static func wholeMinutes(_ milliseconds: Int64) -> Int {
        Int((milliseconds + 30_000).dividedRoundingDown(by: 60_000))
    }
}

extension Int64 {
    /// Floor division.
    func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
