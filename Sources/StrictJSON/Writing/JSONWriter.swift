/// Writes ``JSONValue``s as compact, byte-stable UTF-8 JSON.
///
/// The output is a function of the value alone:
/// - no whitespace at all;
/// - object members in their stored order, duplicates included;
/// - numbers as their literal text (``JSONNumber/literal``);
/// - strings escaped minimally: `"` and `\` as `\"` and `\\`; U+0008, U+0009, U+000A,
///   U+000C and U+000D as `\b`, `\t`, `\n`, `\f`, `\r`; every other control character
///   below U+0020 as `\u00XX` with lowercase hex; everything else — including `/`, DEL,
///   U+2028/U+2029 and all non-ASCII — as raw UTF-8.
///
/// Parsing the output with ``JSONParser`` gives back an equal value, and writing that
/// value again gives the same bytes.
package enum JSONWriter {
    /// Appends the compact encoding of `value` to `buffer`.
    package static func write(_ value: JSONValue, into buffer: inout [UInt8]) {
        switch value {
        case .null:
            append("null", to: &buffer)
        case .bool(let flag):
            append(flag ? "true" : "false", to: &buffer)
        case .number(let number):
            buffer.append(contentsOf: number.literal.utf8)
        case .string(let string):
            writeString(string, into: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                write(element, into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            buffer.append(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                writeString(member.key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                write(member.value, into: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `string` as a quoted, minimally escaped JSON string to `buffer`.
    package static func writeString(_ string: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        let handled: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            appendEscaped(bytes, to: &buffer)
        }
        if handled == nil {
            // Bridged or otherwise non-contiguous storage: copy once, then escape.
            let bytes = Array(string.utf8)
            bytes.withUnsafeBufferPointer { appendEscaped($0, to: &buffer) }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Returns the compact encoding of `value`.
    package static func encode(_ value: JSONValue) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        write(value, into: &buffer)
        return buffer
    }

    // MARK: - Helpers

    @inline(__always)
    private static func append(_ literal: StaticString, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `bytes` with `"`, `\` and control characters escaped, copying unescaped runs whole.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return }
        while true {
            // Skip eight bytes at a time while none needs escaping.
            while count - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let flagged = escapeMask(word)
                if flagged != 0 {
                    // The lowest flagged byte is always a true hit (borrows only run upwards).
                    index += flagged.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < count else { break }
            let byte = base[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if runStart < index {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            buffer.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
            case 0x08: buffer.append(UInt8(ascii: "b"))
            case 0x09: buffer.append(UInt8(ascii: "t"))
            case 0x0A: buffer.append(UInt8(ascii: "n"))
            case 0x0C: buffer.append(UInt8(ascii: "f"))
            case 0x0D: buffer.append(UInt8(ascii: "r"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                let digits = hexDigits.utf8Start
                buffer.append(UInt8(ascii: "u"))
                buffer.append(UInt8(ascii: "0"))
                buffer.append(UInt8(ascii: "0"))
                buffer.append(digits[Int(byte >> 4)])
                buffer.append(digits[Int(byte & 0x0F)])
            }
            index += 1
            runStart = index
        }
        if runStart < count {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
    }

    /// Sets the high bit of each byte of `word` (little-endian) that is '"', '\\' or below
    /// 0x20. Bytes above a flagged byte may be flagged spuriously.
    @inline(__always)
    private static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hits = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        return hits & highs
    }
}
