/// Why a message could not be rendered, or what is wrong with a table: typed, so that a
/// missing translation is reported and never crashes.
public enum MessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table has no template with this id.
    case unknownMessage(MessageID)
    /// The template has an argument that the message gives no value for.
    case missingArgument(MessageID, placeholder: String)
    /// The message gives an argument of a kind the template cannot show there (text where
    /// `plural` needs a number, a date where `time` is asked).
    case argumentTypeMismatch(MessageID, placeholder: String, expected: MessageArgumentType, found: MessageArgumentType)
    /// The template is not well-formed ICU MessageFormat, or uses a part of it this library
    /// does not format. `offset` counts characters from the start of the template.
    case malformedTemplate(MessageID, offset: Int, reason: String)
    /// A translated table's template names other arguments than the reference table's
    /// (reported by ``MessageCatalog/problems(comparedWith:)``).
    case placeholdersDiffer(MessageID, expected: [String], found: [String])

    public var description: String {
        switch self {
        case .unknownMessage(let id):
            return "no message with id \(id)"
        case .missingArgument(let id, let placeholder):
            return "message \(id) has the argument {\(placeholder)} but no value was given for it"
        case .argumentTypeMismatch(let id, let placeholder, let expected, let found):
            return "message \(id) shows {\(placeholder)} as a \(expected.rawValue), but a \(found.rawValue) was given"
        case .malformedTemplate(let id, let offset, let reason):
            return "message \(id) is not well formed at character \(offset): \(reason)"
        case .placeholdersDiffer(let id, let expected, let found):
            return "message \(id) has the arguments \(found) where \(expected) were expected"
        }
    }
}
