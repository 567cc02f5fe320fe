/// `healthSampleDeleted`: HealthKit deleted a caffeine sample, a workout or a vital reading
/// (a sleep sample's deletion is `sleepSampleDeleted`). The id stays deleted: a later
/// ingest of it, of any of those kinds, is skipped (docs/rules.md §8.4).
public struct HealthSampleDeleted: EventPayloadContent {
    /// The deleted sample's id.
    public var sampleId: String {
        get { sampleIdentifier.text }
        set { sampleIdentifier = CompactIdentifier(newValue) }
    }
    /// `sampleId` as it is held: a UUID as its bits.
    package var sampleIdentifier: CompactIdentifier

    /// Creates the value from its parts.
    public init(sampleId: String) { self.sampleIdentifier = CompactIdentifier(sampleId) }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: HealthSampleDeleted { HealthSampleDeleted(sampleId: "") }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.identifier("sampleId", &sampleIdentifier)
    }
}
