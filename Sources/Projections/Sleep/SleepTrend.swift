import Events

/// How far back a trend looks, and how it groups nights: by week (Monday to Sunday) for a
/// month and six months, by calendar month for a year and all time.
public enum TrendSpan: String, Sendable, Hashable, CaseIterable, Codable {
    case month, sixMonths, year, allTime

    /// Nights covered back from the current night (`nil`: since the first night with data).
    public var nights: Int? {
        switch self {
        case .month: return 30
        case .sixMonths: return 182
        case .year: return 365
        case .allTime: return nil
        }
    }

    /// Whether buckets are calendar months (else weeks).
    public var groupsByMonth: Bool { self == .year || self == .allTime }
}

/// One bucket of a trend, as data a chart takes directly: means over the nights with data
/// in the bucket (`nil` when none had that figure).
public struct TrendBucket: Sendable, Hashable, Codable {
    /// The first night of the bucket.
    public var start: LocalDate
    /// The last night of the bucket.
    public var end: LocalDate
    /// Nights with a sleep record.
    public var nightsWithData: Int
    /// Mean tunable score.
    public var meanScore: Double?
    /// Mean minutes asleep.
    public var meanAsleepMinutes: Double?
    /// Mean deep minutes (staged nights).
    public var meanDeepMinutes: Double?
    /// Mean REM minutes (staged nights).
    public var meanRemMinutes: Double?
    /// Mean minutes from the planned bedtime to sleep onset (planned nights; positive =
    /// later than planned).
    public var meanBedtimeDriftMinutes: Double?
    /// The 7-night sleep debt at the bucket's last night.
    public var debtMinutes: Double
    /// Mean HRV, lowest resting heart rate averaged, mean SpO2.
    public var meanHRV: Double?
    public var meanRestingHeartRate: Double?
    public var meanSpO2: Double?

    /// Creates the value from its parts.
    public init(start: LocalDate, end: LocalDate, nightsWithData: Int, meanScore: Double?, meanAsleepMinutes: Double?, meanDeepMinutes: Double?, meanRemMinutes: Double?, meanBedtimeDriftMinutes: Double?, debtMinutes: Double, meanHRV: Double?, meanRestingHeartRate: Double?, meanSpO2: Double?) {
        self.start = start
        self.end = end
        self.nightsWithData = nightsWithData
        self.meanScore = meanScore
        self.meanAsleepMinutes = meanAsleepMinutes
        self.meanDeepMinutes = meanDeepMinutes
        self.meanRemMinutes = meanRemMinutes
        self.meanBedtimeDriftMinutes = meanBedtimeDriftMinutes
        self.debtMinutes = debtMinutes
        self.meanHRV = meanHRV
        self.meanRestingHeartRate = meanRestingHeartRate
        self.meanSpO2 = meanSpO2
    }
}

extension LogState {
    /// The trend over `span` as of `now`, oldest bucket first. Buckets are whole weeks or
    /// months; the first and last may be cut by the span's ends.
    public func trend(_ span: TrendSpan, at now: Instant) -> [TrendBucket] {
        let last = nightPlans.night(holding: now)
        let first: LocalDate
        if let nights = span.nights {
            first = last.adding(days: -(nights - 1))
        } else if let earliest = sleep.nightsWithData.first {
            first = min(earliest, last)
        } else {
            return []
        }
        var buckets: [TrendBucket] = []
        var start = first
        while start <= last {
            let end = min(last, Self.bucketEnd(of: start, byMonth: span.groupsByMonth))
            buckets.append(bucket(from: start, to: end))
            start = end.adding(days: 1)
        }
        return buckets
    }

    /// The last night of the week (Monday to Sunday) or month holding `night`.
    static func bucketEnd(of night: LocalDate, byMonth: Bool) -> LocalDate {
        if byMonth {
            var next = night
            while next.adding(days: 1).month == night.month { next = next.adding(days: 1) }
            return next
        }
        return night.adding(days: 7 - night.weekday)
    }

    private func bucket(from start: LocalDate, to end: LocalDate) -> TrendBucket {
        var nights: [LocalDate] = []
        var night = start
        while night <= end {
            if sleep.record(for: night) != nil { nights.append(night) }
            night = night.adding(days: 1)
        }
        func mean(_ values: [Double]) -> Double? {
            values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        let records = nights.compactMap { sleep.record(for: $0) }
        let drifts = nights.compactMap { night -> Double? in
            guard let record = sleep.record(for: night), let plan = nightPlans.planWithoutRevisions(for: night) else { return nil }
            return Double(record.onset.millisecondsSince1970 - plan.bedtimeAt.millisecondsSince1970) / 60_000
        }
        let vitals = nights.compactMap { sleep.vitals(on: $0) }
        return TrendBucket(
            start: start, end: end, nightsWithData: nights.count,
            meanScore: mean(nights.compactMap { score(for: $0)?.unroundedTotal }),
            meanAsleepMinutes: mean(records.map(\.asleepMinutes)),
            meanDeepMinutes: mean(records.compactMap { $0.deepMilliseconds.map { Double($0) / 60_000 } }),
            meanRemMinutes: mean(records.compactMap { $0.remMilliseconds.map { Double($0) / 60_000 } }),
            meanBedtimeDriftMinutes: mean(drifts),
            debtMinutes: sleepDebt(endingWith: end).last7Minutes,
            meanHRV: mean(vitals.compactMap(\.meanHRV)),
            meanRestingHeartRate: mean(vitals.compactMap(\.lowestRestingHeartRate)),
            meanSpO2: mean(vitals.compactMap(\.meanSpO2))
        )
    }
}
