/// `vitalSampleIngested`: one HealthKit vital reading.
public struct VitalSampleIngested: EventPayloadContent {
    /// HealthKit's id of the sample.
    public var sampleId: String
    /// What was measured.
    public var kind: VitalKind
    /// The reading.
    public var value: Double
    /// Its unit as HealthKit names it, e.g. `"ms"`, `"count/min"`, `"%"`.
    public var unit: String
    /// When the reading starts.
    public var start: Instant
    /// When it ends.
    public var end: Instant

    /// Creates the value from its parts.
    public init(sampleId: String, kind: VitalKind, value: Double, unit: String, start: Instant, end: Instant) {
        self.sampleId = sampleId
        self.kind = kind
        self.value = value
        self.unit = unit
        self.start = start
        self.end = end
    }

    public static let fieldNames = ["sampleId", "kind", "value", "unit", "start", "end"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        sampleId = try data.nonEmptyString("sampleId")
        kind = try data.enumeration("kind", as: VitalKind.self)
        value = try data.number("value")
        unit = try data.string("unit")
        start = try data.instant("start")
        end = try data.instant("end")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("sampleId", sampleId)
        data.string("kind", kind.rawValue)
        data.number("value", value)
        data.string("unit", unit)
        data.instant("start", start)
        data.instant("end", end)
    }
}
