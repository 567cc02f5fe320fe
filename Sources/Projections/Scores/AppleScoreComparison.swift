import Events

/// The estimate of Apple's Sleep Score beside the score the person typed in from Health
/// (docs/rules.md §7.3): per night the parts and totals of both and the error, and over all such
/// nights the mean absolute error and the part that errs most. Pure: built from nights
/// already paired, or from a `LogState` with `LogState.appleScoreComparison(from:to:)`.
///
/// Errors are always estimate − logged, so a positive error means the estimate is too kind.
///
/// - A part's error uses the estimate's unrounded points (the estimate keeps fractions;
///   rounding each part first would add up to half a point of noise per part that no
///   change of curve could remove). Interruptions have no error on a night where they were
///   not typed in.
/// - A night's error is of the totals as shown: the estimate's total rounded half up minus
///   the logged total, in whole points.
/// - The mean absolute error of the total is over every compared night; a part's is over
///   the nights that have that part logged.
/// - The part that errs most is the one with the largest mean absolute error in raw
///   points, not in points relative to the part's maximum: a point of error weighs the same
///   in the total whichever part it comes from, so raw points say where the total's error
///   comes from. `relativeMeanAbsoluteError(of:)` gives the other view. A tie goes to the
///   first part in `AppleScorePart` order.
public struct AppleScoreComparison: Sendable, Hashable {
    /// One night with both an estimate and a logged score.
    public struct ComparedNight: Sendable, Hashable {
        /// The night.
        public var night: LocalDate
        /// The estimate from the night's sleep record.
        public var estimate: AppleScoreEstimate
        /// The score typed in (the latest for the night).
        public var logged: AppleSleepScoreLogged

        /// Creates the value from its parts.
        public init(night: LocalDate, estimate: AppleScoreEstimate, logged: AppleSleepScoreLogged) {
            self.night = night
            self.estimate = estimate
            self.logged = logged
        }

        /// Estimate − logged points of `part` (unrounded estimate); `nil` when the part was
        /// not typed in.
        public func error(of part: AppleScorePart) -> Double? {
            logged.points(part).map { estimate.points(part) - Double($0) }
        }

        /// Estimate − logged total, in whole points (the estimate's total rounded half up).
        public var totalError: Int { estimate.total - logged.total }

        /// Apple's band of the estimated total.
        public var estimateBand: AppleScoreBand { estimate.band }

        /// Apple's band of the logged total.
        public var loggedBand: AppleScoreBand { AppleScoreBand(total: logged.total) }

        /// Whether the estimate falls in the same band as the logged score.
        public var bandsAgree: Bool { estimateBand == loggedBand }
    }

    /// The compared nights, oldest first.
    public var nights: [ComparedNight]
    /// Nights with a logged score but no sleep record, oldest first: nothing to estimate
    /// from, so they are left out of every figure and only counted here.
    public var nightsWithoutRecord: [LocalDate]

    /// Creates the comparison of `nights` (sorted oldest first), with the logged nights
    /// that had no sleep record.
    public init(nights: [ComparedNight], nightsWithoutRecord: [LocalDate] = []) {
        self.nights = nights.sorted { $0.night < $1.night }
        self.nightsWithoutRecord = nightsWithoutRecord.sorted()
    }

    /// How many logged nights were left out for want of a sleep record.
    public var excludedCount: Int { nightsWithoutRecord.count }

    /// The mean absolute error of the total over every compared night, in points; `nil`
    /// with no night compared.
    public var meanAbsoluteError: Double? {
        Self.mean(nights.map { Double(abs($0.totalError)) })
    }

    /// The mean absolute error of `part` over the nights that have it logged, in points;
    /// `nil` when no night has it.
    public func meanAbsoluteError(of part: AppleScorePart) -> Double? {
        Self.mean(nights.compactMap { $0.error(of: part).map(abs) })
    }

    /// How many compared nights have `part` logged.
    public func loggedCount(of part: AppleScorePart) -> Int {
        nights.filter { $0.logged.points(part) != nil }.count
    }

    /// The mean absolute error of `part` as a share of the part's maximum (0…1).
    public func relativeMeanAbsoluteError(of part: AppleScorePart) -> Double? {
        meanAbsoluteError(of: part).map { $0 / Double(part.maximum) }
    }

    /// The mean error (estimate − logged) of `part`: positive when the estimate gives more
    /// points than Apple did on average.
    public func meanError(of part: AppleScorePart) -> Double? {
        Self.mean(nights.compactMap { $0.error(of: part) })
    }

    /// The part with the largest mean absolute error in raw points (a tie to the first in
    /// part order); `nil` with no night compared.
    public var partThatErrsMost: AppleScorePart? {
        var worst: (part: AppleScorePart, error: Double)?
        for part in AppleScorePart.allCases {
            guard let error = meanAbsoluteError(of: part) else { continue }
            if worst.map({ error > $0.error }) ?? true { worst = (part, error) }
        }
        return worst?.part
    }

    /// How many compared nights fall in the same Apple band as their logged score.
    public var nightsInTheSameBand: Int { nights.filter(\.bandsAgree).count }

    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}

extension LogState {
    /// The Apple-score comparison over the logged nights from `from` through `to` (both
    /// inclusive, each open when `nil`): each night with a logged score (the latest typed
    /// in) and a sleep record is compared with `appleEstimate(for:)`; a logged night
    /// without a sleep record is only counted in `nightsWithoutRecord`. Nights with a
    /// record but no logged score have nothing to compare and are not mentioned.
    public func appleScoreComparison(from: LocalDate? = nil, to: LocalDate? = nil) -> AppleScoreComparison {
        var nights: [AppleScoreComparison.ComparedNight] = []
        var withoutRecord: [LocalDate] = []
        for (night, logged) in scoreInputs.appleLogged {
            if let from, night < from { continue }
            if let to, night > to { continue }
            if let estimate = appleEstimate(for: night) {
                nights.append(AppleScoreComparison.ComparedNight(night: night, estimate: estimate, logged: logged))
            } else {
                withoutRecord.append(night)
            }
        }
        return AppleScoreComparison(nights: nights, nightsWithoutRecord: withoutRecord)
    }
}
