/// `sleepSampleIngested`: one HealthKit sleep-analysis sample.
public struct SleepSampleIngested: EventPayloadContent {
    /// HealthKit's id of the sample; a re-ingested id replaces the earlier sample.
    public var sampleId: String {
        get { sampleIdentifier.text }
        set { sampleIdentifier = CompactIdentifier(newValue) }
    }
    /// `sampleId` as it is held: a UUID as its bits.
    package var sampleIdentifier: CompactIdentifier
    /// The stage.
    public var stage: SleepStage
    /// When the sample starts.
    public var start: Instant
    /// When it ends.
    public var end: Instant
    // `Optional<String>` rather than `String?`, as in `Event` (an implicit `nil` makes the
    // optimizer copy the value in `init`).
    /// The sample's own IANA zone, when HealthKit gave one. It must have the form of a zone
    /// name (`ZoneName.isPlausible(_:)`); one this platform does not know is kept, and
    /// projections skip the event until the platform knows it (docs/rules.md §8.2).
    public var timeZone: Optional<String>
    /// The writing source, e.g. `"Apple Watch"`.
    public var sourceName: String

    /// Creates the value from its parts.
    public init(sampleId: String, stage: SleepStage, start: Instant, end: Instant, timeZone: String? = nil, sourceName: String) {
        self.sampleIdentifier = CompactIdentifier(sampleId)
        self.stage = stage
        self.start = start
        self.end = end
        self.timeZone = timeZone
        self.sourceName = sourceName
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: SleepSampleIngested { SleepSampleIngested(sampleId: "", stage: .inBed, start: .placeholder, end: .placeholder, sourceName: "") }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.identifier("sampleId", &sampleIdentifier)
        try visitor.enumeration("stage", &stage)
        try visitor.instant("start", &start)
        try visitor.instant("end", &end)
        try visitor.optionalZoneName("tz", &timeZone)
        try visitor.text("sourceName", &sourceName)
    }
}
