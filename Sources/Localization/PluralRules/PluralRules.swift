/// A language's plural rules of one kind (cardinal: "3 nights"; ordinal: "3rd night"):
/// each category's condition, tried in CLDR's order; a number none of them takes is
/// `other`.
///
/// Rules are read from CLDR's own rule text (``init(cldr:)``), so the data can be checked
/// against CLDR's file as it is; ``cardinal(language:)`` and ``ordinal(language:)`` hold the
/// shipped languages' rules (`PluralRules+CLDR.swift`).
public struct PluralRules: Sendable, Hashable {
    /// The conditions, in CLDR's category order, `other` left out.
    public let conditions: [(category: PluralCategory, condition: PluralCondition)]

    /// The categories this language uses, `other` included, in CLDR's order.
    public var categories: [PluralCategory] {
        conditions.map(\.category) + [.other]
    }

    /// Rules from CLDR's text: for each category, the rule as CLDR writes it (samples
    /// after `@integer` or `@decimal` are allowed and ignored here; ``PluralSamples`` reads
    /// them). `other` needs no condition (its text is only samples) and is always present.
    public init(cldr rules: [PluralCategory: String]) throws(PluralRuleError) {
        var conditions: [(category: PluralCategory, condition: PluralCondition)] = []
        for category in PluralCategory.allCases where category != .other {
            guard let text = rules[category] else { continue }
            conditions.append((category, try PluralCondition(parsing: PluralSamples.condition(of: text))))
        }
        if let other = rules[.other], !PluralSamples.condition(of: other).allSatisfy(\.isWhitespace) {
            throw PluralRuleError(text: other, offset: 0, reason: "the rule for other must have no condition")
        }
        self.conditions = conditions
    }

    /// Rules from parsed conditions, in CLDR's category order.
    init(conditions: [(category: PluralCategory, condition: PluralCondition)]) {
        self.conditions = conditions
    }

    /// The category of `operands`: the first whose condition holds, else `other`.
    public func category(for operands: PluralOperands) -> PluralCategory {
        for entry in conditions where entry.condition.holds(for: operands) { return entry.category }
        return .other
    }

    public static func == (lhs: PluralRules, rhs: PluralRules) -> Bool {
        lhs.conditions.elementsEqual(rhs.conditions) { $0.category == $1.category && $0.condition == $1.condition }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in conditions {
            hasher.combine(entry.category)
            hasher.combine(entry.condition)
        }
    }
}
