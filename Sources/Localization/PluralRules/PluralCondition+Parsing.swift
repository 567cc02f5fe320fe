extension PluralCondition {
    /// Parses a condition in CLDR's syntax. Samples (`@integer …`, `@decimal …`) must be
    /// removed first (``PluralRules/init(cldr:)`` does). Whitespace separates tokens and is
    /// otherwise ignored.
    public init(parsing text: String) throws(PluralRuleError) {
        var scanner = PluralRuleScanner(text)
        var alternatives: [[Relation]] = []
        guard !scanner.atEnd else {
            self.alternatives = []
            return
        }
        repeat {
            var relations: [Relation] = []
            repeat {
                relations.append(try scanner.relation())
            } while scanner.take("and")
            alternatives.append(relations)
        } while scanner.take("or")
        guard scanner.atEnd else { throw scanner.failure("expected `and`, `or` or the end") }
        self.alternatives = alternatives
    }
}

/// Why a plural rule or its samples could not be read: the text and the character offset.
public struct PluralRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule's text.
    public let text: String
    /// The character offset of the problem.
    public let offset: Int
    /// What was wrong.
    public let reason: String

    public var description: String { "plural rule “\(text)” at character \(offset): \(reason)" }
}

/// A cursor over a rule's characters, reading the tokens of TR35's grammar.
struct PluralRuleScanner {
    private let text: String
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        self.text = text
        characters = Array(text)
        skipSpaces()
    }

    var atEnd: Bool { index == characters.count }

    func failure(_ reason: String) -> PluralRuleError {
        PluralRuleError(text: text, offset: index, reason: reason)
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    /// Takes `word` (a keyword or symbol) when it comes next; a keyword must end there.
    mutating func take(_ word: String) -> Bool {
        let wordCharacters = Array(word)
        guard index + wordCharacters.count <= characters.count,
              Array(characters[index..<(index + wordCharacters.count)]) == wordCharacters else { return false }
        let end = index + wordCharacters.count
        if wordCharacters.last!.isLetter, end < characters.count, characters[end].isLetter { return false }
        index = end
        skipSpaces()
        return true
    }

    /// `operand (('%' | 'mod') value)? comparison range_list`.
    mutating func relation() throws(PluralRuleError) -> PluralCondition.Relation {
        guard index < characters.count else { throw failure("expected an operand") }
        let letter = characters[index] == "c" ? "e" : characters[index]
        guard let operand = PluralCondition.Operand(rawValue: letter),
              index + 1 == characters.count || !characters[index + 1].isLetter else {
            throw failure("expected an operand (n, i, v, w, f, t, c or e)")
        }
        index += 1
        skipSpaces()
        var modulus: UInt64?
        if take("%") || take("mod") {
            let start = index
            modulus = try value()
            guard modulus != 0 else { throw PluralRuleError(text: text, offset: start, reason: "a modulus of 0") }
        }
        let comparison: PluralCondition.Comparison
        if take("!=") {
            comparison = .isNotIn
        } else if take("=") {
            comparison = .isIn
        } else if take("is") {
            comparison = take("not") ? .isNotIn : .isIn
            let single = try value()
            return PluralCondition.Relation(operand: operand, modulus: modulus, comparison: comparison, ranges: [single...single])
        } else if take("not") {
            if take("in") {
                comparison = .isNotIn
            } else if take("within") {
                comparison = .notWithin
            } else {
                throw failure("expected `in` or `within` after `not`")
            }
        } else if take("in") {
            comparison = .isIn
        } else if take("within") {
            comparison = .within
        } else {
            throw failure("expected =, !=, is, in, within or not")
        }
        var ranges: [ClosedRange<UInt64>] = []
        repeat {
            let start = index
            let low = try value()
            if take("..") {
                let high = try value()
                guard low <= high else { throw PluralRuleError(text: text, offset: start, reason: "a range whose end is below its start") }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        } while take(",")
        return PluralCondition.Relation(operand: operand, modulus: modulus, comparison: comparison, ranges: ranges)
    }

    /// Decimal digits.
    private mutating func value() throws(PluralRuleError) -> UInt64 {
        let start = index
        while index < characters.count, characters[index].isASCIIDigit { index += 1 }
        guard index > start, let number = UInt64(String(characters[start..<index])) else {
            index = start
            throw failure("expected a number")
        }
        skipSpaces()
        return number
    }
}
