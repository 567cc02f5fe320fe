/// `notificationInteracted`: engagement with a reminder.
public struct NotificationInteracted: EventPayloadContent {
    /// The night of the reminder.
    public var night: Night
    /// The reminder template id, e.g. `"screens_off"`.
    public var template: String
    /// What the person did.
    public var action: NotificationAction

    /// Creates the value from its parts.
    public init(night: Night, template: String, action: NotificationAction) {
        self.night = night
        self.template = template
        self.action = action
    }

    /// The description of the payload: its fields, once (see `EventPayloadContent`).
    package static var placeholder: NotificationInteracted { NotificationInteracted(night: .demo, template: "", action: .why) }

    package mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.night("night", &night)
        try visitor.name("template", &template)
        try visitor.enumeration("action", &action)
    }
}
