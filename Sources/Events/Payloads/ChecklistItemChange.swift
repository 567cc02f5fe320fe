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

    public static let fieldNames = ["night", "item"]

    public init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        night = try data.night("night")
        item = try data.nonEmptyString("item")
    }

    public func encode(to data: inout PayloadEncoder) {
        data.string("night", night.text)
        data.string("item", item)
    }
}
