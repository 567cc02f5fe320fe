import Events
import Projections
import StrictJSON

/// Fixed-point numbers for the JSON view (docs/json-view.md §2: fractions (`progress`,
/// `efficiency`) have 4 decimals; score parts 1 decimal).
///
/// A value is rounded **half up** (half away from zero) from its shortest decimal form,
/// the text Swift prints for the `Double` (`0.12345` → `0.1235`, `0.99995` → `1.0000`,
/// `5e-05` → `0.0001`), never from the binary value's long expansion, so what looks like
/// a tie rounds like one. The text always has exactly `fractionDigits` digits after the
/// point (`0.6` → `0.6000`, `1` → `1.0000`), a valid JSON number; a result of zero is
/// never negative (`-0.00001` → `0.0000`).
package enum JSONViewDecimal {
    /// `value` with exactly `fractionDigits` digits after the point (none and no point
    /// when `fractionDigits` is 0), rounded half up; `nil` for NaN and infinities.
    package static func text(_ value: Double, fractionDigits: Int) -> String? {
        guard value.isFinite else { return nil }
        let places = max(0, fractionDigits)
        let (digits, pointPosition) = shortestDigits(value.magnitude)
        // The value is 0.d₀d₁d₂… × 10^pointPosition; digit(p) is dₚ, 0 outside the digits.
        func digit(_ position: Int) -> Int {
            position >= 0 && position < digits.count ? digits[position] : 0
        }
        let keptCount = pointPosition + places
        var kept = keptCount > 0 ? (0..<keptCount).map(digit) : []
        if digit(keptCount) >= 5 {
            var index = kept.count - 1
            var carry = true
            while carry, index >= 0 {
                if kept[index] == 9 {
                    kept[index] = 0
                    index -= 1
                } else {
                    kept[index] += 1
                    carry = false
                }
            }
            if carry { kept.insert(1, at: 0) }
        }
        while kept.count < places + 1 { kept.insert(0, at: 0) }
        while kept.count > places + 1, kept.first == 0 { kept.removeFirst() }
        let isZero = kept.allSatisfy { $0 == 0 }
        var text = value.sign == .minus && !isZero ? "-" : ""
        let integerCount = kept.count - places
        text += kept[..<integerCount].map(String.init).joined()
        if places > 0 {
            text += "." + kept[integerCount...].map(String.init).joined()
        }
        return text
    }

    /// `value` as a JSON number with exactly `fractionDigits` decimals (see
    /// ``text(_:fractionDigits:)``), or `null` when it is not finite.
    package static func json(_ value: Double, fractionDigits: Int) -> JSONValue {
        guard let text = text(value, fractionDigits: fractionDigits),
              let number = JSONNumber(literal: text) else { return .null }
        return .number(number)
    }

    /// A fraction as docs/json-view.md writes it: 4 decimals (`0.6000`).
    package static func fraction(_ value: Double) -> JSONValue {
        json(value, fractionDigits: 4)
    }

    /// The decimal digits of the shortest text of a finite, non-negative `value`, and
    /// where the point goes: the value is `0.d₀d₁… × 10^pointPosition`.
    static func shortestDigits(_ value: Double) -> (digits: [Int], pointPosition: Int) {
        let text = "\(value)"
        var mantissa = Substring(text)
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<marker]
            exponent = Int(text[text.index(after: marker)...]) ?? 0
        }
        var digits: [Int] = []
        var integerCount: Int?
        for character in mantissa {
            if character == "." {
                integerCount = digits.count
            } else if let value = character.wholeNumberValue {
                digits.append(value)
            }
        }
        return (digits, (integerCount ?? digits.count) + exponent)
    }
}
