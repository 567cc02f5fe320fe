/// The error thrown when a text does not follow one of the log's value formats
/// (an instant, a night's date or a time of day).
///
/// The message names the format and what is wrong in terms of its fields (month, day,
/// offset, fraction …). It may quote the short field that is wrong (`month 13`), a single
/// offending character, but never the input as a whole, so that it can be logged without
/// leaking a large or sensitive text.
///
/// ```
/// expected an RFC 3339 instant with an explicit offset, e.g. 2026-11-30T22:15:03+01:00:
/// day 30 does not exist in February 2026 (at byte 8)
/// ```
public struct ValueFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The format that was expected, e.g.
    /// `an RFC 3339 instant with an explicit offset, e.g. 2026-11-30T22:15:03+01:00`.
    public var expected: String

    /// What is wrong with the text, in terms of the format's fields, e.g.
    /// `day 30 does not exist in February 2026`.
    public var problem: String

    /// The zero-based UTF-8 byte offset in the text where the problem was found: the first
    /// byte of the field that is out of range, the unexpected byte, or the length of the
    /// text when it ends too early. `nil` when no single place can be named.
    public var position: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - expected: the format that was expected.
    ///   - problem: what is wrong, in terms of the format's fields.
    ///   - position: the zero-based UTF-8 byte offset of the problem, if known.
    public init(expected: String, problem: String, position: Int? = nil) {
        self.expected = expected
        self.problem = problem
        self.position = position
    }

    /// `expected <format>: <problem>`, followed by ` (at byte <position>)` when the
    /// position is known.
    public var description: String {
        var text = "expected \(expected): \(problem)"
        if let position {
            text += " (at byte \(position))"
        }
        return text
    }
}

// MARK: - Shared helpers for the strict ASCII parsers (internal)

extension ValueFormatError {
    /// The expectation named by errors about instants.
    static let instantExpectation =
        "an RFC 3339 instant with an explicit offset, e.g. 2026-11-30T22:15:03+01:00"

    /// The expectation named by errors about calendar dates (nights).
    static let dateExpectation = "a date written YYYY-MM-DD, e.g. 2026-11-30"

    /// The expectation named by errors about times of day.
    static let timeOfDayExpectation = "a 24-hour time of day written HH:mm, e.g. 22:30"

    /// A short, safe description of one byte of input: a quoted printable ASCII character,
    /// or a word for whitespace, control and non-ASCII bytes.
    static func describe(byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: " "):
            return "a space"
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return "whitespace"
        case 0x21...0x7E:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...:
            return "a non-ASCII character"
        default:
            return "a control character"
        }
    }

    /// Writes `value` with at least `width` digits, padded with zeros (for quoting a field).
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        if digits.count >= width {
            return digits
        }
        return String(repeating: "0", count: width - digits.count) + digits
    }

    /// The error for a text that ends before a field of `width` digits is complete.
    @inline(never)
    static func textEnds(
        inField field: String, width: Int, fieldStart: Int, textLength: Int, expected: String
    ) -> ValueFormatError {
        if textLength == 0 {
            return ValueFormatError(expected: expected, problem: "the text is empty", position: 0)
        }
        if textLength <= fieldStart {
            return ValueFormatError(
                expected: expected, problem: "the text ends where the \(field) should be",
                position: textLength)
        }
        let found = textLength - fieldStart
        return ValueFormatError(
            expected: expected,
            problem: "the \(field) must be \(width) digits, the text ends after \(found)",
            position: textLength)
    }

    /// The error for a byte that is not an ASCII digit inside a field of `width` digits.
    @inline(never)
    static func notADigit(
        inField field: String, width: Int, byte: UInt8, position: Int, expected: String
    ) -> ValueFormatError {
        ValueFormatError(
            expected: expected,
            problem: "the \(field) must be \(width) digits, found \(describe(byte: byte))",
            position: position)
    }

    /// The error for a missing or wrong separator character.
    @inline(never)
    static func separator(
        _ separator: UInt8, between first: String, and second: String,
        found byte: UInt8?, position: Int, expected: String
    ) -> ValueFormatError {
        let wanted = "'\(Character(Unicode.Scalar(separator)))'"
        guard let byte else {
            return ValueFormatError(
                expected: expected,
                problem: "the text ends after the \(first); expected \(wanted) and the \(second)",
                position: position)
        }
        return ValueFormatError(
            expected: expected,
            problem: "expected \(wanted) between the \(first) and the \(second), found \(describe(byte: byte))",
            position: position)
    }

    /// The error for a two- or four-digit field whose value is out of range.
    @inline(never)
    static func outOfRange(
        _ field: String, value: Int, width: Int, range: String, note: String = "",
        position: Int, expected: String
    ) -> ValueFormatError {
        ValueFormatError(
            expected: expected,
            problem: "\(field) \(padded(value, width: width)) is out of range \(range)\(note)",
            position: position)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Reads exactly `width` ASCII digits starting at `start` as a decimal number.
    /// - Throws: a ``ValueFormatError`` naming `field` when the text ends early or a
    ///   byte is not a digit.
    @inline(__always)
    func decimalDigits(
        at start: Int, width: Int, field: String, expected: String
    ) throws(ValueFormatError) -> Int {
        var value = 0
        var index = start
        let end = start + width
        while index < end {
            guard index < count else {
                throw ValueFormatError.textEnds(
                    inField: field, width: width, fieldStart: start, textLength: count,
                    expected: expected)
            }
            let digit = self[index] &- UInt8(ascii: "0")
            guard digit < 10 else {
                throw ValueFormatError.notADigit(
                    inField: field, width: width, byte: self[index], position: index,
                    expected: expected)
            }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return value
    }

    /// Checks that the byte at `index` is `separator`.
    /// - Throws: a ``ValueFormatError`` naming the fields on either side otherwise.
    @inline(__always)
    func expectSeparator(
        _ separator: UInt8, at index: Int, between first: String, and second: String,
        expected: String
    ) throws(ValueFormatError) {
        guard index < count else {
            throw ValueFormatError.separator(
                separator, between: first, and: second, found: nil, position: index,
                expected: expected)
        }
        guard self[index] == separator else {
            throw ValueFormatError.separator(
                separator, between: first, and: second, found: self[index], position: index,
                expected: expected)
        }
    }
}
