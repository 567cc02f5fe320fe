/// Why a template is not a well-formed message in the syntax ``MessagePattern`` reads:
/// the character offset and what was expected there.
public struct MessagePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Characters from the start of the template.
    public let offset: Int
    /// What is wrong, in words.
    public let reason: String

    public var description: String { "at character \(offset): \(reason)" }
}
