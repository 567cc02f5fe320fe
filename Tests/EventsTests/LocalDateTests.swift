import Testing

@testable import Events

@Suite("LocalDate")
struct LocalDateTests {
    /// A year written with four digits (test helper).
    static func fourDigits(_ year: Int) -> String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    @Test("valid dates read and write back", arguments: [
        "2026-11-30", "2024-02-29", "2000-02-29", "1970-01-01", "1969-12-31", "0001-01-01",
        "9999-12-31", "2026-01-31", "2026-04-30", "2026-12-31",
    ])
    func validDate(_ text: String) throws {
        let date = try LocalDate(iso: text)
        #expect(date.iso == text)
        #expect(date.description == text)
        var buffer: [UInt8] = []
        date.writeISO(into: &buffer)
        #expect(buffer == Array(text.utf8))
        let fromBytes = try Array(text.utf8).withUnsafeBufferPointer { try LocalDate(isoBytes: $0) }
        #expect(fromBytes == date)
        #expect(LocalDate(daysSince1970: date.daysSince1970) == date)
    }

    /// (input, a part the problem must mention)
    @Test("invalid dates are rejected", arguments: [
        ("2026-02-30", "day 30 does not exist in February 2026"),
        ("2026-02-29", "day 29 does not exist in February 2026"),
        ("2100-02-29", "day 29 does not exist in February 2100"),
        ("2026-06-31", "day 31 does not exist in June 2026"),
        ("2026-13-01", "month 13"),
        ("2026-00-10", "month 00"),
        ("2026-11-00", "day 00"),
        ("2026-11-32", "day 32"),
        ("0000-01-01", "year 0000"),
        ("2026-11-30T22:15:03Z", "after the day"),
        ("2026-11-30 ", "after the day"),
        (" 2026-11-30", "year"),
        ("2026-1-30", "month"),
        ("2026-11-3", "day"),
        ("20261130", "'-'"),
        ("2026/11/30", "'-'"),
        ("", "empty"),
        ("demo", "year"),
    ])
    func invalidDate(_ text: String, _ mention: String) throws {
        let error = try #require(throws: ValueFormatError.self) { try LocalDate(iso: text) }
        #expect(error.problem.contains(mention), "\(error)")
        #expect(error.expected == ValueFormatError.dateExpectation)
    }

    @Test func memberwiseValidation() {
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2026, month: 2, day: 30) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 0, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 1, day: 0) == nil)
        #expect(LocalDate(year: 0, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(LocalDate(year: 9999, month: 12, day: 31) != nil)
    }

    /// (start, days, result)
    @Test("adding days", arguments: [
        ("2026-11-30", 1, "2026-12-01"),
        ("2026-12-31", 1, "2027-01-01"),
        ("2027-01-01", -1, "2026-12-31"),
        ("2024-02-28", 1, "2024-02-29"),
        ("2024-02-29", 1, "2024-03-01"),
        ("2026-02-28", 1, "2026-03-01"),
        ("2000-02-28", 1, "2000-02-29"),
        ("1900-02-28", 1, "1900-03-01"),
        ("2024-03-01", -1, "2024-02-29"),
        ("2026-01-31", 28, "2026-02-28"),
        ("2026-11-30", 0, "2026-11-30"),
        ("2026-11-30", 365, "2027-11-30"),
        ("2024-01-01", 366, "2025-01-01"),
        ("1970-01-01", -1, "1969-12-31"),
        ("2026-11-30", -20_788, "1969-12-31"),
        ("0001-01-01", 3_652_058, "9999-12-31"),
    ])
    func addingDays(_ start: String, _ days: Int, _ result: String) throws {
        let date = try LocalDate(iso: start)
        let expected = try LocalDate(iso: result)
        #expect(date.adding(days: days) == expected)
        #expect(expected.days(from: date) == days)
        #expect(date.days(from: expected) == -days)
        #expect(expected.adding(days: -days) == date)
    }

    /// ISO weekdays: 1 = Monday … 7 = Sunday.
    @Test("weekday", arguments: [
        ("2026-11-30", 1), ("2026-12-01", 2), ("2026-12-05", 6), ("2026-12-06", 7),
        ("1970-01-01", 4), ("1969-12-31", 3), ("2000-01-01", 6), ("2024-02-29", 4), ("0001-01-01", 1),
    ])
    func weekday(_ text: String, _ weekday: Int) throws {
        #expect(try LocalDate(iso: text).weekday == weekday)
    }

    @Test func daysSince1970() throws {
        #expect(try LocalDate(iso: "1970-01-01").daysSince1970 == 0)
        #expect(try LocalDate(iso: "1969-12-31").daysSince1970 == -1)
        #expect(try LocalDate(iso: "2026-11-30").daysSince1970 == 20_787)
        #expect(try LocalDate(iso: "0001-01-01").daysSince1970 == -719_162)
        #expect(LocalDate(daysSince1970: 20_787) == LocalDate(year: 2026, month: 11, day: 30))
        // Every day of 1600…2400 round-trips and steps by exactly one.
        var previous = LocalDate(daysSince1970: -135_140)
        #expect(previous == LocalDate(year: 1600, month: 1, day: 1))
        for days in -135_139...157_054 {
            let date = LocalDate(daysSince1970: days)
            #expect(date.daysSince1970 == days)
            #expect(previous < date)
            #expect(date.days(from: previous) == 1)
            previous = date
        }
        #expect(previous == LocalDate(year: 2400, month: 1, day: 1))
    }

    @Test func ordering() throws {
        let dates = try ["2026-12-01", "2026-11-30", "2025-12-31", "2026-01-01"].map { try LocalDate(iso: $0) }
        #expect(dates.sorted().map(\.iso) == ["2025-12-31", "2026-01-01", "2026-11-30", "2026-12-01"])
    }

    @Test func arithmeticOutsideTheWritableRangeIsExpanded() throws {
        let first = try LocalDate(iso: "0001-01-01")
        #expect(first.adding(days: -1).iso == "0000-12-31")
        #expect(first.adding(days: -367).iso == "-0001-12-31")
        let last = try LocalDate(iso: "9999-12-31")
        #expect(last.adding(days: 1).iso == "10000-01-01")
        #expect(throws: ValueFormatError.self) { try LocalDate(iso: "10000-01-01") }
    }
}
