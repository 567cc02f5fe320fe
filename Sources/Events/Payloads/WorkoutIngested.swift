/// `workoutIngested`: one HealthKit workout.
public struct WorkoutIngested: EventPayloadContent {
    /// HealthKit's id of the workout; a re-ingested id replaces the earlier workout.
    public var sampleId: String {
        get { sampleIdentifier.text }
        set { sampleIdentifier = CompactIdentifier(newValue) }
    }
    /// `sampleId` as it is held: a UUID as its bits.
    package var sampleIdentifier: CompactIdentifier
    /// The activity: HealthKit's activity type without its `HKWorkoutActivityType` prefix,
    /// in lower camel case, e.g. `running`, `highIntensityIntervalTraining`.
    public var activity: String
    /// When the workout starts.
    public var start: Instant
    /// When it ends: more than 0 and at most 24 h after `start`, no later than 1 day after
    /// its event's `at` (docs/rules.md §8.4). Pauses included: it may be much later than
    /// `start` plus the active duration.
    public var end: Instant
    /// The workout's own IANA zone, when HealthKit gave one (as `SleepSampleIngested`).
    public var timeZone: Optional<String>
    /// The writing source, e.g. `"Apple Watch"` or another app.
    public var sourceName: String
    /// The active energy burned, in kilocalories, when known.
    public var kilocalories: Optional<Double>

    /// Creates the value from its parts.
    public init(sampleId: String, activity: String, start: Instant, end: Instant, timeZone: String? = nil, sourceName: String, kilocalories: Double? = nil) {
        self.sampleIdentifier = CompactIdentifier(sampleId)
        self.activity = activity
        self.start = start
        self.end = end
        self.timeZone = timeZone
        self.sourceName = sourceName
        self.kilocalories = kilocalories
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: WorkoutIngested {
        WorkoutIngested(sampleId: "", activity: "", start: .placeholder, end: .placeholder, sourceName: "")
    }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.identifier("sampleId", &sampleIdentifier)
        try visitor.name("activity", &activity)
        try visitor.instant("start", &start)
        try visitor.instant("end", &end)
        try visitor.optionalZoneName("tz", &timeZone)
        try visitor.text("sourceName", &sourceName)
        try visitor.optionalNumber("kilocalories", &kilocalories)
    }
}
