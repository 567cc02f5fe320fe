import StrictJSON
/// The cursor of `FastEventLineDecoder`'s fast path over one line's bytes.
///
/// It reads only the JSON it is asked for (an object's keys, a string, a number, a
/// literal), validating each token as strictly as `JSONParser` does: strings are checked
/// for valid UTF-8 (no overlong forms, no encoded surrogates, nothing above U+10FFFF) and
/// for raw control characters, numbers against the RFC 8259 grammar. String values are
/// decoded with their escapes (``withString(_:)``), as `JSONParser` decodes them; keys are
/// read only as they stand. Whatever it is not sure to read exactly as the reference would
/// (an escape in a key, an invalid escape, a lone surrogate, an escaped NUL, a carriage
/// return, a number form it does not interpret, any invalid byte) throws ``FastPathMiss``,
/// and the line goes to `EventLineDecoder`. It never reports an error of its own.
///
/// Whitespace is the space, the tab and the line feed. A carriage return is not skipped:
/// the reference refuses any line that holds one, so the fast path hands it over.
struct FastLineScanner {
    /// The line's first byte.
    let base: UnsafePointer<UInt8>
    /// The line's length; every read is guarded by `position < end`.
    let end: Int
    /// The next byte to read.
    var position: Int

    /// Creates a cursor at the start of a line of `count` bytes.
    @inline(__always)
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.end = count
        self.position = 0
    }

    // MARK: Structure

    /// Skips spaces, tabs and line feeds.
    @inline(__always)
    mutating func skipWhitespace() {
        var p = position
        while p < end {
            let byte = base[p]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 else { break }
            p += 1
        }
        position = p
    }

    /// Consumes `byte`, which must be next.
    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(FastPathMiss) {
        guard position < end, base[position] == byte else { throw FastPathMiss() }
        position += 1
    }

    /// The offset just after the object whose `{` is at the cursor (the cursor unmoved):
    /// braces and brackets counted outside strings, a string's escapes skipped; misses on a
    /// carriage return or the end of the line. Its content is checked by whoever reads it.
    mutating func objectEnd() throws(FastPathMiss) -> Int {
        guard position < end, base[position] == UInt8(ascii: "{") else { throw FastPathMiss() }
        var depth = 0
        var inString = false
        var p = position
        while p < end {
            let byte = base[p]
            if byte == 0x0D { throw FastPathMiss() }
            if inString {
                if byte == UInt8(ascii: "\\") { p += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return p + 1 }
            }
            p += 1
        }
        throw FastPathMiss()
    }

    /// Consumes `{`, after any whitespace.
    @inline(__always)
    mutating func openObject() throws(FastPathMiss) {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
    }

    /// Moves to the next member of the object being read, consuming the `,` before it (not
    /// for the first member), its key and the `:` after it, and leaves the cursor on the
    /// value. Returns `nil`, having consumed the closing `}`, when the object ends.
    ///
    /// - Parameter first: `true` before the first member; set to `false` here.
    @inline(never)
    mutating func nextKey(first: inout Bool) throws(FastPathMiss) -> PackedName? {
        skipWhitespace()
        guard position < end else { throw FastPathMiss() }
        let byte = base[position]
        if byte == UInt8(ascii: "}") {
            // `{}` is an empty object; `,}` (a trailing comma) never gets here: the comma
            // is consumed below and a key must follow it.
            position += 1
            return nil
        }
        if first {
            first = false
        } else {
            guard byte == UInt8(ascii: ",") else { throw FastPathMiss() }
            position += 1
            skipWhitespace()
        }
        let key = try string()
        guard let start = key.baseAddress,
              let name = PackedName(start, count: key.count, available: end - (start - base))
        else { throw FastPathMiss() }
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return name
    }

    /// ``nextKey(first:)``, trying first whether the next member is `likely` written the
    /// way the log's writer writes it: `,"likely":` (no comma before the first member),
    /// without whitespace. That is three word comparisons instead of a string scan; any
    /// other text takes the general path, so the hint never changes the outcome.
    @inline(__always)
    mutating func nextKey(first: inout Bool, likely: PackedName) throws(FastPathMiss) -> PackedName? {
        let quote = first ? position : position + 1
        // The three words loaded after the opening quote must lie inside the line.
        if end - quote > 1 + PackedName.maximumLength, base[quote] == UInt8(ascii: "\""),
           first || base[position] == UInt8(ascii: ",") {
            let length = likely.length
            let raw = UnsafeRawPointer(base + quote + 1)
            let w0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & PackedName.mask(length)
            let w1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & PackedName.mask(length - 8)
            let w2 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) & PackedName.mask(length - 16)
            let close = quote + 1 + length
            if w0 == likely.w0, w1 == likely.w1, w2 == likely.w2,
               base[close] == UInt8(ascii: "\""), close + 1 < end, base[close + 1] == UInt8(ascii: ":") {
                first = false
                position = close + 2
                skipWhitespace()
                return likely
            }
        }
        return try nextKey(first: &first)
    }

    /// Consumes the next member's key when it is `key` written the way the log's writer
    /// writes it: `,"key":` (no comma before the first member), without whitespace, and
    /// leaves the cursor on the value; `false`, the cursor unmoved, otherwise (the caller
    /// then takes the general path, ``nextKey(first:)``, so this never changes the outcome).
    @inline(__always)
    mutating func consumeKey(_ key: StaticString, first: inout Bool) -> Bool {
        let quote = first ? position : position + 1
        let count = key.utf8CodeUnitCount
        let close = quote + 1 + count
        guard close + 1 < end, base[quote] == UInt8(ascii: "\""), first || base[position] == UInt8(ascii: ","),
              base[close] == UInt8(ascii: "\""), base[close + 1] == UInt8(ascii: ":")
        else { return false }
        let same = key.withUTF8Buffer { bytes in
            var index = 0
            while index < count {
                guard base[quote + 1 + index] == bytes[index] else { return false }
                index += 1
            }
            return true
        }
        guard same else { return false }
        first = false
        position = close + 2
        skipWhitespace()
        return true
    }

    /// Skips trailing whitespace; the line must end there.
    @inline(__always)
    func atEndAfterWhitespace() -> Bool {
        var p = position
        while p < end {
            let byte = base[p]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 else { return false }
            p += 1
        }
        return true
    }

    // MARK: Literals

    /// Whether the value at the cursor is `null`; consumes it if so.
    @inline(__always)
    mutating func consumeNull() -> Bool {
        guard end - position >= 4, base[position] == UInt8(ascii: "n"), base[position + 1] == UInt8(ascii: "u"),
              base[position + 2] == UInt8(ascii: "l"), base[position + 3] == UInt8(ascii: "l")
        else { return false }
        position += 4
        return true
    }

    /// Reads `true` or `false`.
    @inline(__always)
    mutating func bool() throws(FastPathMiss) -> Bool {
        let p = position
        if end - p >= 4, base[p] == UInt8(ascii: "t"), base[p + 1] == UInt8(ascii: "r"),
           base[p + 2] == UInt8(ascii: "u"), base[p + 3] == UInt8(ascii: "e") {
            position = p + 4
            return true
        }
        if end - p >= 5, base[p] == UInt8(ascii: "f"), base[p + 1] == UInt8(ascii: "a"),
           base[p + 2] == UInt8(ascii: "l"), base[p + 3] == UInt8(ascii: "s"), base[p + 4] == UInt8(ascii: "e") {
            position = p + 5
            return false
        }
        throw FastPathMiss()
    }

    // MARK: Numbers

    /// Reads an integer written without fraction or exponent, `-?(0|[1-9][0-9]*)`, of at
    /// most 18 digits (so it always fits in `Int`). Longer integers, and numbers with a
    /// fraction or an exponent (which the reference refuses where an integer is expected),
    /// miss.
    @inline(__always)
    mutating func integer() throws(FastPathMiss) -> Int {
        var p = position
        var negative = false
        if p < end, base[p] == UInt8(ascii: "-") {
            negative = true
            p += 1
        }
        let digitsStart = p
        var value = 0
        while p < end {
            let digit = base[p] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            p += 1
        }
        let digitCount = p - digitsStart
        guard digitCount >= 1, digitCount <= 18 else { throw FastPathMiss() }
        // A leading zero ("01") is invalid JSON.
        if digitCount > 1, base[digitsStart] == UInt8(ascii: "0") { throw FastPathMiss() }
        if p < end {
            let next = base[p]
            if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { throw FastPathMiss() }
        }
        position = p
        return negative ? -value : value
    }

    /// Reads any RFC 8259 number as the nearest `Double`, exactly as the reference does
    /// (`Double(literal)`), missing when it is not finite (e.g. `1e400`).
    @inline(__always)
    mutating func number() throws(FastPathMiss) -> Double {
        let start = position
        guard start < end else { throw FastPathMiss() }
        guard case .valid(let stop) = JSONNumber.scan(base, from: start, end: end) else { throw FastPathMiss() }
        position = stop
        return try FastLineScanner.double(UnsafeBufferPointer(start: base + start, count: stop - start))
    }

    /// Powers of ten that a `Double` holds exactly, 10^0 … 10^22.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The `Double` of a literal already checked against the number grammar.
    ///
    /// When the significant digits form an integer m ≤ 2^53 and the decimal exponent e is
    /// within ±22, m and 10^|e| are both exact doubles, so one IEEE multiplication or
    /// division gives the correctly rounded value (Clinger's fast path): the same double
    /// as the correctly rounded `Double(String)` the reference uses. Anything else is
    /// handed to `Double(String)` itself.
    static func double(_ literal: UnsafeBufferPointer<UInt8>) throws(FastPathMiss) -> Double {
        var index = 0
        let count = literal.count
        let negative = literal[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var scale = 0
        var exact = true
        // Integer digits, then fraction digits (each of which scales by 1/10).
        var inFraction = false
        while index < count {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
                index += 1
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if inFraction { scale -= 1 }
            if mantissa != 0 || digit != 0 {
                significantDigits += 1
                if significantDigits > 19 {
                    exact = false
                } else {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                }
            }
            index += 1
        }
        if index < count {
            // The exponent: [eE][+-]?digits (the grammar is already checked).
            index += 1
            var exponentNegative = false
            if literal[index] == UInt8(ascii: "-") {
                exponentNegative = true
                index += 1
            } else if literal[index] == UInt8(ascii: "+") {
                index += 1
            }
            var exponent = 0
            while index < count {
                exponent = exponent &* 10 &+ Int(literal[index] &- UInt8(ascii: "0"))
                if exponent > 9999 { exact = false }
                index += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        if exact {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if mantissa <= 1 << 53, scale >= -22, scale <= 22 {
                let magnitude = scale < 0
                    ? Double(mantissa) / exactPowersOfTen[-scale]
                    : Double(mantissa) * exactPowersOfTen[scale]
                return negative ? -magnitude : magnitude
            }
        }
        guard let value = Double(String(decoding: literal, as: UTF8.self)), value.isFinite else { throw FastPathMiss() }
        return value
    }

    // MARK: Strings

    /// Reads a string whose opening quote is at the cursor and returns its content bytes
    /// as they stand in the line, for a key: an escape misses (the writer never escapes a
    /// key, and a key's bytes are then its UTF-8 form). Leaves the cursor after the closing
    /// quote.
    @inline(__always)
    mutating func string() throws(FastPathMiss) -> UnsafeBufferPointer<UInt8> {
        let contentStart = position + 1
        let stop = try plainStringEnd()
        guard base[stop] == UInt8(ascii: "\"") else { throw FastPathMiss() }
        position = stop + 1
        return UnsafeBufferPointer(start: base + contentStart, count: stop - contentStart)
    }

    /// Reads a string value whose opening quote is at the cursor and hands `body` its
    /// decoded UTF-8 bytes (valid only inside `body`): the line's own bytes when it has no
    /// escape, else the string decoded as `JSONParser` decodes it. Leaves the cursor after
    /// the closing quote.
    @inline(__always)
    mutating func withString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(FastPathMiss) -> Result {
        let contentStart = position + 1
        let stop = try plainStringEnd()
        guard base[stop] == UInt8(ascii: "\"") else { return try withEscapedString(contentStart: contentStart, firstEscape: stop, body) }
        position = stop + 1
        return body(UnsafeBufferPointer(start: base + contentStart, count: stop - contentStart))
    }

    /// From the opening quote at the cursor, validates the string's plain bytes and returns
    /// the offset of the first quote or backslash (the cursor unmoved); misses on a raw
    /// control character, invalid UTF-8 or the end of the line.
    @inline(__always)
    private func plainStringEnd() throws(FastPathMiss) -> Int {
        guard position < end, base[position] == UInt8(ascii: "\"") else { throw FastPathMiss() }
        var p = position + 1
        while true {
            p = JSONStringScan.skipPlainWords(in: base, from: p, end: end)
            guard p < end else { throw FastPathMiss() }
            let byte = base[p]
            if byte < 0x80 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return p }
                // A raw control character: the reference refuses it.
                if byte < 0x20 { throw FastPathMiss() }
                p += 1
            } else {
                p += try utf8SequenceLength(at: p)
            }
        }
    }

    /// ``withString(_:)`` for a string with escapes, the first at `firstEscape`: decoded
    /// into a temporary buffer (never longer than the string's text). Misses on what the
    /// reference refuses (an unknown escape, a bad `\uXXXX`, a lone surrogate) and on
    /// `\u0000`, which the reference accepts but the fast path does not read: its names
    /// are zero-padded (``PackedName``) and must hold no NUL byte.
    @inline(never)
    private mutating func withEscapedString<Result>(
        contentStart: Int, firstEscape: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) throws(FastPathMiss) -> Result {
        var stop = -1
        let result: Result? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - contentStart) { buffer in
            guard let out = buffer.baseAddress,
                  let decoded = unescape(contentStart: contentStart, firstEscape: firstEscape, into: out)
            else { return nil }
            stop = decoded.stop
            return body(UnsafeBufferPointer(start: out, count: decoded.count))
        }
        guard stop >= 0, let result else { throw FastPathMiss() }
        position = stop + 1
        return result
    }

    /// Decodes the string whose content starts at `contentStart` (its first escape at
    /// `firstEscape`) into `out`, which holds at least as many bytes as the rest of the
    /// line: the decoded length and the offset of the closing quote, or `nil` for anything
    /// the reference refuses, and for an escaped NUL.
    private func unescape(contentStart: Int, firstEscape: Int, into out: UnsafeMutablePointer<UInt8>) -> (count: Int, stop: Int)? {
        var count = firstEscape - contentStart
        out.update(from: base + contentStart, count: count)
        var p = firstEscape
        while p < end {
            let byte = base[p]
            if byte == UInt8(ascii: "\"") { return (count, p) }
            if byte == UInt8(ascii: "\\") {
                guard p + 1 < end else { return nil }
                let decoded: UInt8
                switch base[p + 1] {
                case let letter where letter != UInt8(ascii: "u"):
                    guard let simple = UTF8Sequence.simpleEscape(letter) else { return nil }
                    decoded = simple
                case UInt8(ascii: "u"):
                    guard let unit = hexQuad(at: p + 2) else { return nil }
                    var scalar = UInt32(unit)
                    p += 6
                    if unit >= 0xDC00, unit <= 0xDFFF { return nil }
                    if unit >= 0xD800, unit <= 0xDBFF {
                        guard p + 1 < end, base[p] == UInt8(ascii: "\\"), base[p + 1] == UInt8(ascii: "u"),
                              let low = hexQuad(at: p + 2), low >= 0xDC00, low <= 0xDFFF
                        else { return nil }
                        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        p += 6
                    }
                    guard scalar != 0 else { return nil }
                    count += Self.writeUTF8(scalar, to: out + count)
                    continue
                default:
                    return nil
                }
                out[count] = decoded
                count += 1
                p += 2
            } else if byte < 0x80 {
                guard byte >= 0x20 else { return nil }
                out[count] = byte
                count += 1
                p += 1
            } else {
                guard let length = UTF8Sequence.length(in: base, at: p, end: end) else { return nil }
                (out + count).update(from: base + p, count: length)
                count += length
                p += length
            }
        }
        return nil
    }

    /// The four hex digits at `offset`, or `nil`.
    private func hexQuad(at offset: Int) -> UInt16? {
        UTF8Sequence.hexQuad(base, at: offset, end: end)
    }

    /// Writes the UTF-8 form of `scalar` (not a surrogate) at `out`; returns its length.
    private static func writeUTF8(_ scalar: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if scalar < 0x80 {
            out[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        }
        if scalar < 0x800 {
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6))
            out[1] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return 2
        }
        if scalar < 0x10000 {
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12))
            out[1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
            out[2] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return 3
        }
        out[0] = UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18))
        out[1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F))
        out[2] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
        out[3] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
        return 4
    }

    /// The `length` content bytes of the string at the cursor when its closing quote is
    /// exactly there, *unvalidated*; `nil` (the cursor unmoved) otherwise.
    ///
    /// For values of a fixed form (instants, dates, times of day) that the caller then
    /// parses strictly, missing when the parse fails: a parse that succeeds has read only
    /// digits and separators, so the content held no quote, backslash, control character
    /// or non-ASCII byte, and the quote found is the string's end.
    @inline(__always)
    mutating func unvalidatedString(length: Int) -> UnsafeBufferPointer<UInt8>? {
        let close = position + 1 + length
        guard close < end, base[position] == UInt8(ascii: "\""), base[close] == UInt8(ascii: "\"") else { return nil }
        let content = UnsafeBufferPointer(start: base + position + 1, count: length)
        position = close + 1
        return content
    }

    /// The string at the cursor, packed, when it is at most 23 bytes of plain ASCII (no
    /// escape, no control character, no byte above 0x7F: valid as it stands); `nil`, the
    /// cursor unmoved, otherwise (the caller then reads it with ``string()``).
    ///
    /// Three words are loaded after the opening quote and the first byte that is a quote,
    /// a backslash, a control character or non-ASCII is found in them at once; when that
    /// byte is the closing quote, the words masked to it are the packed name.
    @inline(__always)
    mutating func plainShortString() -> (name: PackedName, bytes: UnsafeBufferPointer<UInt8>)? {
        let start = position + 1
        guard start < end, base[position] == UInt8(ascii: "\"") else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let available = end - start
        if available >= PackedName.maximumLength {
            let raw = UnsafeRawPointer(base + start)
            words = (
                raw.loadUnaligned(as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            )
        } else {
            // Near the end of the line: the bytes that are there, then zeros (which are
            // control characters to the search below, so never taken for a quote).
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + start, count: available)) }
        }
        let w0 = UInt64(littleEndian: words.0)
        let w1 = UInt64(littleEndian: words.1)
        let w2 = UInt64(littleEndian: words.2)
        let length: Int
        let m0 = JSONStringScan.specialByteMask(w0)
        if m0 != 0 {
            length = m0.trailingZeroBitCount >> 3
        } else {
            let m1 = JSONStringScan.specialByteMask(w1)
            if m1 != 0 {
                length = 8 + m1.trailingZeroBitCount >> 3
            } else {
                let m2 = JSONStringScan.specialByteMask(w2)
                guard m2 != 0 else { return nil }
                length = 16 + m2.trailingZeroBitCount >> 3
            }
        }
        // The lowest flagged byte is a true hit; it must be the closing quote.
        guard length < available, base[start + length] == UInt8(ascii: "\"") else { return nil }
        position = start + length + 1
        let name = PackedName(
            w0: w0 & PackedName.mask(length), w1: w1 & PackedName.mask(length - 8), w2: w2 & PackedName.mask(length - 16))
        return (name, UnsafeBufferPointer(start: base + start, count: length))
    }

    /// A string read as a ``PackedName`` (for matching it against known names); a string
    /// longer than 24 bytes misses.
    @inline(__always)
    mutating func name() throws(FastPathMiss) -> PackedName {
        if let short = plainShortString() { return short.name }
        guard let name = try withString({ PackedName($0) }) else { throw FastPathMiss() }
        return name
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte (>= 0x80) is at `p`, with
    /// the rules of `JSONParser` (Unicode Table 3-7); returns its length.
    @inline(__always)
    func utf8SequenceLength(at p: Int) throws(FastPathMiss) -> Int {
        guard let length = UTF8Sequence.length(in: base, at: p, end: end) else { throw FastPathMiss() }
        return length
    }
}
