/// `freeWindowUsed`: the free window closed, early or by running out.
public struct FreeWindowUsed: EventPayloadContent {
    /// The night of the exit.
    public var night: Night
    /// `true` when the person came back before the window ran out.
    public var returnedEarly: Bool

    /// Creates the value from its parts.
    public init(night: Night, returnedEarly: Bool) {
        self.night = night
        self.returnedEarly = returnedEarly
    }

    public static let fieldNames = ["night", "returnedEarly"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        night = try data.night("night")
        returnedEarly = try data.bool("returnedEarly")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("night", night.text)
        data.bool("returnedEarly", returnedEarly)
    }
}
