/// `appleSleepScoreLogged`: the score Apple's Health app showed, typed in by the person
/// (Apple offers no API for it).
public struct AppleSleepScoreLogged: EventPayloadContent {
    /// The night scored.
    public var night: Night
    /// The total, 0–100.
    public var total: Int
    /// Duration points (of 50).
    public var duration: Int
    /// Bedtime points (of 30).
    public var bedtime: Int
    /// Interruption points (of 20), when typed in.
    public var interruptions: Int?

    /// Creates the value from its parts.
    public init(night: Night, total: Int, duration: Int, bedtime: Int, interruptions: Int? = nil) {
        self.night = night
        self.total = total
        self.duration = duration
        self.bedtime = bedtime
        self.interruptions = interruptions
    }

    public static let fieldNames = ["night", "total", "duration", "bedtime", "interruptions"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        night = try data.night("night")
        total = try data.integer("total")
        duration = try data.integer("duration")
        bedtime = try data.integer("bedtime")
        interruptions = try data.optionalInteger("interruptions")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("night", night.text)
        data.integer("total", total)
        data.integer("duration", duration)
        data.integer("bedtime", bedtime)
        data.optionalInteger("interruptions", interruptions)
    }
}
