// Reading and writing instants as RFC 3339 text, the log's `at` format.
//
// Grammar read, strictly (a subset of RFC 3339 section 5.6):
//
//     YYYY-MM-DD "T" HH:MM:SS [ "." 1*9DIGIT ] ( "Z" / ("+" / "-") HH:MM )
//
// Pure integer arithmetic, no Calendar or date formatter, no allocation on success.

extension Instant {
    /// The longest text ``writeRFC3339(into:)`` can write (expanded years included).
    static let maximumRFC3339Length = 48

    /// Parses an RFC 3339 instant with an explicit offset, e.g.
    /// `2026-11-30T22:15:03+01:00`, `2026-11-30T21:15:03.250Z`.
    ///
    /// Accepted, strictly: `YYYY-MM-DDTHH:MM:SS[.F{1,9}](Z|+HH:MM|-HH:MM)`, and nothing else:
    /// - `T` and `Z` must be uppercase (RFC 3339 allows lowercase; the log does not), and the
    ///   date and time are joined by `T`, not a space.
    /// - Year 0001–9999; month 01–12; the day must exist in that month (`2024-02-29` is
    ///   read, `2026-02-29` and `02-30` are rejected, not rolled over into March); hour
    ///   00–23 (no `T24:00`); minute 00–59; second 00–59 (no leap second 60).
    /// - Fraction: a `.` and 1 to 9 digits. Milliseconds are kept; further digits are
    ///   truncated. Since the fraction always counts forward from the whole second, that
    ///   rounds toward the past (floor), before 1970 too:
    ///   `1969-12-31T23:59:59.9999Z` is -1 ms, `…T23:59:59.0009Z` is -1000 ms.
    /// - Offset: `Z` (read as +00:00), or `+HH:MM` / `-HH:MM` with hours 00–23 and minutes
    ///   00–59; `-00:00` is read as +00:00. `+0100`, `+01` and a missing offset are rejected.
    /// - No leading or trailing characters, whitespace included.
    ///
    /// - Throws: ``ValueFormatError`` naming the field that is wrong.
    public init(rfc3339 text: String) throws(ValueFormatError) {
        self = try TypedParsing.parse(text) { bytes throws(ValueFormatError) in try Instant.parseRFC3339(bytes) }
    }

    /// Parses UTF-8 bytes exactly as ``init(rfc3339:)`` does, without allocating: the fast
    /// path for reading the log.
    /// - Throws: ``ValueFormatError`` naming the field that is wrong.
    public init(rfc3339Bytes bytes: UnsafeBufferPointer<UInt8>) throws(ValueFormatError) {
        self = try Instant.parseRFC3339(bytes)
    }

    /// The instant written as the log writes it: `YYYY-MM-DDTHH:MM:SS` on the wall clock of
    /// the stored offset, then `.mmm` (always three digits) only when the milliseconds are
    /// not zero, then the offset as `+HH:MM` or `-HH:MM` — never `Z`; UTC is `+00:00`.
    ///
    /// `2026-11-30T22:15:03+01:00`, `2026-11-30T22:15:03.500+01:00`,
    /// `1969-12-31T23:59:59.999+00:00`. The text is byte-stable: it depends only on the two
    /// stored fields, and reading it back gives an equal instant.
    public var rfc3339: String {
        String(unsafeUninitializedCapacity: Instant.maximumRFC3339Length) { output in
            writeRFC3339(to: output)
        }
    }

    /// Appends the UTF-8 bytes of ``rfc3339`` to `buffer`, without an intermediate `String`.
    public func writeRFC3339(into buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Instant.maximumRFC3339Length) { output in
            let count = writeRFC3339(to: output)
            buffer.append(contentsOf: UnsafeMutableBufferPointer(rebasing: output[0..<count]))
        }
    }

    /// Writes ``rfc3339`` into `output` (at least ``maximumRFC3339Length`` bytes) and
    /// returns the number of bytes written.
    func writeRFC3339(to output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var index = localDateTime.write(to: output, at: 0)
        let offset = Int(utcOffsetSeconds)
        output[index] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        let offsetMinutes = abs(offset) / 60
        index = LocalDate.writeTwoDigits(offsetMinutes / 60, to: output, at: index + 1)
        output[index] = UInt8(ascii: ":")
        return LocalDate.writeTwoDigits(offsetMinutes % 60, to: output, at: index + 1)
    }

    /// The parser behind ``init(rfc3339:)`` and ``init(rfc3339Bytes:)``.
    static func parseRFC3339(_ bytes: UnsafeBufferPointer<UInt8>) throws(ValueFormatError) -> Instant {
        let expected = ValueFormatError.instantExpectation
        let count = bytes.count
        let date = try LocalDate.parseDateFields(bytes, expected: expected)

        guard count > 10, bytes[10] == UInt8(ascii: "T") else {
            throw timeSeparatorError(bytes)
        }
        let hour = try bytes.decimalDigits(at: 11, width: 2, field: "hour", expected: expected)
        guard hour <= 23 else {
            throw ValueFormatError.outOfRange(
                "hour", value: hour, width: 2, range: "00–23",
                note: hour == 24 ? " (T24:00 is not accepted; write T00:00 of the next day)" : "",
                position: 11, expected: expected)
        }
        try bytes.expectSeparator(
            UInt8(ascii: ":"), at: 13, between: "hour", and: "minute", expected: expected)
        let minute = try bytes.decimalDigits(at: 14, width: 2, field: "minute", expected: expected)
        guard minute <= 59 else {
            throw ValueFormatError.outOfRange(
                "minute", value: minute, width: 2, range: "00–59", position: 14, expected: expected)
        }
        try bytes.expectSeparator(
            UInt8(ascii: ":"), at: 16, between: "minute", and: "second", expected: expected)
        let second = try bytes.decimalDigits(at: 17, width: 2, field: "second", expected: expected)
        guard second <= 59 else {
            throw ValueFormatError.outOfRange(
                "second", value: second, width: 2, range: "00–59",
                note: second == 60 ? " (leap seconds are not accepted)" : "",
                position: 17, expected: expected)
        }

        var index = 19
        var millisecond: Int64 = 0
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            var weight: Int64 = 100
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                if digit >= 10 {
                    break
                }
                guard index - fractionStart < 9 else {
                    throw ValueFormatError(
                        expected: expected,
                        problem: "the fraction of a second has more than 9 digits",
                        position: index)
                }
                millisecond += Int64(digit) * weight  // digits past the third have weight 0
                weight /= 10
                index += 1
            }
            guard index > fractionStart else {
                throw emptyFractionError(bytes, position: index)
            }
        }

        guard index < count else {
            throw ValueFormatError(
                expected: expected,
                problem: "the offset is missing; write Z, +HH:MM or -HH:MM after the time",
                position: index)
        }
        let designator = bytes[index]
        let offsetSeconds: Int32
        if designator == UInt8(ascii: "Z") {
            offsetSeconds = 0
            index += 1
        } else if designator == UInt8(ascii: "+") || designator == UInt8(ascii: "-") {
            let offsetHour = try bytes.decimalDigits(
                at: index + 1, width: 2, field: "offset hour", expected: expected)
            guard offsetHour <= 23 else {
                throw ValueFormatError.outOfRange(
                    "offset hour", value: offsetHour, width: 2, range: "00–23",
                    position: index + 1, expected: expected)
            }
            guard index + 3 < count, bytes[index + 3] == UInt8(ascii: ":") else {
                throw offsetColonError(bytes, position: index + 3)
            }
            let offsetMinute = try bytes.decimalDigits(
                at: index + 4, width: 2, field: "offset minute", expected: expected)
            guard offsetMinute <= 59 else {
                throw ValueFormatError.outOfRange(
                    "offset minute", value: offsetMinute, width: 2, range: "00–59",
                    position: index + 4, expected: expected)
            }
            let magnitude = Int32(offsetHour * 3600 + offsetMinute * 60)
            offsetSeconds = designator == UInt8(ascii: "-") ? -magnitude : magnitude
            index += 6
        } else {
            throw offsetDesignatorError(designator, position: index)
        }
        guard index == count else {
            throw ValueFormatError(
                expected: expected, problem: "unexpected text after the offset", position: index)
        }

        let days = LocalDate.daysFromCivil(
            year: Int64(date.year), month: Int64(date.month), day: Int64(date.day))
        let localSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Instant(
            millisecondsSince1970: (localSeconds - Int64(offsetSeconds)) * 1000 + millisecond,
            normalizedOffsetSeconds: offsetSeconds)
    }

    // MARK: Error messages (cold paths)

    @inline(never)
    private static func timeSeparatorError(_ bytes: UnsafeBufferPointer<UInt8>) -> ValueFormatError {
        let expected = ValueFormatError.instantExpectation
        guard bytes.count > 10 else {
            return ValueFormatError(
                expected: expected,
                problem: "the text ends after the date; expected 'T' and the time",
                position: 10)
        }
        let found =
            bytes[10] == UInt8(ascii: "t") ? "a lowercase 't'" : ValueFormatError.describe(byte: bytes[10])
        return ValueFormatError(
            expected: expected,
            problem: "the date and the time must be joined by an uppercase 'T', found \(found)",
            position: 10)
    }

    @inline(never)
    private static func emptyFractionError(
        _ bytes: UnsafeBufferPointer<UInt8>, position: Int
    ) -> ValueFormatError {
        let found = position < bytes.count ? ValueFormatError.describe(byte: bytes[position]) : "the end of the text"
        return ValueFormatError(
            expected: ValueFormatError.instantExpectation,
            problem: "the fraction of a second needs 1 to 9 digits after '.', found \(found)",
            position: position)
    }

    @inline(never)
    private static func offsetColonError(
        _ bytes: UnsafeBufferPointer<UInt8>, position: Int
    ) -> ValueFormatError {
        let found = position < bytes.count ? ValueFormatError.describe(byte: bytes[position]) : "the end of the text"
        return ValueFormatError(
            expected: ValueFormatError.instantExpectation,
            problem: "the offset must be written +HH:MM or -HH:MM with a colon, found \(found) after the offset hour",
            position: position)
    }

    @inline(never)
    private static func offsetDesignatorError(_ byte: UInt8, position: Int) -> ValueFormatError {
        let problem: String
        if byte == UInt8(ascii: "z") {
            problem = "the offset must be an uppercase 'Z', found a lowercase 'z'"
        } else {
            problem = "expected the offset (Z, +HH:MM or -HH:MM) after the time, found \(ValueFormatError.describe(byte: byte))"
        }
        return ValueFormatError(
            expected: ValueFormatError.instantExpectation, problem: problem, position: position)
    }
}
