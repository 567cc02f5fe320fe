/// `vitalSampleIngested`: one HealthKit vital reading.
public struct VitalSampleIngested: EventPayloadContent {
    /// HealthKit's id of the sample.
    public var sampleId: String {
        get { sampleIdentifier.text }
        set { sampleIdentifier = CompactIdentifier(newValue) }
    }
    /// `sampleId` as it is held: a UUID as its bits.
    package var sampleIdentifier: CompactIdentifier
    /// What was measured.
    public var kind: VitalKind
    /// The reading.
    public var value: Double
    /// Its unit as HealthKit names it, e.g. `"ms"`, `"count/min"`, `"%"`.
    public var unit: String
    /// When the reading starts.
    public var start: Instant
    /// When it ends.
    public var end: Instant

    /// Creates the value from its parts.
    public init(sampleId: String, kind: VitalKind, value: Double, unit: String, start: Instant, end: Instant) {
        self.sampleIdentifier = CompactIdentifier(sampleId)
        self.kind = kind
        self.value = value
        self.unit = unit
        self.start = start
        self.end = end
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: VitalSampleIngested { VitalSampleIngested(sampleId: "", kind: .hrv, value: 0, unit: "", start: .placeholder, end: .placeholder) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.identifier("sampleId", &sampleIdentifier)
        try visitor.enumeration("kind", &kind)
        try visitor.number("value", &value)
        try visitor.text("unit", &unit)
        try visitor.instant("start", &start)
        try visitor.instant("end", &end)
    }
}
