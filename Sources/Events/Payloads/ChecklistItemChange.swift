/// The payload of `checklistItemCompleted` and `checklistItemReopened`.
public struct ChecklistItemChange: EventPayloadContent {
    /// The night of the checklist.
    public var night: Night
    /// The checklist template id, e.g. `"stop_eating"`.
    public var item: String

    /// Creates the value from its parts.
    public init(night: Night, item: String) {
        self.night = night
        self.item = item
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: ChecklistItemChange { ChecklistItemChange(night: .demo, item: "") }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.night("night", &night)
        try visitor.name("item", &item)
    }
}
