import Events

/// Why a caffeine sample or a workout is refused (docs/rules.md §8.4, "Ranges"): the typed
/// answer of `HealthSamples.rejection(of:at:)`, which the fold turns into a warning (the
/// event is skipped) and `IngestCaffeineSamples` / `IngestWorkouts` into a `CommandError`
/// (nothing is appended), and which the Health export importer asks of each record.
package enum HealthSampleRejection: Sendable, Hashable {
    /// A caffeine amount that is not more than 0 and at most 1000 mg (`mg`).
    case caffeineOutOfRange(mg: Double)
    /// A caffeine sample that starts more than a day after its event's instant: it should
    /// start by `latestStart`.
    case startsTooLate(latestStart: Instant)
    /// A workout whose interval breaks the sample rule (`SampleInterval`: more than 0 and
    /// at most 24 h, ending no later than a day after its event's instant).
    case interval(SampleInterval.Rejection)
    /// A workout whose activity is empty or only white space.
    case blankActivity
    /// A workout whose energy is negative (`kilocalories`).
    case negativeEnergy(kilocalories: Double)

    /// The fold's reason (after the event's type name).
    package var warningText: String {
        switch self {
        case .caffeineOutOfRange(let mg): return "holds \(HealthSamples.number(mg)) mg; more than 0 and at most 1000 mg is accepted"
        case .startsTooLate: return "starts more than a day after its event's instant"
        case .interval(let rejection): return rejection.warningText
        case .blankActivity: return "has a blank activity"
        case .negativeEnergy(let kilocalories): return "burns \(HealthSamples.number(kilocalories)) kcal; 0 or more is accepted"
        }
    }
}
