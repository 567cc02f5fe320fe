/// `sleepSampleDeleted`: HealthKit deleted a sample; it is gone from every projection.
public struct SleepSampleDeleted: EventPayloadContent {
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
    package static var placeholder: SleepSampleDeleted { SleepSampleDeleted(sampleId: "") }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.identifier("sampleId", &sampleIdentifier)
    }
}
