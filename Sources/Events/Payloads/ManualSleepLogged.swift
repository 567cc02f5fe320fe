/// `manualSleepLogged`: sleep entered by hand.
public struct ManualSleepLogged: EventPayloadContent {
    /// The night it belongs to.
    public var night: Night
    /// When the person went to sleep.
    public var bedtime: Instant
    /// When they woke.
    public var wakeTime: Instant

    /// Creates the value from its parts.
    public init(night: Night, bedtime: Instant, wakeTime: Instant) {
        self.night = night
        self.bedtime = bedtime
        self.wakeTime = wakeTime
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: ManualSleepLogged { ManualSleepLogged(night: .demo, bedtime: .placeholder, wakeTime: .placeholder) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.night("night", &night)
        try visitor.instant("bedtime", &bedtime)
        try visitor.instant("wakeTime", &wakeTime)
    }
}
