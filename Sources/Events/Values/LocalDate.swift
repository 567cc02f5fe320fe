/// A calendar date without a time or a time zone, in the proleptic Gregorian calendar.
///
/// This is how the log names nights: `"2026-11-30"` is the night that begins on the
/// evening of November 30 (and ends on the morning of December 1), in the person's local
/// wall clock.
///
/// ## Range
/// ``init(year:month:day:)`` and ``init(iso:)`` accept the years the log can write,
/// 0001–9999. Date arithmetic (``adding(days:)``, ``init(daysSince1970:)``, the local date
/// of an ``Instant``) is total and may step outside that range; such a date is then written
/// with an expanded year (a sign for years ≤ 0, more than four digits after 9999), which
/// ``init(iso:)`` rejects. Day counts that overflow `Int64` trap like any integer overflow.
///
/// Ordering is chronological. All calendar math is pure integer arithmetic
/// (Howard Hinnant's `days_from_civil` / `civil_from_days`); no `Calendar` is involved.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1 (January) … 12 (December).
    public let month: Int
    /// The day of the month, 1 … 28, 29, 30 or 31.
    public let day: Int

    /// Creates a date, or `nil` when the year is outside 1…9999, the month outside 1…12,
    /// or the day does not exist in that month (leap years included: February 29 exists
    /// in 2024 and 2000, not in 2026 or 1900).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= LocalDate.numberOfDays(inMonth: month, year: Int64(year))
        else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date that is `daysSince1970` days after 1970-01-01 (negative: before).
    public init(daysSince1970: Int) {
        let civil = LocalDate.civilFromDays(Int64(daysSince1970))
        self.init(uncheckedYear: civil.year, month: civil.month, day: civil.day)
    }

    /// Creates a date from already validated fields.
    init(uncheckedYear year: Int64, month: Int64, day: Int64) {
        self.year = Int(year)
        self.month = Int(month)
        self.day = Int(day)
    }

    /// The number of days from 1970-01-01 to this date (negative before 1970).
    ///
    /// On 32-bit platforms (watchOS on arm64_32) `Int` holds the day counts of years
    /// within about ±5.8 million; beyond that this traps like any `Int` overflow.
    public var daysSince1970: Int {
        Int(LocalDate.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The date `days` days later (earlier for a negative count), across month and year
    /// ends and leap days.
    public func adding(days: Int) -> LocalDate {
        let start = LocalDate.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let civil = LocalDate.civilFromDays(start + Int64(days))
        return LocalDate(uncheckedYear: civil.year, month: civil.month, day: civil.day)
    }

    /// The number of days from `other` to this date: positive when `self` is later,
    /// so that `other.adding(days: self.days(from: other)) == self`.
    public func days(from other: LocalDate) -> Int {
        let own = LocalDate.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let theirs = LocalDate.daysFromCivil(
            year: Int64(other.year), month: Int64(other.month), day: Int64(other.day))
        return Int(own - theirs)
    }

    /// The ISO 8601 day of the week: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let days = LocalDate.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        // 1970-01-01 was a Thursday (4).
        return Int(LocalDate.floorModulo(days + 3, 7)) + 1
    }

    /// Chronological order.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The date written `YYYY-MM-DD`, as ``iso``.
    public var description: String { iso }
}

// MARK: - ISO text

extension LocalDate {
    /// Parses a date written strictly `YYYY-MM-DD` (e.g. `2026-11-30`): four-digit year
    /// 0001–9999, two-digit month 01–12, two-digit day that exists in that month. Nothing
    /// else is accepted: no whitespace, no time, no week or ordinal dates.
    /// - Throws: ``ValueFormatError`` naming the field that is wrong.
    public init(iso text: String) throws(ValueFormatError) {
        self = try TypedParsing.parse(text) { bytes throws(ValueFormatError) in try LocalDate(isoBytes: bytes) }
    }

    /// Parses UTF-8 bytes as ``init(iso:)`` does, without allocating.
    /// - Throws: ``ValueFormatError`` naming the field that is wrong.
    public init(isoBytes bytes: UnsafeBufferPointer<UInt8>) throws(ValueFormatError) {
        let expected = ValueFormatError.dateExpectation
        let fields = try LocalDate.parseDateFields(bytes, expected: expected)
        guard bytes.count == 10 else {
            throw ValueFormatError(
                expected: expected, problem: "unexpected text after the day", position: 10)
        }
        self.init(uncheckedYear: Int64(fields.year), month: Int64(fields.month), day: Int64(fields.day))
    }

    /// The date written `YYYY-MM-DD`, e.g. `2026-11-30`. Years outside 0001–9999 (only
    /// reachable by arithmetic) are written expanded, e.g. `-0001-12-31` or `10000-01-01`.
    public var iso: String {
        String(unsafeUninitializedCapacity: 32) { output in
            writeISO(to: output, at: 0)
        }
    }

    /// Appends ``iso``'s UTF-8 bytes to `buffer`.
    public func writeISO(into buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { output in
            let count = writeISO(to: output, at: 0)
            buffer.append(contentsOf: UnsafeMutableBufferPointer(rebasing: output[0..<count]))
        }
    }

    /// Writes `YYYY-MM-DD` at `index` (at most 25 bytes) and returns the index after it.
    func writeISO(to output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        var index = LocalDate.writeYear(Int64(year), to: output, at: index)
        output[index] = UInt8(ascii: "-")
        index = LocalDate.writeTwoDigits(month, to: output, at: index + 1)
        output[index] = UInt8(ascii: "-")
        return LocalDate.writeTwoDigits(day, to: output, at: index + 1)
    }

    /// Reads and validates `YYYY-MM-DD` at the start of `bytes` (bytes 0…9); what follows
    /// is left to the caller.
    @inline(__always)
    static func parseDateFields(
        _ bytes: UnsafeBufferPointer<UInt8>, expected: String
    ) throws(ValueFormatError) -> (year: Int, month: Int, day: Int) {
        let year = try bytes.decimalDigits(at: 0, width: 4, field: "year", expected: expected)
        guard year >= 1 else {
            throw ValueFormatError.outOfRange(
                "year", value: year, width: 4, range: "0001–9999", position: 0, expected: expected)
        }
        try bytes.expectSeparator(
            UInt8(ascii: "-"), at: 4, between: "year", and: "month", expected: expected)
        let month = try bytes.decimalDigits(at: 5, width: 2, field: "month", expected: expected)
        guard month >= 1, month <= 12 else {
            throw ValueFormatError(
                expected: expected,
                problem: "month \(ValueFormatError.padded(month, width: 2)) does not exist (01–12)",
                position: 5)
        }
        try bytes.expectSeparator(
            UInt8(ascii: "-"), at: 7, between: "month", and: "day", expected: expected)
        let day = try bytes.decimalDigits(at: 8, width: 2, field: "day", expected: expected)
        guard day >= 1, day <= numberOfDays(inMonth: month, year: Int64(year)) else {
            throw dayDoesNotExist(day: day, month: month, year: year, expected: expected)
        }
        return (year, month, day)
    }

    @inline(never)
    static func dayDoesNotExist(day: Int, month: Int, year: Int, expected: String) -> ValueFormatError {
        let dayText = ValueFormatError.padded(day, width: 2)
        let problem: String
        if day == 0 {
            problem = "day 00 does not exist"
        } else if month == 2 && day == 29 {
            problem = "day 29 does not exist in February \(ValueFormatError.padded(year, width: 4)) (not a leap year)"
        } else {
            problem = "day \(dayText) does not exist in \(monthNames[month - 1]) \(ValueFormatError.padded(year, width: 4))"
        }
        return ValueFormatError(expected: expected, problem: problem, position: 8)
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// Writes a year: four digits for 0…9999, all digits above, a `-` and at least four
    /// digits below zero. Returns the index after it.
    static func writeYear(_ year: Int64, to output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var index = start
        if year >= 0 && year <= 9999 {
            let value = Int(year)
            output[index] = UInt8(truncatingIfNeeded: 48 + value / 1000)
            output[index + 1] = UInt8(truncatingIfNeeded: 48 + value / 100 % 10)
            output[index + 2] = UInt8(truncatingIfNeeded: 48 + value / 10 % 10)
            output[index + 3] = UInt8(truncatingIfNeeded: 48 + value % 10)
            return index + 4
        }
        if year < 0 {
            output[index] = UInt8(ascii: "-")
            index += 1
        }
        // Magnitude as UInt64 so that Int64.min is safe.
        let magnitude = year.magnitude
        var digitCount = 4
        var power: UInt64 = 10_000
        while digitCount < 20 && magnitude >= power {
            digitCount += 1
            power = power.multipliedReportingOverflow(by: 10).overflow ? UInt64.max : power * 10
        }
        var remaining = magnitude
        var position = index + digitCount - 1
        while position >= index {
            output[position] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
            remaining /= 10
            position -= 1
        }
        index += digitCount
        return index
    }

    /// Writes `value` (0…99) as two digits and returns the index after them.
    @inline(__always)
    static func writeTwoDigits(_ value: Int, to output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        output[index] = UInt8(truncatingIfNeeded: 48 + value / 10)
        output[index + 1] = UInt8(truncatingIfNeeded: 48 + value % 10)
        return index + 2
    }
}

// MARK: - Civil-date arithmetic (internal)

extension LocalDate {
    /// Whether `year` is a leap year in the proleptic Gregorian calendar.
    @inline(__always)
    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1…12) in `year`.
    @inline(__always)
    static func numberOfDays(inMonth month: Int, year: Int64) -> Int {
        switch month {
        case 2:
            return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Division rounded toward negative infinity.
    @inline(__always)
    package static func floorDivision(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of ``floorDivision(_:_:)``: in `0..<divisor` for a positive divisor.
    @inline(__always)
    static func floorModulo(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let remainder = dividend % divisor
        return (remainder != 0 && (remainder < 0) != (divisor < 0)) ? remainder + divisor : remainder
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Hinnant's
    /// `days_from_civil`); valid for any year whose day count fits in `Int64`.
    @inline(__always)
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivision(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400  // 0…399
        let shiftedMonth = month > 2 ? month - 3 : month + 9  // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1  // 0…365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0…146096
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01 (Hinnant's
    /// `civil_from_days`).
    @inline(__always)
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097  // 0…146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0…399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0…365
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
