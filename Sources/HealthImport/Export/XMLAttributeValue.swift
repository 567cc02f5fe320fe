/// Decoding of XML attribute values as the Health app writes them: the five predefined
/// entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`), character references (`&#N;`,
/// `&#xH;`), attribute-value normalization (a literal tab, line feed, carriage return or
/// CR LF becomes one space; a character reference such as `&#10;` stays what it says), and
/// strict UTF-8.
public enum XMLAttributeValue {
    /// Decodes the raw bytes between an attribute's quotes.
    /// - Throws: ``XMLAttributeError`` for an `&` that starts no known entity, a character
    ///   reference to a code point XML does not allow, or invalid UTF-8.
    public static func decode(_ raw: UnsafeBufferPointer<UInt8>) throws(XMLAttributeError) -> String {
        var needsRewrite = false
        for byte in raw where byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            needsRewrite = true
            break
        }
        if !needsRewrite {
            guard UTF8Validation.isValid(raw) else { throw .invalidUTF8 }
            return String(decoding: raw, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        let count = raw.count
        while index < count {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "&"):
                var end = index + 1
                while end < count, end - index <= 12, raw[end] != UInt8(ascii: ";") { end += 1 }
                guard end < count, raw[end] == UInt8(ascii: ";") else { throw .unknownEntity }
                let name = UnsafeBufferPointer(rebasing: raw[(index + 1)..<end])
                try appendEntity(name, to: &output)
                index = end + 1
            case 0x0D:
                output.append(UInt8(ascii: " "))
                index += (index + 1 < count && raw[index + 1] == 0x0A) ? 2 : 1
            case 0x09, 0x0A:
                output.append(UInt8(ascii: " "))
                index += 1
            default:
                output.append(byte)
                index += 1
            }
        }
        let valid = output.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
        guard valid else { throw .invalidUTF8 }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `raw` (the text between the quotes, as written in the file).
    public static func decode(_ raw: String) throws(XMLAttributeError) -> String {
        var raw = raw
        let result = raw.withUTF8 { bytes in
            Result { () throws(XMLAttributeError) in try decode(bytes) }
        }
        return try result.get()
    }

    private static func appendEntity(_ name: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws(XMLAttributeError) {
        if name.first == UInt8(ascii: "#") {
            var scalarValue: UInt32 = 0
            var digits = 0
            var index = 1
            let hexadecimal = name.count > 1 && name[1] == UInt8(ascii: "x")
            if hexadecimal { index = 2 }
            while index < name.count {
                let byte = name[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw .invalidCharacterReference
                }
                scalarValue = scalarValue * (hexadecimal ? 16 : 10) + digit
                digits += 1
                guard scalarValue <= 0x10FFFF else { throw .invalidCharacterReference }
                index += 1
            }
            guard digits > 0, isXMLCharacter(scalarValue), let scalar = Unicode.Scalar(scalarValue) else {
                throw .invalidCharacterReference
            }
            output.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
            return
        }
        switch String(decoding: name, as: UTF8.self) {
        case "amp": output.append(UInt8(ascii: "&"))
        case "lt": output.append(UInt8(ascii: "<"))
        case "gt": output.append(UInt8(ascii: ">"))
        case "quot": output.append(UInt8(ascii: "\""))
        case "apos": output.append(UInt8(ascii: "'"))
        default: throw .unknownEntity
        }
    }

    /// XML 1.0's `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}

/// Why an attribute value could not be decoded. Never quotes the value.
public enum XMLAttributeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An `&` that does not start `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`.
    case unknownEntity
    /// `&#…;` naming no character, or one XML does not allow (such as `&#0;`).
    case invalidCharacterReference
    /// Bytes that are not UTF-8.
    case invalidUTF8

    public var description: String {
        switch self {
        case .unknownEntity: return "an '&' that starts none of &amp; &lt; &gt; &quot; &apos; &#N; &#xH;"
        case .invalidCharacterReference: return "a character reference to a character XML does not allow"
        case .invalidUTF8: return "bytes that are not valid UTF-8"
        }
    }
}

/// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return false }
            var position = index + 2
            while position < index + length {
                guard bytes[position] & 0xC0 == 0x80 else { return false }
                position += 1
            }
            index += length
        }
        return true
    }
}
