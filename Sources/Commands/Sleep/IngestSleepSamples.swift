import Events
import Projections

/// Ingests HealthKit sleep-analysis samples (`sleepSampleIngested`, one per sample, in the
/// order given), appended as **one batch**: a night delivered by an anchored query lands
/// whole or not at all.
///
/// Each sample must (docs/rules.md §5 and the ranges of §8.4):
/// - have a sampleId that is not blank (`.blankSampleId`), and differs from every other
///   sampleId of the batch (`.duplicateSampleId`);
/// - end after it starts (`.endNotAfterStart`; a zero-length sample is refused), last at
///   most 24 h (`.durationTooLong`; 24 h exactly is accepted, 24 h + 1 ms is not) and end
///   no later than 1 day after now, the command's instant and the events' `at`
///   (`.endsTooLate`); how long ago it started is not limited (a first sync reaches back);
/// - have a zone name of the right form when it names one (`tz`, `ZoneName.isPlausible(_:)`;
///   `.unknownTimeZone`). A plausible zone this platform does not know is accepted: the log
///   keeps it and projections skip the sample with a warning until the platform knows it
///   (docs/rules.md §8.2). Without a zone, the night is read in the event's zone (docs/rules.md §5.1).
///
/// A stage is a `SleepStage`, so a stage that does not exist cannot be expressed here; from
/// JSON (`replay-tool append`, another front end) the decoder refuses it, naming the
/// allowed values. `sourceName` is free text, kept as given.
///
/// **A rejected sample rejects the whole batch** and nothing is appended; the error names
/// the sample (`samples[i] (sampleId "…")`, 0-based) and carries its index in
/// `CommandError.sampleIndex`. An empty batch (an anchored query with nothing new) appends
/// nothing.
///
/// The events carry `source: health` (HealthKit delivery; docs/log-format.md's example) unless
/// `source` says otherwise (`nil`: the store's source), and ids chosen by
/// `eventIdentifiers` (`SampleEventIdentifiers`: fresh by default, derived from the
/// sampleIds as `hk-sleep-<sampleId>`, or given).
///
/// **Re-delivery.** A sample the log already holds as it is (the sleep projection's
/// sample under that sampleId equals it), or one deleted since (a deleted sample stays
/// deleted), is left out, so HealthKit re-delivering a night appends nothing whatever the
/// ids; a changed sample is appended and replaces the old one. The log's append is also
/// idempotent by event id for the same content, `at` included: with ids derived from the
/// HealthKit sample (`.derivedFromSampleIds`, or `.given` ids of its own), resending the
/// same events (a retry whose outcome was lost, an offline queue) appends nothing either.
/// Advance the HealthKit anchor only once the batch has landed.
public struct IngestSleepSamples: Command {
    /// The samples, in the order they are appended.
    public var samples: [SleepSampleIngested]
    /// How the events get their ids.
    public var eventIdentifiers: SampleEventIdentifiers
    /// The events' source; `nil` takes the store's.
    public var source: EventSource?

    /// The prefix of derived ids: `hk-sleep-<sampleId>`.
    public static let identifierPrefix = "hk-sleep-"

    /// Creates the value from its parts.
    public init(samples: [SleepSampleIngested], eventIdentifiers: SampleEventIdentifiers = .fresh, source: EventSource? = .health) {
        self.samples = samples
        self.eventIdentifiers = eventIdentifiers
        self.source = source
    }

    /// The event id `.derivedFromSampleIds` gives `sample`: `hk-sleep-<sampleId>` (a digest
    /// of the sampleId in place of it when that would exceed 128 bytes).
    public static func eventIdentifier(for sample: SleepSampleIngested) -> String {
        SampleEventIdentifiers.derivedIdentifier(prefix: identifierPrefix, sampleId: sample.sampleId)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let identifiers = try SampleRule.checkBatch(
            samples, array: "samples", sampleId: \.sampleId, eventIdentifiers: eventIdentifiers, prefix: Self.identifierPrefix
        ) { sample, label, index throws(CommandError) in
            try SampleRule.checkInterval(start: sample.start, end: sample.end, now: context.now, label: label, index: index)
            try SampleRule.checkZone(sample.timeZone, label: label, index: index)
        }
        // A sample the log already holds as it is, or one deleted since (a deleted sample
        // stays deleted), would change nothing: HealthKit re-delivery appends nothing.
        return zip(samples, identifiers).compactMap { sample, identifier in
            if state.sleep.isDeleted(sample.sampleId) { return nil }
            if let held = state.sleep.sample(withId: sample.sampleId),
               held == SleepLedger.sample(from: sample, eventZone: context.timeZone) {
                return nil
            }
            return context.event(.sleepSampleIngested(sample), identifier: identifier, source: source)
        }
    }
}
