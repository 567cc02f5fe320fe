/// A table of message templates keyed by id, in ICU MessageFormat (``MessagePattern``):
/// every sentence the summaries, tips, reminders, prompts and voice answers show comes from
/// one, never from code.
///
/// The library ships ``english``, ``german`` and ``arabic`` (``shipped(for:)``). A front end
/// may supply its own table with the same ids and arguments (``problems(comparedWith:)``
/// lists what differs); a message its table lacks is rendered from English. Templates are
/// parsed when rendered, so a malformed or missing one is a typed ``MessageError``, never a
/// crash.
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

    /// The shipped table of `locale`'s language (English for a language not shipped).
    public static func shipped(for locale: MessageLocale) -> MessageCatalog {
        switch locale.language {
        case "de": return german
        case "ar": return arabic
        default: return english
        }
    }

    /// The parsed template of `id`.
    public func template(for id: MessageID) throws(MessageError) -> MessagePattern {
        guard let text = templates[id] else { throw .unknownMessage(id) }
        do {
            return try MessagePattern(parsing: text)
        } catch {
            throw .malformedTemplate(id, offset: error.offset, reason: error.reason)
        }
    }

    /// The arguments of `id`, in order of first use, with the kind of value each takes.
    public func arguments(of id: MessageID) throws(MessageError) -> [(name: String, type: MessageArgumentType)] {
        let pattern = try template(for: id)
        do {
            return try pattern.arguments()
        } catch {
            throw .malformedTemplate(id, offset: error.offset, reason: error.reason)
        }
    }

    /// The argument names of `id`, in order of first use.
    public func placeholders(of id: MessageID) throws(MessageError) -> [String] {
        try arguments(of: id).map(\.name)
    }

    /// What keeps this table from standing in for `reference` (by default the English
    /// table), in id order: each id of `reference` it lacks (``MessageError/unknownMessage(_:)``),
    /// each malformed template, and each template whose set of arguments differs from the
    /// reference's. Ids the reference does not have are ignored. Empty means every message
    /// the library sends renders from this table.
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

    /// The share of `reference`'s ids this table renders itself (present, well formed, with
    /// the same arguments), from 0 to 1.
    public func coverage(comparedWith reference: MessageCatalog = .english) -> Double {
        guard !reference.templates.isEmpty else { return 1 }
        let missing = problems(comparedWith: reference).count
        return Double(reference.templates.count - missing) / Double(reference.templates.count)
    }
}
