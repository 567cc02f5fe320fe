/// `demoNightStarted`: a compressed demo night starts now.
public struct DemoNightStarted: EventPayloadContent {
    /// How many times faster than real time; `nil` on the wire means 60.
    public var compression: Int?

    /// The default compression (4 h of wind-down in 4 min).
    public static let defaultCompression = 60

    /// Creates the value from its parts.
    public init(compression: Int? = nil) { self.compression = compression }

    /// `compression`, or 60 when absent.
    public var effectiveCompression: Int { compression ?? Self.defaultCompression }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: DemoNightStarted { DemoNightStarted() }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.optionalInteger("compression", &compression)
    }
}
