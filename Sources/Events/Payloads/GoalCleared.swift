/// `goalCleared`: stop the plan; history stays. Its payload is `{}`.
public struct GoalCleared: EventPayloadContent {
    public init() {}

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: GoalCleared { GoalCleared() }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) {}
}
