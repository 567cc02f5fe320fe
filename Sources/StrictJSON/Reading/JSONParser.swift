/// A strict RFC 8259 JSON parser working directly on UTF-8 bytes.
///
/// The input must be exactly one JSON value, optionally surrounded by the four JSON
/// whitespace bytes (space, tab, line feed, carriage return). Everything RFC 8259 does
/// not allow is rejected: a byte-order mark, comments, trailing commas, single quotes,
/// `NaN` and `Infinity`, leading zeros or `+` in numbers, raw control characters
/// (U+0000–U+001F) in strings, escapes other than `\" \\ \/ \b \f \n \r \t \uXXXX`,
/// lone or inverted UTF-16 surrogate escapes (a Swift `String` cannot hold them),
/// invalid UTF-8 anywhere (overlong forms, encoded surrogates, code points above
/// U+10FFFF, truncated sequences), and nesting deeper than ``maximumDepth``.
///
/// Duplicate object keys are kept in order (RFC 8259 allows them); see ``JSONObject``.
/// Numbers keep their literal text; see ``JSONNumber``.
///
/// Nesting is handled by depth-checked recursion, so the stack use is bounded however
/// deep the input tries to go.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted; a top-level array is depth 1.
    package static let maximumDepth = 512

    /// Parses one JSON value from UTF-8 bytes.
    ///
    /// - Throws: ``JSONParseError`` with the byte offset and what was expected there.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONParseError(byteOffset: 0, message: "expected a JSON value at byte 0 but the input is empty")
        }
        let count = bytes.count
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            throw JSONParseError(byteOffset: 0, message: "a byte-order mark is not allowed (at byte 0)")
        }
        // The member and element stacks start on the machine stack; each container's
        // contents are moved off them into one exactly sized array when it closes.
        let result = withUnsafeTemporaryAllocation(
            of: JSONObject.Member.self,
            capacity: Core.initialMemberCapacity
        ) { memberSpace in
            withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: Core.initialElementCapacity) { elementSpace in
                var core = Core(base: base, end: count, memberSpace: memberSpace, elementSpace: elementSpace)
                defer { core.releaseStacks() }
                return Result { () throws(JSONParseError) -> JSONValue in try core.parseDocument() }
            }
        }
        return try result.get()
    }

    /// Parses one JSON value from UTF-8 bytes.
    ///
    /// - Throws: ``JSONParseError`` with the byte offset and what was expected there.
    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses one JSON value from a slice of UTF-8 bytes.
    ///
    /// Byte offsets in errors are relative to the start of the slice.
    ///
    /// - Throws: ``JSONParseError`` with the byte offset and what was expected there.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses one JSON value from the UTF-8 form of `text`.
    ///
    /// Byte offsets in errors count UTF-8 bytes, not characters.
    ///
    /// - Throws: ``JSONParseError`` with the byte offset and what was expected there.
    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
        }
        return try result.get()
    }
}

// MARK: - The parsing machinery

extension JSONParser {
    /// Parser state: the input and a cursor. All reads are guarded by `position < end`.
    fileprivate struct Core {
        static let initialMemberCapacity = 16
        static let initialElementCapacity = 16

        let base: UnsafePointer<UInt8>
        let end: Int
        var position: Int = 0
        /// Reused buffer for decoding strings that contain escapes.
        var scratch: [UInt8] = []

        /// Members of the objects being parsed, innermost last.
        var memberStack: UnsafeMutablePointer<JSONObject.Member>
        var memberCount = 0
        var memberCapacity: Int
        /// Whether `memberStack` is on the heap (grown, or no temporary space) and must be deallocated.
        var memberStackOwned = false

        /// Elements of the arrays being parsed, innermost last.
        var elementStack: UnsafeMutablePointer<JSONValue>
        var elementCount = 0
        var elementCapacity: Int
        var elementStackOwned = false

        init(
            base: UnsafePointer<UInt8>,
            end: Int,
            memberSpace: UnsafeMutableBufferPointer<JSONObject.Member>,
            elementSpace: UnsafeMutableBufferPointer<JSONValue>
        ) {
            self.base = base
            self.end = end
            if let start = memberSpace.baseAddress, memberSpace.count > 0 {
                memberStack = start
                memberCapacity = memberSpace.count
            } else {
                memberCapacity = Core.initialMemberCapacity
                memberStack = .allocate(capacity: memberCapacity)
                memberStackOwned = true
            }
            if let start = elementSpace.baseAddress, elementSpace.count > 0 {
                elementStack = start
                elementCapacity = elementSpace.count
            } else {
                elementCapacity = Core.initialElementCapacity
                elementStack = .allocate(capacity: elementCapacity)
                elementStackOwned = true
            }
        }

        /// Destroys whatever an error left on the stacks and frees heap-grown stacks.
        mutating func releaseStacks() {
            memberStack.deinitialize(count: memberCount)
            memberCount = 0
            if memberStackOwned { memberStack.deallocate() }
            elementStack.deinitialize(count: elementCount)
            elementCount = 0
            if elementStackOwned { elementStack.deallocate() }
        }

        mutating func parseDocument() throws(JSONParseError) -> JSONValue {
            skipWhitespace()
            let value = try parseValue(depth: 0)
            skipWhitespace()
            if position != end {
                throw JSONParseError(
                    byteOffset: position,
                    message: "trailing content after the JSON value at byte \(position)"
                )
            }
            return value
        }

        // MARK: Stacks

        @inline(__always)
        mutating func pushMember(_ member: consuming JSONObject.Member) {
            if memberCount == memberCapacity { growMemberStack() }
            (memberStack + memberCount).initialize(to: member)
            memberCount += 1
        }

        mutating func growMemberStack() {
            let capacity = memberCapacity * 2
            let grown = UnsafeMutablePointer<JSONObject.Member>.allocate(capacity: capacity)
            grown.moveInitialize(from: memberStack, count: memberCount)
            if memberStackOwned { memberStack.deallocate() }
            memberStack = grown
            memberCapacity = capacity
            memberStackOwned = true
        }

        /// Moves the members from `start` to the top of the stack into a new, exactly sized array.
        @inline(__always)
        mutating func popMembers(from start: Int) -> [JSONObject.Member] {
            let count = memberCount - start
            let source = memberStack + start
            memberCount = start
            return [JSONObject.Member](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard let destination = buffer.baseAddress else {
                    source.deinitialize(count: count)
                    return
                }
                destination.moveInitialize(from: source, count: count)
                initialized = count
            }
        }

        @inline(__always)
        mutating func pushElement(_ element: consuming JSONValue) {
            if elementCount == elementCapacity { growElementStack() }
            (elementStack + elementCount).initialize(to: element)
            elementCount += 1
        }

        mutating func growElementStack() {
            let capacity = elementCapacity * 2
            let grown = UnsafeMutablePointer<JSONValue>.allocate(capacity: capacity)
            grown.moveInitialize(from: elementStack, count: elementCount)
            if elementStackOwned { elementStack.deallocate() }
            elementStack = grown
            elementCapacity = capacity
            elementStackOwned = true
        }

        /// Moves the elements from `start` to the top of the stack into a new, exactly sized array.
        @inline(__always)
        mutating func popElements(from start: Int) -> [JSONValue] {
            let count = elementCount - start
            let source = elementStack + start
            elementCount = start
            return [JSONValue](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard let destination = buffer.baseAddress else {
                    source.deinitialize(count: count)
                    return
                }
                destination.moveInitialize(from: source, count: count)
                initialized = count
            }
        }

        // MARK: Whitespace

        @inline(__always)
        mutating func skipWhitespace() {
            var p = position
            while p < end {
                let byte = base[p]
                // Fast exit: every non-whitespace byte that can start or continue a token is > 0x20.
                if byte > 0x20 { break }
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
                p += 1
            }
            position = p
        }

        // MARK: Values

        mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
            guard position < end else {
                throw JSONParseError(
                    byteOffset: position,
                    message: "expected a JSON value at byte \(position) but the input ended"
                )
            }
            switch base[position] {
            case UInt8(ascii: "\""):
                return .string(try parseString())
            case UInt8(ascii: "{"):
                return .object(try parseObject(depth: depth + 1))
            case UInt8(ascii: "["):
                return .array(try parseArray(depth: depth + 1))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral(0x74_72_75_65, length: 4)  // "true"
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral(0x66_61_6C_73_65, length: 5)  // "false"
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral(0x6E_75_6C_6C, length: 4)  // "null"
                return .null
            default:
                throw JSONParseError(
                    byteOffset: position,
                    message: "expected a JSON value at byte \(position)\(found(at: position))"
                )
            }
        }

        /// Consumes the literal whose ASCII bytes, big-endian, are `expected`.
        @inline(__always)
        mutating func expectLiteral(_ expected: UInt64, length: Int) throws(JSONParseError) {
            let start = position
            guard end - start >= length else { throw invalidLiteral(at: start) }
            var actual: UInt64 = 0
            for index in 0..<length {
                actual = actual << 8 | UInt64(base[start + index])
            }
            guard actual == expected else { throw invalidLiteral(at: start) }
            position = start + length
        }

        func invalidLiteral(at offset: Int) -> JSONParseError {
            JSONParseError(byteOffset: offset, message: "invalid literal at byte \(offset) (expected true, false or null)")
        }

        // MARK: Containers

        mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONObject {
            let open = position
            guard depth <= JSONParser.maximumDepth else { throw tooDeep(at: open) }
            position += 1
            skipWhitespace()
            if position < end, base[position] == UInt8(ascii: "}") {
                position += 1
                return JSONObject()
            }
            let stackStart = memberCount
            while true {
                guard position < end, base[position] == UInt8(ascii: "\"") else {
                    let afterComma = memberCount > stackStart
                    if afterComma, position < end, base[position] == UInt8(ascii: "}") {
                        throw JSONParseError(
                            byteOffset: position,
                            message: "expected a string key after ',' at byte \(position), found '}' (trailing commas are not allowed)"
                        )
                    }
                    throw JSONParseError(
                        byteOffset: position,
                        message: "expected a string key \(afterComma ? "after ','" : "after '{'") at byte \(position)\(found(at: position))"
                    )
                }
                let key = try parseString()
                skipWhitespace()
                guard position < end, base[position] == UInt8(ascii: ":") else {
                    throw JSONParseError(
                        byteOffset: position,
                        message: "expected ':' after an object key at byte \(position)\(found(at: position))"
                    )
                }
                position += 1
                skipWhitespace()
                let value = try parseValue(depth: depth)
                pushMember(JSONObject.Member(key: key, value: value))
                skipWhitespace()
                guard position < end else {
                    throw JSONParseError(
                        byteOffset: position,
                        message: "expected ',' or '}' after an object member at byte \(position) but the input ended"
                    )
                }
                let byte = base[position]
                position += 1
                if byte == UInt8(ascii: ",") {
                    skipWhitespace()
                } else if byte == UInt8(ascii: "}") {
                    return JSONObject(popMembers(from: stackStart))
                } else {
                    position -= 1
                    throw JSONParseError(
                        byteOffset: position,
                        message: "expected ',' or '}' after an object member at byte \(position)\(found(at: position))"
                    )
                }
            }
        }

        mutating func parseArray(depth: Int) throws(JSONParseError) -> [JSONValue] {
            let open = position
            guard depth <= JSONParser.maximumDepth else { throw tooDeep(at: open) }
            position += 1
            skipWhitespace()
            if position < end, base[position] == UInt8(ascii: "]") {
                position += 1
                return []
            }
            let stackStart = elementCount
            while true {
                if position < end, base[position] == UInt8(ascii: "]"), elementCount > stackStart {
                    throw JSONParseError(
                        byteOffset: position,
                        message: "expected a JSON value after ',' at byte \(position), found ']' (trailing commas are not allowed)"
                    )
                }
                pushElement(try parseValue(depth: depth))
                skipWhitespace()
                guard position < end else {
                    throw JSONParseError(
                        byteOffset: position,
                        message: "expected ',' or ']' after an array element at byte \(position) but the input ended"
                    )
                }
                let byte = base[position]
                position += 1
                if byte == UInt8(ascii: ",") {
                    skipWhitespace()
                } else if byte == UInt8(ascii: "]") {
                    return popElements(from: stackStart)
                } else {
                    position -= 1
                    throw JSONParseError(
                        byteOffset: position,
                        message: "expected ',' or ']' after an array element at byte \(position)\(found(at: position))"
                    )
                }
            }
        }

        func tooDeep(at offset: Int) -> JSONParseError {
            JSONParseError(
                byteOffset: offset,
                message: "nesting deeper than \(JSONParser.maximumDepth) levels at byte \(offset)"
            )
        }

        // MARK: Numbers

        mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
            let start = position
            switch JSONNumber.scan(base, from: start, end: end) {
            case .valid(let stop):
                position = stop
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self)
                return JSONNumber(validatedLiteral: text)
            case .invalid(let offset, let problem):
                throw JSONParseError(byteOffset: offset, message: "\(problem.explanation) at byte \(offset)")
            }
        }

        // MARK: Strings

        /// Parses a string whose opening quote is at `position`; leaves `position` after the closing quote.
        @inline(__always)
        mutating func parseString() throws(JSONParseError) -> String {
            let contentStart = position + 1
            var p = contentStart
            while true {
                p = JSONStringScan.skipPlainWords(in: base, from: p, end: end)
                guard p < end else { throw unterminatedString(startingAt: contentStart - 1) }
                let byte = base[p]
                if byte == UInt8(ascii: "\"") {
                    position = p + 1
                    return String(decoding: UnsafeBufferPointer(start: base + contentStart, count: p - contentStart), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") {
                    return try parseEscapedString(contentStart: contentStart, firstEscape: p)
                }
                if byte < 0x20 {
                    throw controlCharacter(byte, at: p)
                }
                if byte < 0x80 {
                    p += 1
                } else {
                    p += try utf8SequenceLength(at: p)
                }
            }
        }

        /// The slow path for strings with escapes: decodes into `scratch`.
        mutating func parseEscapedString(contentStart: Int, firstEscape: Int) throws(JSONParseError) -> String {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + contentStart, count: firstEscape - contentStart))
            var p = firstEscape
            while p < end {
                let byte = base[p]
                if byte == UInt8(ascii: "\"") {
                    position = p + 1
                    return String(decoding: scratch, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") {
                    p = try decodeEscape(at: p)
                } else if byte < 0x20 {
                    throw controlCharacter(byte, at: p)
                } else if byte < 0x80 {
                    scratch.append(byte)
                    p += 1
                } else {
                    let length = try utf8SequenceLength(at: p)
                    scratch.append(contentsOf: UnsafeBufferPointer(start: base + p, count: length))
                    p += length
                }
            }
            throw unterminatedString(startingAt: contentStart - 1)
        }

        /// Decodes the escape whose backslash is at `start` into `scratch`; returns the offset after it.
        mutating func decodeEscape(at start: Int) throws(JSONParseError) -> Int {
            let p = start + 1
            guard p < end else { throw unterminatedEscape(at: start) }
            let decoded: UInt8
            if let simple = UTF8Sequence.simpleEscape(base[p]) {
                decoded = simple
            } else if base[p] == UInt8(ascii: "u") {
                return try decodeUnicodeEscape(at: start)
            } else {
                throw JSONParseError(
                    byteOffset: start,
                    message: "invalid escape sequence at byte \(start) (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
                )
            }
            scratch.append(decoded)
            return p + 1
        }

        /// Decodes `\uXXXX` (and its low-surrogate partner) at `start`; returns the offset after it.
        mutating func decodeUnicodeEscape(at start: Int) throws(JSONParseError) -> Int {
            let unit = try hexQuad(at: start + 2, escapeStart: start)
            var next = start + 6
            var scalar = UInt32(unit)
            if unit >= 0xDC00, unit <= 0xDFFF {
                throw unpairedSurrogate(at: start)
            }
            if unit >= 0xD800, unit <= 0xDBFF {
                guard next + 1 < end, base[next] == UInt8(ascii: "\\"), base[next + 1] == UInt8(ascii: "u") else {
                    throw unpairedSurrogate(at: start)
                }
                let low = try hexQuad(at: next + 2, escapeStart: next)
                guard low >= 0xDC00, low <= 0xDFFF else { throw unpairedSurrogate(at: start) }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                next += 6
            }
            appendUTF8(scalar)
            return next
        }

        @inline(__always)
        mutating func appendUTF8(_ scalar: UInt32) {
            if scalar < 0x80 {
                scratch.append(UInt8(truncatingIfNeeded: scalar))
            } else if scalar < 0x800 {
                scratch.append(UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6)))
                scratch.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
            } else if scalar < 0x10000 {
                scratch.append(UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12)))
                scratch.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F)))
                scratch.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
            } else {
                scratch.append(UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18)))
                scratch.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F)))
                scratch.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F)))
                scratch.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
            }
        }

        /// Reads four hex digits at `offset` (the digits of the escape starting at `escapeStart`).
        func hexQuad(at offset: Int, escapeStart: Int) throws(JSONParseError) -> UInt16 {
            guard let value = UTF8Sequence.hexQuad(base, at: offset, end: end) else { throw invalidUnicodeEscape(at: escapeStart) }
            return value
        }

        /// Validates the multi-byte UTF-8 sequence whose lead byte (>= 0x80) is at `p`
        /// (Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF);
        /// returns its length.
        @inline(__always)
        func utf8SequenceLength(at p: Int) throws(JSONParseError) -> Int {
            guard let length = UTF8Sequence.length(in: base, at: p, end: end) else { throw invalidUTF8(at: p) }
            return length
        }

        // MARK: Errors

        /// " found 'X'" for structural characters, " but the input ended" at the end, and
        /// nothing otherwise, so no content byte of the input ever appears in a message.
        func found(at offset: Int) -> String {
            guard offset < end else { return " but the input ended" }
            switch base[offset] {
            case UInt8(ascii: "{"): return ", found '{'"
            case UInt8(ascii: "}"): return ", found '}'"
            case UInt8(ascii: "["): return ", found '['"
            case UInt8(ascii: "]"): return ", found ']'"
            case UInt8(ascii: ","): return ", found ','"
            case UInt8(ascii: ":"): return ", found ':'"
            case UInt8(ascii: "\""): return ", found '\"'"
            default: return ""
            }
        }

        func controlCharacter(_ byte: UInt8, at offset: Int) -> JSONParseError {
            let hex = String(byte, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: 4 - hex.count) + hex
            return JSONParseError(
                byteOffset: offset,
                message: "control character U+\(padded) inside a string at byte \(offset) (must be escaped)"
            )
        }

        func unterminatedString(startingAt offset: Int) -> JSONParseError {
            JSONParseError(
                byteOffset: offset,
                message: "unterminated string starting at byte \(offset): expected '\"' before the end of the input"
            )
        }

        func unterminatedEscape(at offset: Int) -> JSONParseError {
            JSONParseError(byteOffset: offset, message: "unterminated escape sequence at byte \(offset)")
        }

        func invalidUnicodeEscape(at offset: Int) -> JSONParseError {
            JSONParseError(
                byteOffset: offset,
                message: "invalid \\u escape at byte \(offset) (expected four hex digits)"
            )
        }

        func unpairedSurrogate(at offset: Int) -> JSONParseError {
            JSONParseError(
                byteOffset: offset,
                message: "unpaired UTF-16 surrogate escape at byte \(offset) (a high surrogate must be followed by a low one)"
            )
        }

        func invalidUTF8(at offset: Int) -> JSONParseError {
            JSONParseError(byteOffset: offset, message: "invalid UTF-8 at byte \(offset)")
        }
    }
}
