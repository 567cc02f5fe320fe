/// The payload of the events that only name a night: `windDownStartedEarly`,
/// `exitRequested`, `exitCancelled`, `exitConfirmed`, `wentToBed`, `wokeUp`.
public struct NightAction: EventPayloadContent {
    /// The night the action belongs to.
    public var night: Night

    /// Creates the value from its parts.
    public init(night: Night) { self.night = night }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: NightAction { NightAction(night: .demo) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.night("night", &night)
    }
}
