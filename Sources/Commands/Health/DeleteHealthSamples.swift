import Events
import Projections

/// Records that HealthKit deleted caffeine samples, workouts or vital readings
/// (`healthSampleDeleted`, one per sample id, in the order given), appended as one batch.
/// A deleted id stays deleted: the sample under it is gone from every projection, and a
/// later ingest of it, of any of those kinds, is skipped (docs/rules.md §8.4). A sleep
/// sample's deletion is `DeleteSleepSamples`.
///
/// Each id must not be blank (`.blankSampleId`) and must differ from every other id of the
/// batch (`.duplicateSampleId`); a rejected id rejects the whole batch, naming it
/// (`sampleIds[i]`). An empty list appends nothing. The deletion of an id the log never
/// ingested is accepted (HealthKit reports deletions older than the app's anchor).
///
/// The events carry `source: health` unless `source` says otherwise; their ids follow
/// `eventIdentifiers` (derived: `hk-health-deleted-<sampleId>`).
public struct DeleteHealthSamples: Command {
    /// The HealthKit ids of the deleted samples.
    public var sampleIds: [String]
    /// How the events get their ids.
    public var eventIdentifiers: SampleEventIdentifiers
    /// The events' source; `nil` takes the store's.
    public var source: EventSource?

    /// The prefix of derived ids: `hk-health-deleted-<sampleId>`.
    public static let identifierPrefix = "hk-health-deleted-"

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
            context.event(.healthSampleDeleted(HealthSampleDeleted(sampleId: sampleId)), identifier: identifier, source: source)
        }
    }
}
