/// Numbers as the page writes them, in SVG attributes and in its text: digits, a `.` and at
/// most a few decimals, the same on every machine whatever its locale, and never `NaN` or
/// `inf` (a value that is not finite is written as `0`, so a chart degrades instead of
/// breaking the page).
enum SVGNumber {
    /// `value` rounded half away from zero to `places` decimals (0…6), trailing zeros and a
    /// bare `.` dropped, `-0` written `0`: `12.5`, `3`, `-0.25`.
    static func format(_ value: Double, places: Int = 2) -> String {
        trimmed(fixed(value, places: places))
    }

    /// `value` rounded half away from zero with exactly `places` decimals (0…6): `28.7`,
    /// `25.0`, `0.00`.
    static func fixed(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 6)
        var factor: Int64 = 1
        for _ in 0..<places { factor *= 10 }
        guard value.isFinite else { return fixed(0, places: places) }
        let scaled = (value * Double(factor)).rounded()
        guard abs(scaled) < 1e15 else { return fixed(0, places: places) }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(factor)
        var text = "\(whole)"
        if places > 0 {
            let fraction = "\(magnitude % UInt64(factor))"
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return (units < 0 ? "-" : "") + text
    }

    /// A fixed-decimal text without its trailing zeros: "12.50" → "12.5", "3.00" → "3".
    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text == "-0" ? "0" : text }
        var result = Substring(text)
        while result.last == "0" { result = result.dropLast() }
        if result.last == "." { result = result.dropLast() }
        return result == "-0" ? "0" : String(result)
    }

    /// `value` kept within `lower`…`upper`; a value that is not finite becomes `lower`.
    static func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        guard value.isFinite else { return lower }
        return min(max(value, lower), upper)
    }
}
