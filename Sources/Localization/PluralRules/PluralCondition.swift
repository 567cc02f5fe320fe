/// The condition of one CLDR plural rule, such as `n % 100 = 3..10` or
/// `i = 1 and v = 0`: relations joined by `and`, alternatives joined by `or` (`and` binds
/// tighter). An empty condition (the `other` rule's) always holds.
///
/// Parsed from CLDR's rule syntax (Unicode TR35, "Plural rules syntax") by
/// ``init(parsing:)``; every part of it is read: the operands `n i v w f t c e`, `%` and
/// `mod`, `=` `!=` `is` `is not` `in` `not in` `within` `not within`, value lists and
/// `a..b` ranges.
public struct PluralCondition: Sendable, Hashable {
    /// One operand letter.
    public enum Operand: Character, Sendable, Hashable {
        case n = "n", i = "i", v = "v", w = "w", f = "f", t = "t", e = "e"
    }

    /// How a relation compares its expression with its values.
    public enum Comparison: Sendable, Hashable {
        /// `=`, `is`, `in`: an integer value in the list.
        case isIn
        /// `!=`, `is not`, `not in`: not an integer value in the list.
        case isNotIn
        /// `within`: any value, fraction or not, between a range's ends.
        case within
        /// `not within`.
        case notWithin
    }

    /// `operand (% modulus)? comparison values`.
    public struct Relation: Sendable, Hashable {
        public var operand: Operand
        public var modulus: UInt64?
        public var comparison: Comparison
        public var ranges: [ClosedRange<UInt64>]
    }

    /// Alternatives (`or`), each a list of relations that must all hold (`and`).
    public let alternatives: [[Relation]]

    /// A condition from its alternatives.
    init(alternatives: [[Relation]]) {
        self.alternatives = alternatives
    }

    /// Whether the condition holds for `operands`.
    public func holds(for operands: PluralOperands) -> Bool {
        alternatives.isEmpty || alternatives.contains { relations in relations.allSatisfy { $0.holds(for: operands) } }
    }
}

extension PluralCondition.Relation {
    /// Whether the relation holds for `operands`.
    func holds(for operands: PluralOperands) -> Bool {
        // The expression's value: an integer part and, for `n` only, a fraction.
        var whole: UInt64
        var fraction = 0.0
        switch operand {
        case .n:
            whole = operands.i
            if operands.hasFraction { fraction = operands.n - Double(operands.i) }
        case .i: whole = operands.i
        case .v: whole = UInt64(operands.v)
        case .w: whole = UInt64(operands.w)
        case .f: whole = operands.f
        case .t: whole = operands.t
        case .e: whole = UInt64(operands.e)
        }
        if let modulus, modulus > 0 { whole %= modulus }
        let isInteger = fraction == 0
        switch comparison {
        case .isIn:
            return isInteger && ranges.contains { $0.contains(whole) }
        case .isNotIn:
            return !(isInteger && ranges.contains { $0.contains(whole) })
        case .within:
            let value = Double(whole) + fraction
            return ranges.contains { Double($0.lowerBound) <= value && value <= Double($0.upperBound) }
        case .notWithin:
            let value = Double(whole) + fraction
            return !ranges.contains { Double($0.lowerBound) <= value && value <= Double($0.upperBound) }
        }
    }
}
