/// `caffeineIngested`: one HealthKit dietary-caffeine sample
/// (`HKQuantityTypeIdentifierDietaryCaffeine`), a point in time.
public struct CaffeineIngested: EventPayloadContent {
    /// HealthKit's id of the sample; a re-ingested id replaces the earlier caffeine sample.
    public var sampleId: String {
        get { sampleIdentifier.text }
        set { sampleIdentifier = CompactIdentifier(newValue) }
    }
    /// `sampleId` as it is held: a UUID as its bits.
    package var sampleIdentifier: CompactIdentifier
    /// The caffeine, in milligrams (more than 0 and at most 1000; docs/rules.md §8.4).
    public var mg: Double
    /// When it was taken: no later than 1 day after its event's `at`.
    public var start: Instant
    // `Optional<String>` rather than `String?`, as in `SleepSampleIngested`.
    /// The sample's own IANA zone, when HealthKit gave one (the form of a zone name,
    /// `ZoneName.isPlausible(_:)`; one this platform does not know is kept, and projections
    /// skip the event until the platform knows it).
    public var timeZone: Optional<String>
    /// The writing source, e.g. `"Noah’s iPhone"` or a coffee app.
    public var sourceName: String

    /// Creates the value from its parts.
    public init(sampleId: String, mg: Double, start: Instant, timeZone: String? = nil, sourceName: String) {
        self.sampleIdentifier = CompactIdentifier(sampleId)
        self.mg = mg
        self.start = start
        self.timeZone = timeZone
        self.sourceName = sourceName
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: CaffeineIngested { CaffeineIngested(sampleId: "", mg: 0, start: .placeholder, sourceName: "") }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.identifier("sampleId", &sampleIdentifier)
        try visitor.number("mg", &mg)
        try visitor.instant("start", &start)
        try visitor.optionalZoneName("tz", &timeZone)
        try visitor.text("sourceName", &sourceName)
    }
}
