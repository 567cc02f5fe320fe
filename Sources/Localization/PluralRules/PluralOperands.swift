/// The operands CLDR's plural rules are written in, taken from a number as it is shown
/// (Unicode TR35, "Plural Operand Meanings"): `1.50` has other operands than `1.5`.
///
/// - `n`: the absolute value; `i`: its integer digits; `v`: the number of visible fraction
///   digits, with trailing zeros; `w`: the same without trailing zeros; `f`: the visible
///   fraction digits as an integer, with trailing zeros; `t`: the same without them;
///   `e` (also written `c`): the exponent of a compact form (`1.2c6` is 1,200,000 with e 6).
///
/// The integer part is exact to 18 digits (`UInt64`); the fraction to 18 digits.
public struct PluralOperands: Sendable, Hashable, CustomStringConvertible {
    /// The integer digits of the absolute value.
    public let i: UInt64
    /// The visible fraction digits as an integer, trailing zeros kept (`1.50` → 50).
    public let f: UInt64
    /// How many fraction digits are visible (`1.50` → 2).
    public let v: Int
    /// The compact exponent (`1.2c6` → 6), 0 for a plain number.
    public let e: Int

    /// The visible fraction digits without trailing zeros (`1.50` → 5).
    public var t: UInt64 {
        var value = f
        while value != 0, value % 10 == 0 { value /= 10 }
        return value
    }

    /// How many fraction digits are visible without trailing zeros (`1.50` → 1).
    public var w: Int {
        guard f != 0 else { return 0 }
        var value = f
        var count = v
        while value % 10 == 0 { value /= 10; count -= 1 }
        return count
    }

    /// Whether the value has a fraction other than zero (`1.0` has none).
    public var hasFraction: Bool { f != 0 }

    /// The absolute value as a `Double` (for `within` and `%` on fractions).
    public var n: Double {
        var fraction = Double(f)
        for _ in 0..<v { fraction /= 10 }
        return Double(i) + fraction
    }

    /// Operands of the whole number `value` (its sign is dropped, as CLDR's `n` is absolute).
    public init(_ value: Int) {
        i = value.magnitude <= UInt64.max ? UInt64(value.magnitude) : UInt64.max
        f = 0
        v = 0
        e = 0
    }

    /// Operands from their parts (`f` must have at most `v` digits).
    init(i: UInt64, f: UInt64, v: Int, e: Int) {
        self.i = i
        self.f = f
        self.v = v
        self.e = e
    }

    /// Operands of a number written in ASCII as CLDR's samples write them: an optional `-`,
    /// digits, an optional `.` and digits, and an optional compact exponent `c` or `e` and
    /// digits (`1.50`, `1c6`, `1.0000001c6`). `nil` for anything else, or for more than 18
    /// digits on either side.
    public init?(_ text: String) {
        var body = Substring(text)
        if body.hasPrefix("-") { body = body.dropFirst() }
        var exponent = 0
        if let mark = body.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            let digits = body[body.index(after: mark)...]
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
            exponent = value
            body = body[..<mark]
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let integerPart = parts.first, !integerPart.isEmpty, integerPart.allSatisfy(\.isASCIIDigit) else { return nil }
        var fractionPart = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fractionPart.isEmpty, fractionPart.allSatisfy(\.isASCIIDigit) else { return nil }
        // A compact exponent moves the point: 1.2c3 is 1200, 1.0000001c6 is 1000000.1.
        var integerDigits = String(integerPart)
        let moved = min(exponent, fractionPart.count)
        integerDigits += fractionPart.prefix(moved)
        fractionPart = fractionPart.dropFirst(moved)
        integerDigits += String(repeating: "0", count: exponent - moved)
        while integerDigits.count > 1, integerDigits.hasPrefix("0") { integerDigits.removeFirst() }
        guard integerDigits.count <= 18, fractionPart.count <= 18,
              let i = UInt64(integerDigits), let f = fractionPart.isEmpty ? 0 : UInt64(fractionPart) else { return nil }
        self.init(i: i, f: f, v: fractionPart.count, e: exponent)
    }

    /// The operands as CLDR names them: `n=1.5 i=1 v=1 w=1 f=5 t=5 e=0`.
    public var description: String {
        "i=\(i) v=\(v) w=\(w) f=\(f) t=\(t) e=\(e)"
    }
}

extension Character {
    /// `0` to `9` only.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
