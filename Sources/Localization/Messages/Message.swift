/// One sentence to show or speak, as data: the id of its template and the typed values of its
/// placeholders. A front end renders it with ``MessageRenderer`` in the person's language, or
/// stores and sends it (it is Codable) to render later.
public struct Message: Sendable, Hashable, Codable {
    /// The template's id.
    public var id: MessageID
    /// The value of each placeholder, by name (`score` for `{score}`).
    public var arguments: [String: MessageArgument]

    /// A message with its arguments.
    public init(_ id: MessageID, _ arguments: [String: MessageArgument] = [:]) {
        self.id = id
        self.arguments = arguments
    }
}
