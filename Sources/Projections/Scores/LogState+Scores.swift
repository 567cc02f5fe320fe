import Events

extension LogState {
    /// How many previous nights the usual bedtime looks back over.
    public static let usualBedtimeNights = 14

    /// Minutes after noon of `instant` in `zone` (so 23:50 and 00:10 are 20 minutes apart).
    static func minutesAfterNoon(_ instant: Instant, zone: String) -> Double {
        let local = LocalTimeResolver(identifier: zone)?.localDateTime(of: instant) ?? instant.localDateTime
        let minutes = Double(local.hour * 60 + local.minute) + Double(local.second) / 60
        return minutes >= 720 ? minutes - 720 : minutes + 720
    }

    /// The onsets of up to 14 nights with records before `night`, as minutes after noon.
    public func recentOnsets(before night: LocalDate) -> [Double] {
        sleep.nightsWithData(before: night, last: Self.usualBedtimeNights).compactMap { previous in
            sleep.record(for: previous).map { Self.minutesAfterNoon($0.onset, zone: $0.timeZone) }
        }
    }

    /// The tunable score of `night` with the settings in force (or `settings`), `nil`
    /// without a sleep record.
    public func score(for night: LocalDate, settings: ScoreSettings? = nil) -> NightScore? {
        guard let record = sleep.record(for: night) else { return nil }
        let settings = settings ?? scoreInputs.settings
        let asleep = record.asleepMinutes
        var parts: [ScorePart: Double] = [:]
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
        } else if let usual = AppleScoreEstimate.median(recentOnsets(before: night)) {
            let onset = Self.minutesAfterNoon(record.onset, zone: record.timeZone)
            parts[.bedtime] = ScoreCurves.bedtime(deviationMinutes: onset - usual)
        }
        parts[.interruptions] = ScoreCurves.interruptions(count: record.interruptions, awakeMinutes: Double(record.awakeMilliseconds) / 60_000)
        let weights = settings.weights.scaled(available: Set(parts.keys))
        // Summed in part order, never a dictionary's: its order changes from one instance
        // to the next, and so would the last bits of the total.
        let total = ScorePart.allCases.reduce(0.0) { sum, part in
            guard let value = parts[part] else { return sum }
            return sum + (weights[part] ?? 0) * value
        }
        return NightScore(night: night, parts: parts, weights: weights, unroundedTotal: total, deepTargetMinutes: deepTarget, bedtimeReference: reference)
    }

    /// The estimate of Apple's score for `night`, `nil` without a sleep record.
    public func appleEstimate(for night: LocalDate) -> AppleScoreEstimate? {
        guard let record = sleep.record(for: night) else { return nil }
        return AppleScoreEstimate.estimate(
            record: record,
            onsetMinutesAfterNoon: Self.minutesAfterNoon(record.onset, zone: record.timeZone),
            recentOnsets: recentOnsets(before: night)
        )
    }
}
