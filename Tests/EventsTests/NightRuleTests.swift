import Events
import Testing

/// The noon-to-noon night (rules §5.1), written once (`LocalDate.night(holding:)`): from
/// 12:00 a reading belongs to its date's night, before 12:00 to the previous date's.
struct NightRuleTests {
    @Test(arguments: [
        ("2026-12-01T11:59:59.999+01:00", "2026-11-30"),
        ("2026-12-01T12:00:00+01:00", "2026-12-01"),
        ("2026-12-01T00:00:00+01:00", "2026-11-30"),
        ("2026-12-01T23:59:59.999-10:00", "2026-12-01"),
        ("1969-12-31T11:59:59.999Z", "1969-12-30"),
        ("1969-12-31T12:00:00Z", "1969-12-31"),
        ("1970-01-01T06:00:00+14:00", "1969-12-31"),
    ])
    func aReadingBelongsToTheNightOfItsEvening(instant: String, night: String) throws {
        let moment = try Instant(rfc3339: instant)
        #expect(moment.nightDate.iso == night)
        #expect(LocalDate.night(holding: moment.localDateTime).iso == night)
        let local = moment.millisecondsSince1970 + Int64(moment.utcOffsetSeconds) * 1000
        #expect(LocalDate.nightDay(ofLocalMilliseconds: local) == Int64(try LocalDate(iso: night).daysSince1970))
    }
}
