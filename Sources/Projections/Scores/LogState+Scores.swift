import Events

extension LogState {
    /// How many previous nights the usual bedtime looks back over.
    public static let usualBedtimeNights = 14

    /// Minutes after noon of a wall-clock time (so 23:50 and 00:10 are 20 minutes apart):
    /// an onset read in its record's zone (``OnsetMinutes``).
    static func minutesAfterNoon(_ local: LocalDateTime) -> Double {
        let minutes = Double(local.hour * 60 + local.minute) + Double(local.second) / 60
        return minutes >= 720 ? minutes - 720 : minutes + 720
    }

    /// The onsets of up to 14 nights with records before `night`, as minutes after noon.
    public func recentOnsets(before night: LocalDate) -> [Double] {
        var onsets = OnsetMinutes()
        return recentOnsets(before: night, onsets: &onsets)
    }

    /// ``recentOnsets(before:)``, each night's onset converted once for all the calls that
    /// share `onsets`.
    package func recentOnsets(before night: LocalDate, onsets: inout OnsetMinutes) -> [Double] {
        onsets.recent(before: night, count: Self.usualBedtimeNights, in: sleep)
    }

    /// The tunable score of `night` with the settings in force (or `settings`), `nil`
    /// without a sleep record.
    public func score(for night: LocalDate, settings: ScoreSettings? = nil) -> NightScore? {
        var onsets = OnsetMinutes()
        return score(for: night, settings: settings, onsets: &onsets)
    }

    /// ``score(for:settings:)``, each night's onset converted once for all the calls that
    /// share `onsets` (the JSON view scores every night, each against the 14 before it).
    package func score(for night: LocalDate, settings: ScoreSettings? = nil, onsets: inout OnsetMinutes) -> NightScore? {
        guard let record = sleep.record(for: night) else { return nil }
        let settings = settings ?? scoreInputs.settings
        let asleep = record.asleepMinutes
        var parts = ScorePartValues()
        parts[.duration] = ScoreCurves.duration(asleepMinutes: asleep, needMinutes: Double(sleepNeedMinutes(for: night)))
        let deepTarget = ScoreSettings.minutes(of: settings.deepTarget, asleepMinutes: asleep)
        if let deep = record.deepMilliseconds {
            parts[.deep] = ScoreCurves.stage(minutes: Double(deep) / 60_000, targetMinutes: deepTarget)
        }
        if let rem = record.remMilliseconds {
            parts[.rem] = ScoreCurves.stage(minutes: Double(rem) / 60_000, targetMinutes: ScoreSettings.minutes(of: settings.remTarget, asleepMinutes: asleep))
        }
        // Bedtime: against the plan's bedtime when a plan covers the night, else against
        // the usual bedtime (median of up to 14 previous nights, as minutes after noon).
        var reference: Instant?
        if let plan = nightPlans.planWithoutRevisions(for: night) {
            reference = plan.bedtimeAt
            parts[.bedtime] = ScoreCurves.bedtime(deviationMinutes: Double(record.onset.millisecondsSince1970 - plan.bedtimeAt.millisecondsSince1970) / 60_000)
        } else if let usual = AppleScoreEstimate.median(recentOnsets(before: night, onsets: &onsets)) {
            let onset = onsets.minutes(of: record)
            parts[.bedtime] = ScoreCurves.bedtime(deviationMinutes: onset - usual)
        }
        parts[.interruptions] = ScoreCurves.interruptions(count: record.interruptions, awakeMinutes: Double(record.awakeMilliseconds) / 60_000)
        let weights = settings.weights.scaled { parts[$0] != nil }
        // Summed in part order, never a dictionary's: its order changes from one instance
        // to the next, and so would the last bits of the total.
        let total = ScorePart.allCases.reduce(0.0) { sum, part in
            guard let value = parts[part] else { return sum }
            return sum + (weights[part] ?? 0) * value
        }
        return NightScore(night: night, partValues: parts, partWeights: weights, unroundedTotal: total, deepTargetMinutes: deepTarget, bedtimeReference: reference)
    }

    /// The estimate of Apple's score for `night`, `nil` without a sleep record.
    public func appleEstimate(for night: LocalDate) -> AppleScoreEstimate? {
        var onsets = OnsetMinutes()
        return appleEstimate(for: night, onsets: &onsets)
    }

    /// ``appleEstimate(for:)``, each night's onset converted once for all the calls that
    /// share `onsets`.
    package func appleEstimate(for night: LocalDate, onsets: inout OnsetMinutes) -> AppleScoreEstimate? {
        guard let record = sleep.record(for: night) else { return nil }
        return AppleScoreEstimate.estimate(
            record: record,
            onsetMinutesAfterNoon: onsets.minutes(of: record),
            recentOnsets: recentOnsets(before: night, onsets: &onsets)
        )
    }
}

/// Nights' onsets as minutes after noon in their record's zone
/// (`LogState.minutesAfterNoon`), each night's converted once: scoring every night looks
/// at the 14 nights before each. The nights with a record are listed at the first look
/// back, and each onset is kept in its night's place. Valid for one state: make one per
/// query over many nights.
package struct OnsetMinutes {
    /// The nights with a record (days since 1970), oldest first, once listed.
    private var days: [Int32]?
    /// Each listed night's onset, once converted.
    private var minutes: [Double?] = []
    /// Whether each listed night's onset was converted (a night listed whose record is
    /// gone has none).
    private var converted: [Bool] = []
    /// The last zone converted in, and its offsets (a log's nights are mostly in one zone).
    private var lastZone: (name: String, offsets: ZoneOffsets?)?

    package init() {}

    /// The onsets of up to `count` nights with a record before `night` in `ledger`, oldest
    /// first (`SleepLedger.nightsWithData(before:last:)`).
    mutating func recent(before night: LocalDate, count: Int, in ledger: SleepLedger) -> [Double] {
        let days = listed(in: ledger)
        let end = days.partitioningIndex { $0 >= Int32(night.daysSince1970) }
        var onsets: [Double] = []
        onsets.reserveCapacity(count)
        for position in max(0, end - count)..<end {
            if let onset = minutes(at: position, in: ledger) { onsets.append(onset) }
        }
        return onsets
    }

    /// The onset of `record`.
    mutating func minutes(of record: SleepRecord) -> Double {
        if let days, case let position = days.partitioningIndex(where: { $0 >= Int32(record.night.daysSince1970) }),
           position < days.count, days[position] == Int32(record.night.daysSince1970) {
            if converted[position], let known = minutes[position] { return known }
            let onset = convert(record)
            minutes[position] = onset
            converted[position] = true
            return onset
        }
        return convert(record)
    }

    /// The nights with a record, listed at the first call.
    private mutating func listed(in ledger: SleepLedger) -> [Int32] {
        if let days { return days }
        let listed = ledger.nightsWithData(in: .all).map { Int32($0.daysSince1970) }
        days = listed
        minutes = Array(repeating: nil, count: listed.count)
        converted = Array(repeating: false, count: listed.count)
        return listed
    }

    /// The onset of the listed night at `position`, `nil` without a record.
    private mutating func minutes(at position: Int, in ledger: SleepLedger) -> Double? {
        if converted[position] { return minutes[position] }
        let onset = days.flatMap { ledger.record(for: LocalDate(daysSince1970: Int($0[position]))) }.map { convert($0) }
        minutes[position] = onset
        converted[position] = true
        return onset
    }

    /// `record`'s onset converted in its zone.
    private mutating func convert(_ record: SleepRecord) -> Double {
        if lastZone?.name != record.timeZone {
            lastZone = (record.timeZone, LocalTimeResolver(identifier: record.timeZone).map(ZoneOffsets.init))
        }
        let local = lastZone?.offsets?.localDateTime(of: record.onset) ?? record.onset.localDateTime
        return LogState.minutesAfterNoon(local)
    }
}
