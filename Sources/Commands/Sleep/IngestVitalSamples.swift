import Events
import Projections

/// Ingests HealthKit vital readings (`vitalSampleIngested`, one per sample, in the order
/// given), appended as one batch.
///
/// Each sample must:
/// - have a sampleId that is not blank (`.blankSampleId`) and differs from every other
///   sampleId of the batch (`.duplicateSampleId`);
/// - hold a finite value (`.valueNotFinite`), in its kind's unit (`.unexpectedUnit`) and
///   within its kind's plausible range (`.vitalOutOfRange`), both given by `VitalRange`:
///   HRV 1–300 `ms`, resting heart rate 20–250 `count/min`, SpO2 0.5–1.0 `%` (HealthKit's
///   percent unit is a fraction: 97 % is 0.97), respiratory rate 3–60 `count/min`, wrist
///   temperature 25–42 `degC` (the absolute temperature HealthKit stores, not the change
///   from baseline that Health shows);
/// - follow the interval rules of sleep samples (docs/rules.md §8.4), but for one: a reading may
///   be taken at an instant (start = end; HealthKit gives SpO2 so), as the sleep projection
///   accepts it (`SampleInterval.check(…, allowsInstant: true)`). So it ends at or after its
///   start (`.endNotAfterStart`), lasts at most 24 h (`.durationTooLong`), and ends no later
///   than 1 day after now (`.endsTooLate`).
///
/// A kind that does not exist cannot be expressed here (`VitalKind` is an enum); from JSON
/// the decoder refuses it. A rejected sample rejects the whole batch, naming it
/// (`samples[i] (sampleId "…")`, 0-based; `CommandError.sampleIndex`). An empty batch
/// appends nothing.
///
/// The events carry `source: health` unless `source` says otherwise (`nil`: the store's
/// source); their ids follow `eventIdentifiers` (derived: `hk-vital-<sampleId>`; see
/// `SampleEventIdentifiers` for what the log's idempotence by id does and does not cover).
public struct IngestVitalSamples: Command {
    /// The readings, in the order they are appended.
    public var samples: [VitalSampleIngested]
    /// How the events get their ids.
    public var eventIdentifiers: SampleEventIdentifiers
    /// The events' source; `nil` takes the store's.
    public var source: EventSource?

    /// The prefix of derived ids: `hk-vital-<sampleId>`.
    public static let identifierPrefix = "hk-vital-"

    /// Creates the value from its parts.
    public init(samples: [VitalSampleIngested], eventIdentifiers: SampleEventIdentifiers = .fresh, source: EventSource? = .health) {
        self.samples = samples
        self.eventIdentifiers = eventIdentifiers
        self.source = source
    }

    /// The event id `.derivedFromSampleIds` gives `sample`: `hk-vital-<sampleId>` (a digest
    /// of the sampleId in place of it when that would exceed 128 bytes).
    public static func eventIdentifier(for sample: VitalSampleIngested) -> String {
        SampleEventIdentifiers.derivedIdentifier(prefix: identifierPrefix, sampleId: sample.sampleId)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let identifiers = try SampleRule.checkBatch(
            samples, array: "samples", sampleId: \.sampleId, eventIdentifiers: eventIdentifiers, prefix: Self.identifierPrefix
        ) { sample, label, index throws(CommandError) in
            try Self.checkReading(sample, label: label, index: index)
            try SampleRule.checkInterval(start: sample.start, end: sample.end, now: context.now, allowsInstant: true, label: label, index: index)
        }
        return zip(samples, identifiers).map { sample, identifier in
            context.event(.vitalSampleIngested(sample), identifier: identifier, source: source)
        }
    }

    /// Checks the value and unit of a reading against its kind's `VitalRange`.
    static func checkReading(_ sample: VitalSampleIngested, label: String, index: Int) throws(CommandError) {
        let expected = VitalRange.of(sample.kind)
        let kind = sample.kind.rawValue
        guard sample.value.isFinite else {
            throw CommandError(
                rule: .valueNotFinite,
                message: "\(label): the \(kind) value is \(sample.value), not a finite number; a reading from \(expected.rangeText) is accepted",
                sampleIndex: index
            )
        }
        guard sample.unit == expected.unit else {
            throw CommandError(
                rule: .unexpectedUnit,
                message: "\(label): \(kind) is given in \"\(sample.unit)\"; \(kind) is accepted in \"\(expected.unit)\" (\(expected.rangeText))",
                sampleIndex: index
            )
        }
        guard expected.accepts(sample.value) else {
            var hint = ""
            if sample.kind == .spo2, (50...100).contains(sample.value) {
                hint = " (HealthKit's percent unit is a fraction: \(VitalRange.number(sample.value)) % is \(VitalRange.number(sample.value / 100)))"
            }
            throw CommandError(
                rule: .vitalOutOfRange,
                message: "\(label): \(kind) \(VitalRange.number(sample.value)) \(sample.unit) is outside the plausible range; a reading from \(expected.rangeText) is accepted\(hint)",
                sampleIndex: index
            )
        }
    }
}
