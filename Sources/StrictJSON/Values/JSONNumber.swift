/// A JSON number, kept exactly as its literal text.
///
/// Keeping the text means a parsed number is written back byte for byte, big integers and
/// long fractions lose nothing, and `1`, `1.0` and `1e0` stay distinguishable: equality
/// and hashing compare the literal text, so those three are three different numbers.
/// Interpretations are on demand: ``integerValue`` and ``doubleValue``.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, which always matches the RFC 8259 grammar
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    package let literal: String

    /// Creates a number from its literal text, or returns `nil` if `literal` does not match
    /// the RFC 8259 number grammar exactly (no surrounding whitespace, no leading `+`, no
    /// leading zeros, no `NaN` or `Infinity`, digits required on both sides of `.`).
    package init?(literal: String) {
        var text = literal
        let valid = text.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            if case .valid(let end) = JSONNumber.scan(base, from: 0, end: bytes.count) {
                return end == bytes.count
            }
            return false
        }
        guard valid else { return nil }
        self.literal = text
    }

    /// Creates a number from text the caller has already checked against the grammar.
    init(validatedLiteral: String) {
        self.literal = validatedLiteral
    }

    /// Creates the integer number `value`, written in plain decimal (e.g. `-42`).
    package init(_ value: Int64) {
        self.literal = String(value)
    }

    /// Creates a number from a finite `Double`, or returns `nil` for NaN and infinities.
    ///
    /// Formatting is deterministic:
    /// - an integral value with magnitude below 2^53 is written in integer form, so
    ///   `2.0` becomes `2`, `-0.0` becomes `-0`, and ``integerValue`` works on it;
    /// - any other value uses Swift's shortest round-trip text, e.g. `1.5` → `1.5`,
    ///   `0.1` → `0.1`, `1e-7` → `1e-07`, `1e300` → `1e+300`.
    ///
    /// In both cases ``doubleValue`` gives back exactly `value` (including the sign of zero).
    package init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value.magnitude < 9_007_199_254_740_992, value.rounded(.towardZero) == value {
            if value == 0 {
                self.literal = value.sign == .minus ? "-0" : "0"
            } else {
                self.literal = String(Int64(value))
            }
        } else {
            // Swift prints finite doubles as e.g. "1.5", "1e-07" or "1e+300", all valid JSON;
            // the check guards the assumption rather than trusting it.
            guard let number = JSONNumber(literal: value.description) else { return nil }
            self = number
        }
    }

    /// The value as an `Int64`, or `nil` unless the literal is in integer form
    /// `-?(0|[1-9][0-9]*)` (no fraction, no exponent) and fits in `Int64`.
    ///
    /// So `10` gives 10, `-0` gives 0, while `1.0`, `1e2` and `9223372036854775808` give `nil`.
    package var integerValue: Int64? {
        var accumulated: Int64 = 0  // Accumulated as a negative number so Int64.min fits.
        var negative = false
        var sawDigit = false
        for byte in literal.utf8 {
            switch byte {
            case UInt8(ascii: "-") where !sawDigit && !negative:
                negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                let (times10, overflow1) = accumulated.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = times10.subtractingReportingOverflow(Int64(byte &- UInt8(ascii: "0")))
                if overflow1 || overflow2 { return nil }
                accumulated = next
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        if negative { return accumulated }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(accumulated)
        return overflow ? nil : positive
    }

    /// The value as the nearest `Double`, or `nil` if it is out of `Double`'s finite range
    /// (e.g. `1e400`). Tiny magnitudes such as `1e-400` round to zero.
    package var doubleValue: Double? {
        guard let value = Double(literal), value.isFinite else { return nil }
        return value
    }

    /// The literal text.
    package var description: String {
        literal
    }

    // MARK: - Grammar

    /// What a number scan found.
    @usableFromInline package enum Scan {
        /// The bytes from the start up to `end` (exclusive) form a number.
        case valid(end: Int)
        /// The grammar is violated at `offset`.
        case invalid(offset: Int, problem: Problem)
    }

    /// Which rule of the number grammar was violated.
    @usableFromInline package enum Problem {
        case digitExpected
        case digitExpectedAfterMinus
        case digitExpectedAfterDecimalPoint
        case digitExpectedInExponent
        case leadingZero

        /// A description of the violated rule, without any input content.
        package var explanation: String {
            switch self {
            case .digitExpected: return "expected a digit"
            case .digitExpectedAfterMinus: return "expected a digit after '-' in a number"
            case .digitExpectedAfterDecimalPoint: return "expected a digit after the decimal point in a number"
            case .digitExpectedInExponent: return "expected a digit in the exponent of a number"
            case .leadingZero: return "leading zeros are not allowed in a number"
            }
        }
    }

    /// Scans the longest prefix of `base[start..<end]` that the number grammar requires,
    /// stopping at the first byte that cannot continue the number. The caller decides
    /// whether what follows is acceptable. Requires `start < end`.
    @inlinable @inline(__always)
    package static func scan(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Scan {
        var p = start
        if base[p] == UInt8(ascii: "-") {
            p += 1
            guard p < end, isDigit(base[p]) else {
                return .invalid(offset: p, problem: .digitExpectedAfterMinus)
            }
        }
        let first = base[p]
        if first == UInt8(ascii: "0") {
            p += 1
            if p < end, isDigit(base[p]) {
                return .invalid(offset: p - 1, problem: .leadingZero)
            }
        } else if isDigit(first) {
            p += 1
            while p < end, isDigit(base[p]) { p += 1 }
        } else {
            return .invalid(offset: p, problem: .digitExpected)
        }
        if p < end, base[p] == UInt8(ascii: ".") {
            p += 1
            guard p < end, isDigit(base[p]) else {
                return .invalid(offset: p, problem: .digitExpectedAfterDecimalPoint)
            }
            p += 1
            while p < end, isDigit(base[p]) { p += 1 }
        }
        if p < end, base[p] | 0x20 == UInt8(ascii: "e") {
            p += 1
            if p < end, base[p] == UInt8(ascii: "+") || base[p] == UInt8(ascii: "-") { p += 1 }
            guard p < end, isDigit(base[p]) else {
                return .invalid(offset: p, problem: .digitExpectedInExponent)
            }
            p += 1
            while p < end, isDigit(base[p]) { p += 1 }
        }
        return .valid(end: p)
    }

    @usableFromInline @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
