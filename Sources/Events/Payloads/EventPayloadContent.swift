/// The typed payload of one event type at its current version, described once: its
/// fields, in the order the writer emits them, each with its JSON key and kind.
///
/// ``visitFields(_:)`` is that description. Every backend reads it: the writer
/// (`PayloadEncoder`), the reference reader (`PayloadDecoder`, via `EventLineDecoder`),
/// `FastEventLineDecoder`'s fast path, and the list of keys (``fieldNames``). Each field
/// is one call on the visitor, e.g. `try visitor.night("night", &night)`; a backend that
/// reads overwrites the field, one that writes reads it.
package protocol EventPayloadContent: Sendable, Hashable {
    /// A value whose every field a read overwrites (or leaves `nil`, for an absent
    /// optional field): the starting point of decoding.
    static var placeholder: Self { get }

    /// Visits the fields in write order.
    mutating func visitFields<Visitor: PayloadFieldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure)
}

extension EventPayloadContent {
    /// The keys this version knows, in the order the writer emits them. Other keys are
    /// kept on the event (`Event.additionalPayloadFields`).
    package static var fieldNames: [String] {
        var names = PayloadFieldNames()
        var value = placeholder
        value.visitFields(&names)
        return names.names
    }

    /// Reads the payload, checking each required key and its type, in field order (so
    /// the first field in error is the one named).
    package init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        var reader = data
        var value = Self.placeholder
        try value.visitFields(&reader)
        self = value
    }

    /// Writes the payload's keys in ``fieldNames`` order.
    package func encode(to data: inout PayloadEncoder) {
        var value = self
        value.visitFields(&data)
    }
}
