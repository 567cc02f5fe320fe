import Events
import Projections

/// Records that HealthKit deleted sleep samples (`sleepSampleDeleted`, one per sample id,
/// in the order given), appended as one batch: a deleted sample is gone from every
/// projection (docs/rules.md §5.2).
///
/// Each id must not be blank (`.blankSampleId`) and must differ from every other id of the
/// batch (`.duplicateSampleId`); a rejected id rejects the whole batch, naming it
/// (`sampleIds[i]`, 0-based; `CommandError.sampleIndex`). An empty list appends nothing.
///
/// A deletion of a sample the log never ingested is accepted: HealthKit reports deletions
/// of samples older than the app's anchor, and a deletion of nothing changes nothing.
///
/// The events carry `source: health` unless `source` says otherwise (`nil`: the store's
/// source); their ids follow `eventIdentifiers` (derived: `hk-sleep-deleted-<sampleId>`;
/// see `SampleEventIdentifiers` for what the log's idempotence by id does and does not
/// cover).
public struct DeleteSleepSamples: Command {
    /// The HealthKit ids of the deleted samples.
    public var sampleIds: [String]
    /// How the events get their ids.
    public var eventIdentifiers: SampleEventIdentifiers
    /// The events' source; `nil` takes the store's.
    public var source: EventSource?

    /// The prefix of derived ids: `hk-sleep-deleted-<sampleId>`.
    public static let identifierPrefix = "hk-sleep-deleted-"

    /// Creates the value from its parts.
    public init(sampleIds: [String], eventIdentifiers: SampleEventIdentifiers = .fresh, source: EventSource? = .health) {
        self.sampleIds = sampleIds
        self.eventIdentifiers = eventIdentifiers
        self.source = source
    }

    /// The event id `.derivedFromSampleIds` gives the deletion of `sampleId`.
    public static func eventIdentifier(forDeletionOf sampleId: String) -> String {
        SampleEventIdentifiers.derivedIdentifier(prefix: identifierPrefix, sampleId: sampleId)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let identifiers = try SampleRule.checkBatch(
            sampleIds, array: "sampleIds", sampleId: { $0 }, eventIdentifiers: eventIdentifiers, prefix: Self.identifierPrefix
        ) { _, _, _ throws(CommandError) in }
        return zip(sampleIds, identifiers).map { sampleId, identifier in
            context.event(.sleepSampleDeleted(SleepSampleDeleted(sampleId: sampleId)), identifier: identifier, source: source)
        }
    }
}
