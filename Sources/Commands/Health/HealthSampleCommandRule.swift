import Events
import Projections

/// The command side of the caffeine and workout rule (docs/rules.md §8.4): the typed
/// answer of `HealthSamples.rejection(of:at:)`, the rule the fold skips by, rendered as a
/// `CommandError` naming the sample (`samples[i] (sampleId "…")`) and what is accepted.
enum HealthSampleCommandRule {
    /// Throws the error for `rejection` of the sample labelled `label` at `index`, given
    /// the command's instant `now`, start and end (a caffeine sample's end is its start).
    static func check(
        _ rejection: HealthSampleRejection?, start: Instant, end: Instant, now: Instant, label: String, index: Int
    ) throws(CommandError) {
        guard let rejection else { return }
        switch rejection {
        case .caffeineOutOfRange(let mg):
            throw CommandError(
                rule: .caffeineOutOfRange,
                message: "\(label) holds \(VitalRange.number(mg)) mg of caffeine; more than 0 and at most \(VitalRange.number(HealthSamples.maximumMilligrams)) mg is accepted",
                sampleIndex: index)
        case .startsTooLate(let latestStart):
            throw CommandError(
                rule: .startsTooLate,
                message: "\(label) starts at \(start), more than 1 day after now (\(now)); a sample starting by \(latestStart) is accepted",
                sampleIndex: index)
        case .interval:
            try SampleRule.checkInterval(start: start, end: end, now: now, label: label, index: index)
        case .blankActivity:
            throw CommandError(
                rule: .blankActivity,
                message: "\(label) has a blank activity; HealthKit's activity type without its HKWorkoutActivityType prefix (e.g. \"running\") is accepted",
                sampleIndex: index)
        case .negativeEnergy(let kilocalories):
            throw CommandError(
                rule: .energyOutOfRange,
                message: "\(label) burns \(VitalRange.number(kilocalories)) kcal; 0 kcal or more, or no energy, is accepted",
                sampleIndex: index)
        }
    }
}
