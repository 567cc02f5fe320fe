/// Why a message could not be rendered, or what is wrong with a table: typed, so that a
/// missing translation is reported and never crashes.
public enum MessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table has no template with this id.
    case unknownMessage(MessageID)
    /// The template has a placeholder that the message gives no value for.
    case missingArgument(MessageID, placeholder: String)
    /// The template is not well formed: an unclosed `{`, a lone `}`, or a placeholder name
    /// that is not a letter followed by letters, digits or `_`. `offset` counts characters
    /// from the start of the template.
    case malformedTemplate(MessageID, offset: Int, reason: String)
    /// A translated table's template names other placeholders than the reference table's
    /// (reported by ``MessageCatalog/problems(comparedWith:)``).
    case placeholdersDiffer(MessageID, expected: [String], found: [String])

    public var description: String {
        switch self {
        case .unknownMessage(let id):
            return "no message with id \(id)"
        case .missingArgument(let id, let placeholder):
            return "message \(id) has the placeholder {\(placeholder)} but no value was given for it"
        case .malformedTemplate(let id, let offset, let reason):
            return "message \(id) is not well formed at character \(offset): \(reason)"
        case .placeholdersDiffer(let id, let expected, let found):
            return "message \(id) has the placeholders \(found) where \(expected) were expected"
        }
    }
}
