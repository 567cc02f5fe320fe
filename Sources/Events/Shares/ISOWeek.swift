/// An ISO 8601 week, written `YYYY-Www` (e.g. `2026-W49`): Monday … Sunday, numbered in
/// the ISO week-numbering year, whose week 1 holds the year's first Thursday. A year has
/// 52 weeks, or 53 when it starts on a Thursday (or on a Wednesday in a leap year). The
/// days near a year's end may belong to the next year's week 1 (2026-12-28 … 2027-01-03
/// is 2026-W53; 2025-12-29 is in 2026-W01).
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The ISO week-numbering year, 1 … 9999.
    public let year: Int
    /// The week, 1 … 52 or 53.
    public let week: Int

    /// The week `week` of ISO year `year`, or `nil` when that year has no such week.
    public init?(year: Int, week: Int) {
        guard (1...9999).contains(year), week >= 1, week <= ISOWeek.weekCount(inYear: year) else { return nil }
        self.year = year
        self.week = week
    }

    /// The week that holds `date`.
    public init(containing date: LocalDate) {
        // The week's Thursday decides the year.
        let thursday = date.adding(days: 4 - date.weekday)
        let firstMonday = ISOWeek.mondayOfWeekOne(inYear: thursday.year)
        self.year = thursday.year
        self.week = date.adding(days: 1 - date.weekday).days(from: firstMonday) / 7 + 1
    }

    /// Parses `YYYY-Www` strictly: a four-digit year, `-W`, a two-digit week that exists in
    /// that year (W53 only in a long year).
    public init(text: String) throws(ValueFormatError) {
        let expected = "an ISO week YYYY-Www, e.g. 2026-W49"
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W"),
              let year = digits(0..<4), let week = digits(6..<8) else {
            throw ValueFormatError(expected: expected, problem: "not of that form", position: 0)
        }
        guard let parsed = ISOWeek(year: year, week: week) else {
            throw ValueFormatError(expected: expected, problem: "week \(week) does not exist in \(year) (it has \(ISOWeek.weekCount(inYear: max(year, 1))) weeks)", position: 6)
        }
        self = parsed
    }

    /// The number of ISO weeks of `year`: 53 when 1 January is a Thursday, or a Wednesday in
    /// a leap year; else 52.
    public static func weekCount(inYear year: Int) -> Int {
        guard let january1 = LocalDate(year: year, month: 1, day: 1) else { return 52 }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return january1.weekday == 4 || (isLeap && january1.weekday == 3) ? 53 : 52
    }

    /// The Monday of week 1 of `year`: the Monday on or before 4 January.
    static func mondayOfWeekOne(inYear year: Int) -> LocalDate {
        let january4 = LocalDate(year: year, month: 1, day: 4) ?? LocalDate(daysSince1970: 0)
        return january4.adding(days: 1 - january4.weekday)
    }

    /// Its Monday, the first night of the week.
    public var monday: LocalDate { ISOWeek.mondayOfWeekOne(inYear: year).adding(days: 7 * (week - 1)) }

    /// Its Sunday, the last night of the week.
    public var sunday: LocalDate { monday.adding(days: 6) }

    /// Its seven nights, Monday … Sunday.
    public var nights: [LocalDate] { (0..<7).map { monday.adding(days: $0) } }

    /// The week before.
    public var previous: ISOWeek { ISOWeek(containing: monday.adding(days: -7)) }

    /// The week after.
    public var next: ISOWeek { ISOWeek(containing: monday.adding(days: 7)) }

    /// `YYYY-Www`.
    public var text: String {
        let yearText = String(year)
        let weekText = String(week)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-W" + (week < 10 ? "0" : "") + weekText
    }

    public var description: String { text }

    public static func < (left: ISOWeek, right: ISOWeek) -> Bool {
        (left.year, left.week) < (right.year, right.week)
    }
}
