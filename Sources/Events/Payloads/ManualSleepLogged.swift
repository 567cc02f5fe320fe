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

    public static let fieldNames = ["night", "bedtime", "wakeTime"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        night = try data.night("night")
        bedtime = try data.instant("bedtime")
        wakeTime = try data.instant("wakeTime")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("night", night.text)
        data.instant("bedtime", bedtime)
        data.instant("wakeTime", wakeTime)
    }
}
