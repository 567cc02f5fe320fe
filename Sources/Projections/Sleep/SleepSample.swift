import Events

/// A sleep sample as the sleep projection keeps it: its interval in milliseconds, its
/// stage and source, and the zone and night it belongs to.
public struct SleepSample: Sendable, Hashable {
    /// HealthKit's id.
    public var sampleId: String
    /// The stage.
    public var stage: SleepStage
    /// Start, in milliseconds since 1970.
    public var start: Int64
    /// End, in milliseconds since 1970.
    public var end: Int64
    /// The writing source's name, as HealthKit gives it.
    public var sourceName: String
    /// The zone it is judged in: its own, else its event's.
    public var timeZone: String
    /// The noon-to-noon night its start falls in, in that zone.
    public var night: LocalDate

    /// Creates the value from its parts.
    public init(sampleId: String, stage: SleepStage, start: Int64, end: Int64, sourceName: String, timeZone: String, night: LocalDate) {
        self.sampleId = sampleId
        self.stage = stage
        self.start = start
        self.end = end
        self.sourceName = sourceName
        self.timeZone = timeZone
        self.night = night
    }

    var interval: MillisecondInterval { MillisecondInterval(start: start, end: end) }
}
