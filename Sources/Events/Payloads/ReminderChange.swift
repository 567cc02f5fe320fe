/// The payload of `reminderRetired` and `reminderRestored` (docs/rules.md §9): which of the
/// nine checklist reminders stops, or comes back, from the next wind-down on.
public struct ReminderChange: EventPayloadContent {
    /// The checklist reminder's template id, e.g. `"stop_eating"`.
    public var template: String

    /// Creates the value from its parts.
    public init(template: String) {
        self.template = template
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: ReminderChange { ReminderChange(template: "") }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.name("template", &template)
    }
}
