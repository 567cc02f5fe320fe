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

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: AppleSleepScoreLogged { AppleSleepScoreLogged(night: .demo, total: 0, duration: 0, bedtime: 0) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.night("night", &night)
        try visitor.integer("total", &total)
        try visitor.integer("duration", &duration)
        try visitor.integer("bedtime", &bedtime)
        try visitor.optionalInteger("interruptions", &interruptions)
    }
}
