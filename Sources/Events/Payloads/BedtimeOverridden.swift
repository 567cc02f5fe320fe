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

    public static let fieldNames = ["night", "bedtime"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        night = try data.night("night")
        bedtime = try data.timeOfDay("bedtime")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("night", night.text)
        data.string("bedtime", bedtime.text)
    }
}
