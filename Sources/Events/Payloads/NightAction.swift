/// The payload of the events that only name a night: `windDownStartedEarly`,
/// `exitRequested`, `exitCancelled`, `exitConfirmed`, `wentToBed`, `wokeUp`.
public struct NightAction: EventPayloadContent {
    /// The night the action belongs to.
    public var night: Night

    /// Creates the value from its parts.
    public init(night: Night) { self.night = night }

    public static let fieldNames = ["night"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        night = try data.night("night")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("night", night.text)
    }
}
