/// A message template parsed into literal text and named placeholders.
///
/// Syntax: `{name}` is a placeholder, where `name` is an ASCII letter followed by ASCII
/// letters, digits or `_`; `{{` and `}}` stand for a literal `{` and `}`. Anything else with
/// a brace (an unclosed `{`, a lone `}`, `{}` or `{2x}`) is a
/// ``MessageError/malformedTemplate(_:offset:reason:)``.
public struct MessageTemplate: Sendable, Hashable {
    /// One piece of a template.
    public enum Segment: Sendable, Hashable {
        /// Text shown as it is.
        case literal(String)
        /// A named placeholder, filled from the message's arguments.
        case placeholder(String)
    }

    /// The pieces, in order.
    public let segments: [Segment]

    /// The placeholder names, each once, in order of first use.
    public var placeholders: [String] {
        var seen = Set<String>()
        var names: [String] = []
        for case .placeholder(let name) in segments where seen.insert(name).inserted {
            names.append(name)
        }
        return names
    }

    /// Parses `text`, the template of the message `id` (named in errors).
    public init(parsing text: String, id: MessageID) throws(MessageError) {
        var segments: [Segment] = []
        var literal = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "{" {
                if index + 1 < characters.count, characters[index + 1] == "{" {
                    literal.append("{")
                    index += 2
                    continue
                }
                guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                    throw .malformedTemplate(id, offset: index, reason: "a { is never closed")
                }
                let name = String(characters[(index + 1)..<close])
                guard Self.isValidName(name) else {
                    throw .malformedTemplate(id, offset: index, reason: "{\(name)} is not a placeholder name (a letter, then letters, digits or _)")
                }
                if !literal.isEmpty {
                    segments.append(.literal(literal))
                    literal = ""
                }
                segments.append(.placeholder(name))
                index = close + 1
            } else if character == "}" {
                guard index + 1 < characters.count, characters[index + 1] == "}" else {
                    throw .malformedTemplate(id, offset: index, reason: "a } without its { (write }} for a literal brace)")
                }
                literal.append("}")
                index += 2
            } else {
                literal.append(character)
                index += 1
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// Whether `name` is a letter followed by letters, digits or `_` (ASCII).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
