/// The one check of a multi-byte UTF-8 sequence that both JSON readers use (`JSONParser`
/// and `FastLineScanner`), so they can never disagree on what is valid UTF-8.
package enum UTF8Sequence {
    /// The length of the well-formed multi-byte sequence whose lead byte (>= 0x80) is at
    /// `offset` (Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF),
    /// or `nil` when it is not well-formed or runs past `end`.
    @inlinable @inline(__always)
    package static func length(in base: UnsafePointer<UInt8>, at offset: Int, end: Int) -> Int? {
        let lead = base[offset]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            secondHigh = 0x9F
        case 0xF0:
            length = 4
            secondLow = 0x90
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            secondHigh = 0x8F
        default:
            return nil
        }
        guard end - offset >= length else { return nil }
        let second = base[offset + 1]
        guard second >= secondLow, second <= secondHigh else { return nil }
        if length > 2 {
            guard base[offset + 2] & 0xC0 == 0x80 else { return nil }
            if length > 3 {
                guard base[offset + 3] & 0xC0 == 0x80 else { return nil }
            }
        }
        return length
    }

    /// The four hex digits of a `\uXXXX` escape at `offset` (before `end`), or `nil` when
    /// there are fewer than four or one is not a hex digit.
    @inline(__always)
    package static func hexQuad(_ base: UnsafePointer<UInt8>, at offset: Int, end: Int) -> UInt16? {
        guard end - offset >= 4 else { return nil }
        var value: UInt16 = 0
        for index in offset..<(offset + 4) {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The byte a one-letter JSON escape stands for (`\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`,
    /// given the letter after the backslash); `nil` for `u` and anything else.
    @inline(__always)
    package static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""): return 0x22
        case UInt8(ascii: "\\"): return 0x5C
        case UInt8(ascii: "/"): return 0x2F
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }
}
