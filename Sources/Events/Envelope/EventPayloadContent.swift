/// The typed payload of one event type at its current version: how it is read from and
/// written to the `data` object.
public protocol EventPayloadContent: Sendable, Hashable {
    /// The keys this version knows, in the order the writer emits them. Other keys are
    /// kept on the event (`Event.additionalPayloadFields`).
    static var fieldNames: [String] { get }
    /// Reads the payload, checking each required key and its type.
    init(decoding data: PayloadDecoder) throws(EventDecodingError)
    /// Writes the payload's keys in `fieldNames` order.
    func encode(to data: inout PayloadEncoder)
}
