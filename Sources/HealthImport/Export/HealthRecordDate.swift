import Events

/// The dates of an Apple Health export, `2019-06-15 22:21:00 -0400`, read strictly.
///
/// Grammar: `YYYY-MM-DD HH:MM:SS ±HHMM`, exactly 25 characters: year 0001–9999, a day that
/// exists in its month (no Feb 30), hour 00–23, minute 00–59, second 00–59, one space
/// between date and time and between time and offset, offset hours 00–23 and minutes
/// 00–59. Nothing before or after.
///
/// The instant is right; the printed offset is not the record's own (every record of an
/// export carries the offset of the moment of export, even across daylight saving), so
/// callers show the instant in the record's zone and use the parsed offset for nothing.
public enum HealthRecordDate {
    /// The expected shape, for messages.
    public static let expectedShape = "yyyy-MM-dd HH:mm:ss ±HHmm"

    /// Parses `text`; the instant keeps the printed offset.
    /// - Throws: ``HealthRecordDateError`` saying what is wrong (never quoting the text).
    public static func parse(_ text: String) throws(HealthRecordDateError) -> Instant {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(HealthRecordDateError) in try parse(bytes) }
        }
        return try result.get()
    }

    /// Parses UTF-8 bytes as ``parse(_:)-swift.type.method`` does.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HealthRecordDateError) -> Instant {
        guard bytes.count == 25 else {
            throw HealthRecordDateError("expected \(expectedShape) (25 ASCII characters), found \(bytes.count) bytes")
        }
        func number(_ start: Int, _ width: Int, _ field: String) throws(HealthRecordDateError) -> Int {
            var value = 0
            for index in start..<(start + width) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else {
                    throw HealthRecordDateError("the \(field) is not \(width) digits (expected \(expectedShape))")
                }
                value = value * 10 + Int(digit)
            }
            return value
        }
        func separator(_ index: Int, _ byte: UInt8, _ name: String) throws(HealthRecordDateError) {
            guard bytes[index] == byte else {
                throw HealthRecordDateError("expected \(name) at character \(index + 1) (expected \(expectedShape))")
            }
        }
        let year = try number(0, 4, "year")
        try separator(4, UInt8(ascii: "-"), "'-'")
        let month = try number(5, 2, "month")
        try separator(7, UInt8(ascii: "-"), "'-'")
        let day = try number(8, 2, "day")
        try separator(10, UInt8(ascii: " "), "a space")
        let hour = try number(11, 2, "hour")
        try separator(13, UInt8(ascii: ":"), "':'")
        let minute = try number(14, 2, "minute")
        try separator(16, UInt8(ascii: ":"), "':'")
        let second = try number(17, 2, "second")
        try separator(19, UInt8(ascii: " "), "a space")
        let sign = bytes[20]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            throw HealthRecordDateError("expected '+' or '-' at character 21 (expected \(expectedShape))")
        }
        let offsetHour = try number(21, 2, "offset hour")
        let offsetMinute = try number(23, 2, "offset minute")

        guard let date = LocalDate(year: year, month: month, day: day) else {
            if !(1...9999).contains(year) { throw HealthRecordDateError("the year must be 0001–9999") }
            if !(1...12).contains(month) { throw HealthRecordDateError("the month must be 01–12") }
            throw HealthRecordDateError("the day does not exist in that month")
        }
        guard hour <= 23 else { throw HealthRecordDateError("the hour must be 00–23") }
        guard minute <= 59 else { throw HealthRecordDateError("the minute must be 00–59") }
        guard second <= 59 else { throw HealthRecordDateError("the second must be 00–59") }
        guard offsetHour <= 23, offsetMinute <= 59 else {
            throw HealthRecordDateError("the offset must be ±HHmm with hours 00–23 and minutes 00–59")
        }
        let offsetMagnitude = offsetHour * 3600 + offsetMinute * 60
        let offset = sign == UInt8(ascii: "-") ? -offsetMagnitude : offsetMagnitude
        let localSeconds = Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Instant(millisecondsSince1970: (localSeconds - Int64(offset)) * 1000, utcOffsetSeconds: Int32(offset))
    }
}

/// Why a Health export date could not be read. The message never quotes the date.
public struct HealthRecordDateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in plain words.
    public var problem: String

    /// Creates the error.
    public init(_ problem: String) {
        self.problem = problem
    }

    public var description: String { problem }
}
