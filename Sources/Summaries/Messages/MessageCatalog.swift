/// A table of message templates keyed by id: every sentence the summaries, tips and voice
/// answers show comes from one, never from code.
///
/// ``english`` is the library's table. A front end translates by supplying its own table with
/// the same ids and the same placeholders (``problems(comparedWith:)`` lists what differs),
/// and renders with a ``MessageRenderer`` for its locale. Templates are parsed when rendered,
/// so a malformed or missing one is a typed ``MessageError``, never a crash.
public struct MessageCatalog: Sendable, Hashable {
    /// The templates, by id.
    public let templates: [MessageID: String]

    /// A table from its templates.
    public init(templates: [MessageID: String]) {
        self.templates = templates
    }

    /// A table from plain string keys, as a front end loads it from a strings or JSON file.
    public init(strings: [String: String]) {
        var templates: [MessageID: String] = [:]
        for (key, value) in strings { templates[MessageID(rawValue: key)] = value }
        self.templates = templates
    }

    /// The parsed template of `id`.
    public func template(for id: MessageID) throws(MessageError) -> MessageTemplate {
        guard let text = templates[id] else { throw .unknownMessage(id) }
        return try MessageTemplate(parsing: text, id: id)
    }

    /// The placeholder names of `id`, in order of first use.
    public func placeholders(of id: MessageID) throws(MessageError) -> [String] {
        try template(for: id).placeholders
    }

    /// What keeps this table from standing in for `reference` (by default the English
    /// table), in id order: each id of `reference` it lacks (``MessageError/unknownMessage(_:)``),
    /// each malformed template, and each template whose set of placeholders differs from the
    /// reference's. Ids the reference does not have are ignored. Empty means every message
    /// the library sends renders with this table.
    public func problems(comparedWith reference: MessageCatalog = .english) -> [MessageError] {
        var problems: [MessageError] = []
        for id in reference.templates.keys.sorted() {
            guard templates[id] != nil else {
                problems.append(.unknownMessage(id))
                continue
            }
            let found: [String]
            do {
                found = try placeholders(of: id)
            } catch {
                problems.append(error)
                continue
            }
            guard let expected = try? reference.placeholders(of: id) else { continue }
            if Set(found) != Set(expected) {
                problems.append(.placeholdersDiffer(id, expected: expected.sorted(), found: found.sorted()))
            }
        }
        return problems
    }
}
