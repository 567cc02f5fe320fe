import Events
import HealthImport
import Testing

/// The export's `yyyy-MM-dd HH:mm:ss ±HHmm` dates, read strictly.
struct HealthRecordDateTests {
    @Test func readsTheInstantAndKeepsThePrintedOffset() throws {
        let instant = try HealthRecordDate.parse("2019-06-15 22:21:00 -0400")
        #expect(instant.rfc3339 == "2019-06-15T22:21:00-04:00")
        #expect(instant.millisecondsSince1970 == 1_560_651_660_000)
        #expect(try HealthRecordDate.parse("2024-11-03 01:30:00 +0530").rfc3339 == "2024-11-03T01:30:00+05:30")
        #expect(try HealthRecordDate.parse("1969-12-31 23:59:59 +0000").millisecondsSince1970 == -1000)
        #expect(try HealthRecordDate.parse("2024-02-29 00:00:00 +1400").rfc3339 == "2024-02-29T00:00:00+14:00")
    }

    @Test func theSameMomentPrintedWithAnotherOffsetIsTheSameMoment() throws {
        let march = try HealthRecordDate.parse("2024-03-10 02:21:30 -0400")
        let november = try HealthRecordDate.parse("2024-03-10 01:21:30 -0500")
        #expect(march.isSameMoment(as: november))
    }

    @Test(arguments: [
        ("2019-06-15T22:21:00 -0400", "expected a space at character 11"),
        ("2019-06-15 22:21:00 -04:00", "25 ASCII characters"),
        ("2019-06-15 22:21:00", "25 ASCII characters"),
        ("2019-06-15 22:21:00 -0400 ", "25 ASCII characters"),
        ("2019-6-15 22:21:00 -04000", "the month is not 2 digits"),
        ("2026-02-29 22:21:00 -0400", "the day does not exist in that month"),
        ("2026-04-31 22:21:00 -0400", "the day does not exist in that month"),
        ("2026-13-01 22:21:00 -0400", "the month must be 01–12"),
        ("0000-01-01 22:21:00 -0400", "the year must be 0001–9999"),
        ("2026-01-01 24:00:00 -0400", "the hour must be 00–23"),
        ("2026-01-01 23:60:00 -0400", "the minute must be 00–59"),
        ("2026-01-01 23:59:60 -0400", "the second must be 00–59"),
        ("2026-01-01 23:59:59 -2400", "the offset must be ±HHmm"),
        ("2026-01-01 23:59:59 -0460", "the offset must be ±HHmm"),
        ("2026-01-01 23:59:59 Z0000", "expected '+' or '-'"),
        ("2026-01-01 23:59:59 +00a0", "the offset minute is not 2 digits"),
        ("２０２６-01-01 23:59:59 +0000", "25 ASCII characters"),
    ])
    func rejectsAnythingElse(text: String, problem: String) {
        let error = #expect(throws: HealthRecordDateError.self) { try HealthRecordDate.parse(text) }
        #expect(error?.problem.contains(problem) == true, "\(error?.problem ?? "no error")")
        #expect(error?.problem.contains(text) == false)
    }
}
