/// An id as events hold it (an event's `id`, a health sample's `sampleId`): a canonical
/// UUID text (`8-4-4-4-12` hex digits in one case, as writers and HealthKit make them) as
/// its 128 bits and its case, any other id as its text. Two values are equal exactly when
/// their texts are (`String` equality), and `text` gives the id back, byte for byte.
///
/// Held this way, a UUID id costs no allocation where a line is decoded and none where the
/// event is let go (a fold reads events decoded on another thread: each string they held
/// was freed across threads), and the ledgers key samples by it without parsing again.
package enum CompactIdentifier: Sendable, Hashable {
    /// A UUID text: its bits, and whether its letters are lower case (a UUID without
    /// letters counts as upper case).
    case uuid(high: UInt64, low: UInt64, lowercase: Bool)
    /// Any other id.
    case text(String)

    /// The value of `identifier`.
    package init(_ identifier: String) {
        self = Self.uuid(of: identifier) ?? .text(identifier)
    }

    /// The value of the UTF-8 text `bytes` (valid UTF-8): no string is made for a UUID.
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self = Self.uuid(ofBytes: bytes) ?? .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The id's text.
    package var text: String {
        switch self {
        case .text(let text):
            return text
        case .uuid(let high, let low, let lowercase):
            return String(unsafeUninitializedCapacity: 36) { buffer in
                Self.write(high: high, low: low, lowercase: lowercase, into: buffer)
                return 36
            }
        }
    }

    /// Calls `body` with the text's UTF-8 bytes, without making a string for a UUID.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .text(let text):
            var text = text
            return text.withUTF8(body)
        case .uuid(let high, let low, let lowercase):
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
                Self.write(high: high, low: low, lowercase: lowercase, into: buffer)
                return body(UnsafeBufferPointer(buffer))
            }
        }
    }

    /// Writes a UUID's 36 characters into `buffer` (36 bytes or more).
    private static func write(high: UInt64, low: UInt64, lowercase: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let digits: StaticString = lowercase ? "0123456789abcdef" : "0123456789ABCDEF"
        digits.withUTF8Buffer { digits in
            var position = 0
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = nibble < 16 ? high : low
                let shift = UInt64(60 - 4 * (nibble % 16))
                buffer[position] = digits[Int((word >> shift) & 0xF)]
                position += 1
            }
        }
    }

    /// The UUID value of `identifier` when it is a UUID text in one case.
    private static func uuid(of identifier: String) -> CompactIdentifier? {
        guard identifier.utf8.count == 36 else { return nil }
        if let key = identifier.utf8.withContiguousStorageIfAvailable(uuid(ofBytes:)) { return key }
        var text = identifier
        return text.withUTF8(uuid(ofBytes:))
    }

    /// The UUID value of 36 bytes when they are a UUID text in one case. Eight characters
    /// at a time, without a branch on each (random hex digits keep such a branch
    /// mispredicted).
    private static func uuid(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> CompactIdentifier? {
        guard bytes.count == 36, let base = bytes.baseAddress, base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"),
              base[18] == UInt8(ascii: "-"), base[23] == UInt8(ascii: "-") else { return nil }
        let raw = UnsafeRawPointer(base)
        func eight(at offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func four(at offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        guard let first = HexDigits(eight(at: 0)), let second = HexDigits(four(at: 9) | four(at: 14) << 32),
              let third = HexDigits(four(at: 19) | four(at: 24) << 32), let fourth = HexDigits(eight(at: 28)) else { return nil }
        let lowerSeen = first.lowerCaseLetters | second.lowerCaseLetters | third.lowerCaseLetters | fourth.lowerCaseLetters
        let upperSeen = first.upperCaseLetters | second.upperCaseLetters | third.upperCaseLetters | fourth.upperCaseLetters
        guard lowerSeen == 0 || upperSeen == 0 else { return nil }
        return .uuid(high: first.value << 32 | second.value, low: third.value << 32 | fourth.value, lowercase: lowerSeen != 0)
    }
}

/// The order ids are written in where a set of them is (UUIDs by their bits, then texts
/// by their bytes), so that the same set gives the same bytes.
extension CompactIdentifier: Comparable {
    package static func < (left: CompactIdentifier, right: CompactIdentifier) -> Bool {
        switch (left, right) {
        case let (.uuid(leftHigh, leftLow, leftLower), .uuid(rightHigh, rightLow, rightLower)):
            return (leftHigh, leftLow, leftLower ? 1 : 0) < (rightHigh, rightLow, rightLower ? 1 : 0)
        case (.uuid, .text):
            return true
        case (.text, .uuid):
            return false
        case let (.text(leftText), .text(rightText)):
            return leftText.utf8.lexicographicallyPrecedes(rightText.utf8)
        }
    }
}

/// Eight ASCII hex digits read at once (their first character in the lowest byte), with
/// bitwise tests on all eight bytes together.
private struct HexDigits {
    /// The digits' value (the first character the most significant).
    var value: UInt64
    /// Non-zero when a letter is lower case, or upper case.
    var lowerCaseLetters: UInt64
    var upperCaseLetters: UInt64

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The digits of `characters`, or `nil` when one is not a hex digit.
    init?(_ characters: UInt64) {
        guard characters & Self.highBits == 0 else { return nil }
        // For bytes below 0x80, adding 0x80 − n sets a byte's high bit exactly when it is n or more.
        func atLeast(_ bytes: UInt64, _ floor: UInt64) -> UInt64 { (bytes &+ (0x80 - floor) &* Self.ones) & Self.highBits }
        let isDigit = atLeast(characters, 0x30) & ~atLeast(characters, 0x3A)
        let folded = characters | 0x2020_2020_2020_2020
        let isLetter = atLeast(folded, 0x61) & ~atLeast(folded, 0x67)
        guard isDigit | isLetter == Self.highBits else { return nil }
        // A digit's low four bits are its value; a letter's (a/A = 1 … f/F = 6) + 9.
        var nibbles = (characters & 0x0F0F_0F0F_0F0F_0F0F) &+ (isLetter >> 7) &* 9
        nibbles = nibbles.byteSwapped
        nibbles = (nibbles | nibbles >> 4) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles >> 8) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles >> 16) & 0x0000_0000_FFFF_FFFF
        value = nibbles
        lowerCaseLetters = characters & (isLetter >> 2)
        upperCaseLetters = ~characters & (isLetter >> 2)
    }
}
