/// `sleepSampleIngested`: one HealthKit sleep-analysis sample.
public struct SleepSampleIngested: EventPayloadContent {
    /// HealthKit's id of the sample; a re-ingested id replaces the earlier sample.
    public var sampleId: String
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
    /// projections skip the event until the platform knows it (domain.md §8).
    public var timeZone: Optional<String>
    /// The writing source, e.g. `"Apple Watch"`.
    public var sourceName: String

    /// Creates the value from its parts.
    public init(sampleId: String, stage: SleepStage, start: Instant, end: Instant, timeZone: String? = nil, sourceName: String) {
        self.sampleId = sampleId
        self.stage = stage
        self.start = start
        self.end = end
        self.timeZone = timeZone
        self.sourceName = sourceName
    }

    public static let fieldNames = ["sampleId", "stage", "start", "end", "tz", "sourceName"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        sampleId = try data.nonEmptyString("sampleId")
        stage = try data.enumeration("stage", as: SleepStage.self)
        start = try data.instant("start")
        end = try data.instant("end")
        timeZone = try data.optionalZoneName("tz")
        sourceName = try data.string("sourceName")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("sampleId", sampleId)
        data.string("stage", stage.rawValue)
        data.instant("start", start)
        data.instant("end", end)
        data.optionalString("tz", timeZone)
        data.string("sourceName", sourceName)
    }
}
