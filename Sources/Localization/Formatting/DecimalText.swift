/// A number as decimal digits, the form it is shown and its plural operands are taken in:
/// exact for any `Int`, and for a `Double` the shortest digits that read back as the same
/// double (as ICU's formatter starts from), then rounded in decimal.
public struct DecimalText: Sendable, Hashable, CustomStringConvertible {
    /// Whether the number is below zero.
    public let isNegative: Bool
    /// The integer digits, at least one, no leading zeros beyond one.
    public let integerDigits: String
    /// The fraction digits as written (may be empty).
    public let fractionDigits: String

    /// An integer.
    public init(_ value: Int) {
        isNegative = value < 0
        integerDigits = String(value.magnitude)
        fractionDigits = ""
    }

    /// A double's shortest round-trip digits; `nil` for infinities and NaN.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        isNegative = value < 0 || (value == 0 && value.sign == .minus)
        // Swift's description is the shortest round-trip form: "1.5", "1e-05", "1.2e+20".
        let text = value.magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<mark]
            exponent = Int(text[text.index(after: mark)...].filter { $0 != "+" }) ?? 0
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0])
        var pointAt = digits.count
        if parts.count == 2 { digits += parts[1] }
        pointAt += exponent
        if pointAt <= 0 {
            digits = String(repeating: "0", count: -pointAt + 1) + digits
            pointAt = 1
        } else if pointAt > digits.count {
            digits += String(repeating: "0", count: pointAt - digits.count)
        }
        var integer = String(digits.prefix(pointAt))
        var fraction = String(digits.dropFirst(pointAt))
        while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        integerDigits = integer.isEmpty ? "0" : integer
        fractionDigits = fraction
    }

    init(isNegative: Bool, integerDigits: String, fractionDigits: String) {
        self.isNegative = isNegative
        self.integerDigits = integerDigits
        self.fractionDigits = fractionDigits
    }

    /// Whether every digit is zero.
    public var isZero: Bool { (integerDigits + fractionDigits).allSatisfy { $0 == "0" } }

    /// Rounded half to even to at most `digits` fraction digits, trailing zeros dropped.
    public func rounded(toFractionDigits digits: Int) -> DecimalText {
        var fraction = fractionDigits
        var integer = integerDigits
        if fraction.count > digits {
            let kept = Array(fraction.prefix(digits))
            let dropped = Array(fraction.dropFirst(digits))
            let first = dropped[0]
            let restNonZero = dropped.dropFirst().contains { $0 != "0" }
            var roundUp = first > "5" || (first == "5" && restNonZero)
            if first == "5", !restNonZero {
                // A tie: round to the even last kept digit.
                let last = kept.last ?? integer.last ?? "0"
                roundUp = (last.wholeNumberValue ?? 0) % 2 == 1
            }
            var all = Array(integer) + kept
            if roundUp {
                var position = all.count - 1
                while position >= 0 {
                    if all[position] == "9" {
                        all[position] = "0"
                        position -= 1
                    } else {
                        all[position] = Character(String((all[position].wholeNumberValue ?? 0) + 1))
                        break
                    }
                }
                if position < 0 { all.insert("1", at: 0) }
            }
            integer = String(all.prefix(all.count - kept.count))
            fraction = String(all.suffix(kept.count))
        }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return DecimalText(isNegative: isNegative, integerDigits: integer, fractionDigits: fraction)
    }

    /// The plural operands of the number as shown.
    public var operands: PluralOperands {
        PluralOperands(integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)) ?? PluralOperands(0)
    }

    /// Less `offset` (for a plural's `#`), exactly, in units of the last fraction digit
    /// (numbers beyond 18 digits are returned unchanged: no count is that large).
    func subtracting(_ offset: Int) -> DecimalText {
        guard offset != 0 else { return self }
        let scale = fractionDigits.count
        guard integerDigits.count + scale <= 17, let magnitude = Int(integerDigits + fractionDigits) else { return self }
        var unit = 1
        for _ in 0..<scale { unit *= 10 }
        let value = (isNegative ? -magnitude : magnitude) - offset * unit
        var digits = String(value.magnitude)
        while digits.count <= scale { digits = "0" + digits }
        return DecimalText(
            isNegative: value < 0,
            integerDigits: String(digits.dropLast(scale)),
            fractionDigits: String(digits.suffix(scale))
        )
    }

    public var description: String {
        (isNegative && !isZero ? "-" : "") + integerDigits + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
    }
}

