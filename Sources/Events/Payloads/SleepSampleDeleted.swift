/// `sleepSampleDeleted`: HealthKit deleted a sample; it is gone from every projection.
public struct SleepSampleDeleted: EventPayloadContent {
    /// The deleted sample's id.
    public var sampleId: String

    /// Creates the value from its parts.
    public init(sampleId: String) { self.sampleId = sampleId }

    public static let fieldNames = ["sampleId"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        sampleId = try data.nonEmptyString("sampleId")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("sampleId", sampleId)
    }
}
