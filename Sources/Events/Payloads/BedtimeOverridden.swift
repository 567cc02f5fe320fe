/// `bedtimeOverridden`: one night's bedtime changed ("set tonight's bedtime to 23:00").
public struct BedtimeOverridden: EventPayloadContent {
    /// The night changed.
    public var night: Night
    /// Its new bedtime.
    public var bedtime: TimeOfDay

    /// Creates the value from its parts.
    public init(night: Night, bedtime: TimeOfDay) {
        self.night = night
        self.bedtime = bedtime
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: BedtimeOverridden { BedtimeOverridden(night: .demo, bedtime: TimeOfDay(uncheckedMinutesSinceMidnight: 0)) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.night("night", &night)
        try visitor.timeOfDay("bedtime", &bedtime)
    }
}
