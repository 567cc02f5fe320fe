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

    public static let fieldNames = ["night", "template", "action"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        night = try data.night("night")
        template = try data.nonEmptyString("template")
        action = try data.enumeration("action", as: NotificationAction.self)
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("night", night.text)
        data.string("template", template)
        data.string("action", action.rawValue)
    }
}
