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
        var shortest = value.magnitude.description
        let fast: String? = shortest.withUTF8 { text in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: fastCapacity) { buffer in
                fastText(shortest: text, negative: value.sign == .minus, places: places, into: buffer)
            }
        }
        if let fast { return fast }
        return referenceText(value, fractionDigits: fractionDigits)
    }

    /// What the fast path's buffer holds: the digits kept, a carry, a sign and a point.
    static let fastCapacity = 64

    /// ``text(_:fractionDigits:)`` from the UTF-8 of the magnitude's shortest text, written in
    /// `buffer`, with no allocation but the result's; `nil` (the caller then uses
    /// ``referenceText(_:fractionDigits:)``) when the digits kept would not fit the buffer.
    /// The same steps as the reference: keep the digits up to `places` after the point,
    /// round half up on the next one, at least one integer digit, no leading zeros beyond it.
    private static func fastText(shortest text: UnsafeBufferPointer<UInt8>, negative: Bool, places: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> String? {
        // The shortest form's digits (values 0–9), where its point is, and its exponent.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 24 digits, one byte each
        var digitCount = 0
        var integerCount = -1
        var exponent = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                integerCount = digitCount
            } else if byte &- UInt8(ascii: "0") < 10 {
                guard digitCount < 24 else { return nil }
                withUnsafeMutableBytes(of: &digits) { $0[digitCount] = byte &- UInt8(ascii: "0") }
                digitCount += 1
            } else if byte | 0x20 == UInt8(ascii: "e") {
                var sign = 1
                index += 1
                if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                    if text[index] == UInt8(ascii: "-") { sign = -1 }
                    index += 1
                }
                var magnitude = 0
                while index < text.count, text[index] &- UInt8(ascii: "0") < 10, magnitude < 10_000 {
                    magnitude = magnitude * 10 + Int(text[index] &- UInt8(ascii: "0"))
                    index += 1
                }
                guard index == text.count else { return nil }
                exponent = sign * magnitude
                break
            } else {
                return nil
            }
            index += 1
        }
        let pointPosition = (integerCount < 0 ? digitCount : integerCount) + exponent
        let keptCount = pointPosition + places
        // Room for a carry, the kept digits or the zeros before them, a sign and a point.
        guard keptCount < buffer.count - 8, places < buffer.count - 8 else { return nil }
        func digit(_ position: Int) -> UInt8 {
            guard position >= 0, position < digitCount else { return 0 }
            return withUnsafeBytes(of: digits) { $0[position] }
        }
        // The kept digits at buffer[1...], buffer[0] for a carry out of the first.
        let kept = max(0, keptCount)
        for position in 0..<kept { buffer[1 + position] = digit(position) }
        var first = 1
        if digit(keptCount) >= 5 {
            var position = kept
            var carry = true
            while carry, position >= 1 {
                if buffer[position] == 9 {
                    buffer[position] = 0
                    position -= 1
                } else {
                    buffer[position] += 1
                    carry = false
                }
            }
            if carry {
                buffer[0] = 1
                first = 0
            }
        }
        var count = kept + 1 - first
        // At least one integer digit; no leading zeros beyond it.
        while count > places + 1, buffer[first] == 0 {
            first += 1
            count -= 1
        }
        let padding = max(0, places + 1 - count)
        var isZero = true
        for position in first..<(first + count) where buffer[position] != 0 { isZero = false }
        let integerDigits = count + padding - places
        let length = (negative && !isZero ? 1 : 0) + integerDigits + (places > 0 ? 1 + places : 0)
        return String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            if negative && !isZero {
                out[0] = UInt8(ascii: "-")
                at = 1
            }
            // The digits with `padding` zeros before them, the point before the last `places`.
            for position in 0..<(count + padding) {
                if position == integerDigits {
                    out[at] = UInt8(ascii: ".")
                    at += 1
                }
                out[at] = UInt8(ascii: "0") + (position < padding ? 0 : buffer[first + position - padding])
                at += 1
            }
            return at
        }
    }

    /// The reference form of ``text(_:fractionDigits:)``, digit by digit on the characters
    /// of the shortest text: what the fast path must equal (tests compare them), and the
    /// answer where the fast path's buffer is too small (magnitudes of 10^50 and more).
    package static func referenceText(_ value: Double, fractionDigits: Int) -> String? {
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
