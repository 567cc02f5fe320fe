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

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: FreeWindowUsed { FreeWindowUsed(night: .demo, returnedEarly: false) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.night("night", &night)
        try visitor.bool("returnedEarly", &returnedEarly)
    }
}
