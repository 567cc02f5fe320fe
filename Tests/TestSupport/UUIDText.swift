/// A UUID text (`8-4-4-4-12` hex digits) of the bits `high` and `low`, in upper or lower
/// case: ids for the tests of how ids are held.
public func uuidText(_ high: UInt64, _ low: UInt64, lowercase: Bool) -> String {
    let hex = String(high, radix: 16, uppercase: !lowercase).zeroPadded(16) + String(low, radix: 16, uppercase: !lowercase).zeroPadded(16)
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
}

extension String {
    /// The string with zeros before it up to `width` characters.
    fileprivate func zeroPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
