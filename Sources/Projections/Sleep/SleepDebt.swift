import Events

/// Sleep debt as of an instant (docs/rules.md §6.2), in minutes.
public struct SleepDebt: Sendable, Hashable {
    /// One night's balance: need − asleep (positive = short); `nil` without data.
    public struct NightBalance: Sendable, Hashable {
        public var night: LocalDate
        public var balanceMinutes: Double?

        /// Creates the value from its parts.
        public init(night: LocalDate, balanceMinutes: Double?) {
            self.night = night
            self.balanceMinutes = balanceMinutes
        }
    }

    /// max(0, Σ balance) over the nights with data among the 7 ending with asOf's night.
    public var last7Minutes: Double
    /// The same over 14 nights.
    public var last14Minutes: Double
    /// The weighted 14-night debt: 14 × the weighted mean balance, the night k nights back
    /// weighing 0.15 × 0.872^k (the last night about 15 %); at least 0.
    public var weighted14Minutes: Double
    /// Nights with data among the 7.
    public var nightsWithData7: Int
    /// Nights with data among the 14.
    public var nightsWithData14: Int
    /// "At this rate, clear in N nights": 0 with no 7-night debt; ⌈debt₇ ÷ −mean⌉ of the 3
    /// latest nights' balances when that mean is negative; else `nil`.
    public var recoveryNights: Int?
    /// The 7 nights ending with asOf's night and their balances, oldest first: the trend.
    public var trend: [NightBalance]

    /// Creates the value from its parts.
    public init(last7Minutes: Double, last14Minutes: Double, weighted14Minutes: Double, nightsWithData7: Int, nightsWithData14: Int, recoveryNights: Int?, trend: [NightBalance]) {
        self.last7Minutes = last7Minutes
        self.last14Minutes = last14Minutes
        self.weighted14Minutes = weighted14Minutes
        self.nightsWithData7 = nightsWithData7
        self.nightsWithData14 = nightsWithData14
        self.recoveryNights = recoveryNights
        self.trend = trend
    }

    /// A night's balance in minutes: `needMinutes` − its time asleep as the night shows it,
    /// in whole minutes rounded half up (`asleepMinutes` of the JSON view), so the 7- and
    /// 14-night debts are exactly the sums of what the nights show, and the weighted debt
    /// and the recovery estimate use the same balances (docs/rules.md §6.1). A whole number.
    public static func balanceMinutes(needMinutes: Int, asleepMilliseconds: Int64) -> Double {
        Double(needMinutes - SleepRecord.wholeMinutes(asleepMilliseconds))
    }

    /// The weight of the night `nightsBack` nights before asOf's night.
    public static func weight(nightsBack: Int) -> Double {
        0.15 * power(0.872, Double(nightsBack))
    }
}

/// `x` to the power `n`, without Foundation.
func power(_ base: Double, _ exponent: Double) -> Double {
    var result = 1.0
    var count = Int(exponent)
    while count > 0 {
        result *= base
        count -= 1
    }
    return result
}
