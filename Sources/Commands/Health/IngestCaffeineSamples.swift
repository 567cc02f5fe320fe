import Events
import Projections

/// Ingests HealthKit dietary-caffeine samples (`caffeineIngested`, one per sample, in the
/// order given), appended as one batch.
///
/// Each sample must (docs/rules.md §8.4, by `HealthSamples.rejection(of:at:)`, the rule the
/// fold skips by):
/// - have a sampleId that is not blank (`.blankSampleId`) and differs from every other
///   sampleId of the batch (`.duplicateSampleId`);
/// - hold more than 0 and at most 1000 mg (`.caffeineOutOfRange`; HealthKit's
///   `HKQuantityTypeIdentifierDietaryCaffeine` in mg);
/// - start no later than 1 day after now (`.startsTooLate`; a caffeine sample is a point in
///   time); how long ago is not limited;
/// - have a zone name of the right form when it names one (`.unknownTimeZone`; a plausible
///   zone this platform does not know is accepted, and projections skip the sample until
///   the platform knows it).
///
/// A rejected sample rejects the whole batch, naming it (`CommandError.sampleIndex`); an
/// empty batch appends nothing. A sample deleted since (`healthSampleDeleted`: it stays
/// deleted), or one the log already holds as it is, is left out, so a re-delivery appends
/// nothing; a changed sample is appended and replaces the old one.
///
/// The events carry `source: health` unless `source` says otherwise (`nil`: the store's
/// source); their ids follow `eventIdentifiers` (derived: `hk-caffeine-<sampleId>`).
public struct IngestCaffeineSamples: Command {
    /// The samples, in the order they are appended.
    public var samples: [CaffeineIngested]
    /// How the events get their ids.
    public var eventIdentifiers: SampleEventIdentifiers
    /// The events' source; `nil` takes the store's.
    public var source: EventSource?

    /// The prefix of derived ids: `hk-caffeine-<sampleId>`.
    public static let identifierPrefix = "hk-caffeine-"

    /// Creates the value from its parts.
    public init(samples: [CaffeineIngested], eventIdentifiers: SampleEventIdentifiers = .fresh, source: EventSource? = .health) {
        self.samples = samples
        self.eventIdentifiers = eventIdentifiers
        self.source = source
    }

    /// The event id `.derivedFromSampleIds` gives `sample`.
    public static func eventIdentifier(for sample: CaffeineIngested) -> String {
        SampleEventIdentifiers.derivedIdentifier(prefix: identifierPrefix, sampleId: sample.sampleId)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let identifiers = try SampleRule.checkBatch(
            samples, array: "samples", sampleId: \.sampleId, eventIdentifiers: eventIdentifiers, prefix: Self.identifierPrefix
        ) { sample, label, index throws(CommandError) in
            try HealthSampleCommandRule.check(
                HealthSamples.rejection(of: sample, at: context.now), start: sample.start, end: sample.start,
                now: context.now, label: label, index: index)
            try SampleRule.checkZone(sample.timeZone, label: label, index: index)
        }
        return zip(samples, identifiers).compactMap { sample, identifier in
            if state.health.isDeleted(sample.sampleId) { return nil }
            if let held = state.health.caffeine(withId: sample.sampleId),
               held == HealthSamples.caffeine(from: sample, eventZone: context.timeZone) {
                return nil
            }
            return context.event(.caffeineIngested(sample), identifier: identifier, source: source)
        }
    }
}
