import Events
import Foundation
import Projections
import Testing

/// Local wall-clock times resolved to instants: docs/rules.md §1.3 (a time that does not exist moves
/// forward to the end of the gap, the first instant that exists; one that exists twice takes
/// its first occurrence; night dates, noon to noon) and §1.2 (offsets such as −4 h are
/// absolute durations).
@Suite("LocalTimeResolver")
struct LocalTimeResolverTests {
    /// (zone, date, time, expected UTC instant, expected text in the zone's offset).
    struct Case: Sendable, CustomTestStringConvertible {
        let zone: String
        let date: String
        let time: String
        let utc: String
        let local: String
        let note: String

        init(_ zone: String, _ date: String, _ time: String, _ utc: String, _ local: String, _ note: String) {
            self.zone = zone
            self.date = date
            self.time = time
            self.utc = utc
            self.local = local
            self.note = note
        }

        var testDescription: String { "\(zone) \(date) \(time) (\(note)) → \(local)" }
    }

    static func resolver(_ identifier: String) throws -> LocalTimeResolver {
        try #require(LocalTimeResolver(identifier: identifier), "unknown zone \(identifier)")
    }

    static func resolve(_ testCase: Case) throws -> Instant {
        let resolver = try resolver(testCase.zone)
        return resolver.instant(on: try LocalDate(iso: testCase.date), at: try TimeOfDay(text: testCase.time))
    }

    static func check(_ instant: Instant, utc: String, local: String) throws {
        let expectedMoment = try Instant(rfc3339: utc)
        #expect(instant.isSameMoment(as: expectedMoment), "\(instant) is not \(utc)")
        #expect(instant.rfc3339 == local)
    }

    // MARK: The four 2026 transitions

    /// Europe/Berlin, 2026-03-29: at 02:00 CET the clock jumps to 03:00 CEST (01:00Z).
    static let berlinSpring: [Case] = [
        Case("Europe/Berlin", "2026-03-29", "01:00", "2026-03-29T00:00:00Z", "2026-03-29T01:00:00+01:00", "before"),
        Case("Europe/Berlin", "2026-03-29", "01:59", "2026-03-29T00:59:00Z", "2026-03-29T01:59:00+01:00", "last minute before the gap"),
        Case("Europe/Berlin", "2026-03-29", "02:00", "2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00", "gap start → end of gap"),
        Case("Europe/Berlin", "2026-03-29", "02:30", "2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00", "inside the gap → end of gap, not 03:30"),
        Case("Europe/Berlin", "2026-03-29", "02:59", "2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00", "last gap minute → end of gap"),
        Case("Europe/Berlin", "2026-03-29", "03:00", "2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00", "gap end exists"),
        Case("Europe/Berlin", "2026-03-29", "03:30", "2026-03-29T01:30:00Z", "2026-03-29T03:30:00+02:00", "after"),
        Case("Europe/Berlin", "2026-03-29", "22:30", "2026-03-29T20:30:00Z", "2026-03-29T22:30:00+02:00", "evening after"),
    ]

    /// Europe/Berlin, 2026-10-25: at 03:00 CEST the clock goes back to 02:00 CET (01:00Z);
    /// 02:00–02:59 happen twice.
    static let berlinAutumn: [Case] = [
        Case("Europe/Berlin", "2026-10-25", "01:59", "2026-10-24T23:59:00Z", "2026-10-25T01:59:00+02:00", "before"),
        Case("Europe/Berlin", "2026-10-25", "02:00", "2026-10-25T00:00:00Z", "2026-10-25T02:00:00+02:00", "overlap start, first occurrence"),
        Case("Europe/Berlin", "2026-10-25", "02:30", "2026-10-25T00:30:00Z", "2026-10-25T02:30:00+02:00", "inside, first occurrence"),
        Case("Europe/Berlin", "2026-10-25", "02:59", "2026-10-25T00:59:00Z", "2026-10-25T02:59:00+02:00", "last overlap minute, first occurrence"),
        Case("Europe/Berlin", "2026-10-25", "03:00", "2026-10-25T02:00:00Z", "2026-10-25T03:00:00+01:00", "overlap end, happens once"),
        Case("Europe/Berlin", "2026-10-25", "22:30", "2026-10-25T21:30:00Z", "2026-10-25T22:30:00+01:00", "evening after"),
    ]

    /// America/New_York, 2026-03-08: at 02:00 EST the clock jumps to 03:00 EDT (07:00Z).
    static let newYorkSpring: [Case] = [
        Case("America/New_York", "2026-03-08", "01:59", "2026-03-08T06:59:00Z", "2026-03-08T01:59:00-05:00", "before"),
        Case("America/New_York", "2026-03-08", "02:00", "2026-03-08T07:00:00Z", "2026-03-08T03:00:00-04:00", "gap start → end of gap"),
        Case("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00Z", "2026-03-08T03:00:00-04:00", "inside the gap → end of gap"),
        Case("America/New_York", "2026-03-08", "02:59", "2026-03-08T07:00:00Z", "2026-03-08T03:00:00-04:00", "last gap minute → end of gap"),
        Case("America/New_York", "2026-03-08", "03:00", "2026-03-08T07:00:00Z", "2026-03-08T03:00:00-04:00", "gap end exists"),
        Case("America/New_York", "2026-03-08", "03:01", "2026-03-08T07:01:00Z", "2026-03-08T03:01:00-04:00", "after"),
    ]

    /// America/New_York, 2026-11-01: at 02:00 EDT the clock goes back to 01:00 EST (06:00Z);
    /// 01:00–01:59 happen twice.
    static let newYorkAutumn: [Case] = [
        Case("America/New_York", "2026-11-01", "00:59", "2026-11-01T04:59:00Z", "2026-11-01T00:59:00-04:00", "before"),
        Case("America/New_York", "2026-11-01", "01:00", "2026-11-01T05:00:00Z", "2026-11-01T01:00:00-04:00", "overlap start, first occurrence"),
        Case("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z", "2026-11-01T01:30:00-04:00", "inside, first occurrence"),
        Case("America/New_York", "2026-11-01", "01:59", "2026-11-01T05:59:00Z", "2026-11-01T01:59:00-04:00", "last overlap minute, first occurrence"),
        Case("America/New_York", "2026-11-01", "02:00", "2026-11-01T07:00:00Z", "2026-11-01T02:00:00-05:00", "overlap end, happens once"),
        Case("America/New_York", "2026-11-01", "02:30", "2026-11-01T07:30:00Z", "2026-11-01T02:30:00-05:00", "after"),
    ]

    /// Australia/Lord_Howe changes by 30 minutes (+10:30 ↔ +11:00). Checked against this
    /// machine's zone data: 2026-04-05 at 02:00 +11:00 (2026-04-04T15:00Z) the clock goes
    /// back to 01:30 (overlap 01:30–01:59); 2026-10-04 at 02:00 +10:30 (15:30Z) it jumps to
    /// 02:30 (gap 02:00–02:29).
    static let lordHowe: [Case] = [
        Case("Australia/Lord_Howe", "2026-04-05", "01:29", "2026-04-04T14:29:00Z", "2026-04-05T01:29:00+11:00", "before the overlap"),
        Case("Australia/Lord_Howe", "2026-04-05", "01:30", "2026-04-04T14:30:00Z", "2026-04-05T01:30:00+11:00", "overlap start, first occurrence"),
        Case("Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-04T14:45:00Z", "2026-04-05T01:45:00+11:00", "inside, first occurrence"),
        Case("Australia/Lord_Howe", "2026-04-05", "02:00", "2026-04-04T15:30:00Z", "2026-04-05T02:00:00+10:30", "overlap end"),
        Case("Australia/Lord_Howe", "2026-10-04", "01:59", "2026-10-03T15:29:00Z", "2026-10-04T01:59:00+10:30", "before the gap"),
        Case("Australia/Lord_Howe", "2026-10-04", "02:00", "2026-10-03T15:30:00Z", "2026-10-04T02:30:00+11:00", "gap start → end of gap"),
        Case("Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:30:00Z", "2026-10-04T02:30:00+11:00", "inside the gap → end of gap"),
        Case("Australia/Lord_Howe", "2026-10-04", "02:29", "2026-10-03T15:30:00Z", "2026-10-04T02:30:00+11:00", "last gap minute → end of gap"),
        Case("Australia/Lord_Howe", "2026-10-04", "02:30", "2026-10-03T15:30:00Z", "2026-10-04T02:30:00+11:00", "gap end exists"),
        Case("Australia/Lord_Howe", "2026-10-04", "02:31", "2026-10-03T15:31:00Z", "2026-10-04T02:31:00+11:00", "after"),
    ]

    /// Offset changes that are not daylight saving: Europe/Volgograd moved its standard
    /// time from +04:00 back to +03:00 at 2020-12-27 02:00 (overlap 01:00–01:59); Pacific/Apia
    /// crossed the date line at the end of 2011-12-29 (−10:00 → +14:00), so the whole of
    /// 2011-12-30 does not exist and moves to 2011-12-31T00:00+14:00.
    static let otherChanges: [Case] = [
        Case("Europe/Volgograd", "2020-12-27", "00:59", "2020-12-26T20:59:00Z", "2020-12-27T00:59:00+04:00", "before"),
        Case("Europe/Volgograd", "2020-12-27", "01:30", "2020-12-26T21:30:00Z", "2020-12-27T01:30:00+04:00", "overlap, first occurrence"),
        Case("Europe/Volgograd", "2020-12-27", "02:00", "2020-12-26T23:00:00Z", "2020-12-27T02:00:00+03:00", "after"),
        Case("Pacific/Apia", "2011-12-29", "23:59", "2011-12-30T09:59:00Z", "2011-12-29T23:59:00-10:00", "last minute before the skipped day"),
        Case("Pacific/Apia", "2011-12-30", "00:00", "2011-12-30T10:00:00Z", "2011-12-31T00:00:00+14:00", "skipped day → its end"),
        Case("Pacific/Apia", "2011-12-30", "22:30", "2011-12-30T10:00:00Z", "2011-12-31T00:00:00+14:00", "skipped day → its end"),
        Case("Pacific/Apia", "2011-12-31", "00:00", "2011-12-30T10:00:00Z", "2011-12-31T00:00:00+14:00", "first minute after"),
    ]

    @Test("Europe/Berlin, 2026-03-29: a gap moves to its end", arguments: berlinSpring)
    func berlinGap(_ testCase: Case) throws {
        try Self.check(try Self.resolve(testCase), utc: testCase.utc, local: testCase.local)
    }

    @Test("Europe/Berlin, 2026-10-25: an overlap takes the first occurrence", arguments: berlinAutumn)
    func berlinOverlap(_ testCase: Case) throws {
        try Self.check(try Self.resolve(testCase), utc: testCase.utc, local: testCase.local)
    }

    @Test("America/New_York, 2026-03-08: a gap moves to its end", arguments: newYorkSpring)
    func newYorkGap(_ testCase: Case) throws {
        try Self.check(try Self.resolve(testCase), utc: testCase.utc, local: testCase.local)
    }

    @Test("America/New_York, 2026-11-01: an overlap takes the first occurrence", arguments: newYorkAutumn)
    func newYorkOverlap(_ testCase: Case) throws {
        try Self.check(try Self.resolve(testCase), utc: testCase.utc, local: testCase.local)
    }

    @Test("Australia/Lord_Howe: 30-minute gap and overlap", arguments: lordHowe)
    func lordHoweHalfHour(_ testCase: Case) throws {
        try Self.check(try Self.resolve(testCase), utc: testCase.utc, local: testCase.local)
    }

    @Test("offset changes that are not daylight saving", arguments: otherChanges)
    func otherOffsetChanges(_ testCase: Case) throws {
        try Self.check(try Self.resolve(testCase), utc: testCase.utc, local: testCase.local)
    }

    /// The transitions the tables rely on are the ones this machine's zone data has.
    @Test("the zone data has the 2026 transitions the tables assume", arguments: [
        ("Europe/Berlin", "2026-01-01T00:00:00Z", "2026-03-29T01:00:00Z", 3600, 7200),
        ("Europe/Berlin", "2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z", 7200, 3600),
        ("America/New_York", "2026-01-01T00:00:00Z", "2026-03-08T07:00:00Z", -18000, -14400),
        ("America/New_York", "2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z", -14400, -18000),
        ("Australia/Lord_Howe", "2026-01-01T00:00:00Z", "2026-04-04T15:00:00Z", 39600, 37800),
        ("Australia/Lord_Howe", "2026-04-04T15:00:00Z", "2026-10-03T15:30:00Z", 37800, 39600),
    ])
    func zoneData(_ zone: String, _ after: String, _ transition: String, _ before: Int32, _ afterwards: Int32) throws {
        let resolver = try Self.resolver(zone)
        let next = try #require(resolver.timeZone.nextDaylightSavingTimeTransition(after: try Instant(rfc3339: after).date))
        let expected = try Instant(rfc3339: transition)
        #expect(Instant(next, utcOffsetSeconds: 0).isSameMoment(as: expected))
        #expect(resolver.offsetSeconds(at: expected.adding(milliseconds: -1)) == before)
        #expect(resolver.offsetSeconds(at: expected) == afterwards)
    }

    // MARK: Nights

    /// (night, time of day, expected instant in Europe/Berlin)
    @Test("a time of day placed on a night (noon to noon, gaps resolved)", arguments: [
        ("2026-03-28", "00:30", "2026-03-29T00:30:00+01:00"),
        ("2026-03-28", "02:30", "2026-03-29T03:00:00+02:00"),
        ("2026-03-28", "11:59", "2026-03-29T11:59:00+02:00"),
        ("2026-03-28", "12:00", "2026-03-28T12:00:00+01:00"),
        ("2026-03-28", "22:30", "2026-03-28T22:30:00+01:00"),
        ("2026-03-28", "23:59", "2026-03-28T23:59:00+01:00"),
        ("2026-10-24", "02:30", "2026-10-25T02:30:00+02:00"),
        ("2026-12-31", "00:15", "2027-01-01T00:15:00+01:00"),
    ])
    func wallClockOnANight(_ night: String, _ time: String, _ expected: String) throws {
        let resolver = try Self.resolver("Europe/Berlin")
        let instant = resolver.wallClockInstant(night: try LocalDate(iso: night), time: try TimeOfDay(text: time))
        #expect(instant == (try Instant(rfc3339: expected)))
        #expect(instant.rfc3339 == expected)
    }

    /// Domain.md §1: "Offsets such as −4 h are absolute durations". The wind-down is the
    /// bedtime instant minus 14,400 s, whatever the wall clock does in between: bedtime
    /// 05:00 CEST on 2026-03-29 winds down at 00:00 CET, five hours earlier on the wall clock
    /// but four hours earlier in time, because the clock jumped from 02:00 to 03:00.
    @Test func windDownIsFourAbsoluteHoursBeforeBedtime() throws {
        let resolver = try Self.resolver("Europe/Berlin")
        let bedtime = resolver.wallClockInstant(night: try LocalDate(iso: "2026-03-28"), time: try TimeOfDay(text: "05:00"))
        #expect(bedtime.rfc3339 == "2026-03-29T05:00:00+02:00")
        let windDown = resolver.display(bedtime.adding(seconds: -4 * 3600))
        #expect(windDown.rfc3339 == "2026-03-29T00:00:00+01:00")
        #expect(bedtime.milliseconds(since: windDown) == 14_400_000)
        #expect(resolver.localDateTime(of: windDown).timeOfDay == (try TimeOfDay(text: "00:00")))
        // In the autumn the same four hours read three on the wall clock.
        let autumnBedtime = resolver.wallClockInstant(night: try LocalDate(iso: "2026-10-24"), time: try TimeOfDay(text: "04:00"))
        #expect(autumnBedtime.rfc3339 == "2026-10-25T04:00:00+01:00")
        #expect(resolver.display(autumnBedtime.adding(seconds: -14_400)).rfc3339 == "2026-10-25T01:00:00+02:00")
    }

    /// Travel: the same night and time of day in the zone the person is in that night.
    @Test("the same bedtime in other zones", arguments: [
        ("America/Chicago", "2026-11-30T22:30:00-06:00", "2026-12-01T04:30:00Z"),
        ("America/Los_Angeles", "2026-11-30T22:30:00-08:00", "2026-12-01T06:30:00Z"),
        ("Europe/Berlin", "2026-11-30T22:30:00+01:00", "2026-11-30T21:30:00Z"),
        ("Asia/Kolkata", "2026-11-30T22:30:00+05:30", "2026-11-30T17:00:00Z"),
        ("Asia/Kathmandu", "2026-11-30T22:30:00+05:45", "2026-11-30T16:45:00Z"),
    ])
    func travel(_ zone: String, _ expected: String, _ utc: String) throws {
        let resolver = try Self.resolver(zone)
        let instant = resolver.wallClockInstant(night: try LocalDate(iso: "2026-11-30"), time: try TimeOfDay(text: "22:30"))
        try Self.check(instant, utc: utc, local: expected)
    }

    /// (instant, night in Europe/Berlin): noon to noon on the local clock.
    @Test("the night holding an instant", arguments: [
        ("2026-12-01T07:00:00+01:00", "2026-11-30"),
        ("2026-12-01T06:00:00Z", "2026-11-30"),
        ("2026-12-01T12:00:00+01:00", "2026-12-01"),
        ("2026-12-01T11:59:59.999+01:00", "2026-11-30"),
        ("2026-12-01T11:00:00Z", "2026-12-01"),
        ("2026-11-30T23:59:59.999+01:00", "2026-11-30"),
        ("2026-12-01T00:00:00+01:00", "2026-11-30"),
        ("2026-03-29T03:00:00+02:00", "2026-03-28"),
        ("2026-03-29T01:59:59.999+01:00", "2026-03-28"),
        ("2026-01-01T11:59:00+01:00", "2025-12-31"),
    ])
    func nightDate(_ text: String, _ night: String) throws {
        let resolver = try Self.resolver("Europe/Berlin")
        #expect(resolver.nightDate(of: try Instant(rfc3339: text)) == (try LocalDate(iso: night)))
    }

    @Test func wallClockAndOffsetOfAnInstant() throws {
        let resolver = try Self.resolver("Europe/Berlin")
        let instant = try Instant(rfc3339: "2026-10-25T01:30:00.250Z")
        #expect(resolver.offsetSeconds(at: instant) == 3600)
        #expect(resolver.localDateTime(of: instant).description == "2026-10-25T02:30:00.250")
        #expect(resolver.display(instant).rfc3339 == "2026-10-25T02:30:00.250+01:00")
        #expect(resolver.display(instant).isSameMoment(as: instant))
        let first = try Instant(rfc3339: "2026-10-25T00:30:00Z")
        #expect(resolver.display(first).rfc3339 == "2026-10-25T02:30:00+02:00")
        let local = try #require(LocalDateTime(date: try LocalDate(iso: "2026-10-25"), hour: 2, minute: 30, second: 0, millisecond: 250))
        #expect(resolver.instant(at: local).rfc3339 == "2026-10-25T02:30:00.250+02:00")
        #expect(resolver.identifier == "Europe/Berlin")
    }

    @Test("an unknown identifier gives nil", arguments: ["Mars/Olympus_Mons", "", "Europe/Atlantis", "europe/berlin", "Europe/Berlin ", String(repeating: "A", count: 65)])
    func unknownIdentifier(_ identifier: String) {
        #expect(LocalTimeResolver(identifier: identifier) == nil)
    }

    /// Foundation's `TimeZone(identifier:)` accepted `Asia/\u{212A}arachi` (a Kelvin sign)
    /// only after Asia/Karachi had been loaded (docs/platform-notes.md): the resolver checks the
    /// name's form first, so the answer does not depend on what was loaded before.
    @Test("the Kelvin-sign name gives nil whether or not Asia/Karachi was loaded first")
    func kelvinSignIdentifier() throws {
        let kelvin = "Asia/\u{212A}arachi"
        #expect(LocalTimeResolver(identifier: kelvin) == nil)
        let karachi = try #require(LocalTimeResolver(identifier: "Asia/Karachi"))
        #expect(karachi.identifier == "Asia/Karachi")
        #expect(TimeZone(identifier: "Asia/Karachi") != nil)
        #expect(LocalTimeResolver(identifier: kelvin) == nil)
    }

    // MARK: Against a brute-force oracle

    /// Every quarter hour of two days around each offset change (and of ordinary days) in
    /// zones with whole-hour, 30-minute and 45-minute offsets, against a search that only
    /// uses `secondsFromGMT(for:)`: the earliest instant (on the quarter hour) whose wall
    /// clock is the time asked, else the earliest whose wall clock is later (the end of the
    /// gap).
    @Test("matches a brute-force search", arguments: [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham",
        "Africa/Casablanca", "Europe/Volgograd", "Pacific/Apia", "Asia/Kolkata", "UTC",
    ])
    func bruteForce(_ zone: String) throws {
        let resolver = try Self.resolver(zone)
        let timeZone = resolver.timeZone
        let quarter: Int64 = 900
        func wallSeconds(_ utc: Int64) -> Int64 {
            utc + Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))))
        }
        func oracle(_ wall: Int64) -> Int64 {
            var utc = wall - 26 * 3600
            while utc <= wall + 26 * 3600 {
                if wallSeconds(utc) >= wall {
                    return utc
                }
                utc += quarter
            }
            return Int64.min
        }
        // Local dates to test: around every offset change from 2010 to 2027, plus a few others.
        var days: Set<Int> = [20_000, 20_450, 20_787]
        var moment = Date(timeIntervalSince1970: 1_262_304_000)  // 2010-01-01
        let end = Date(timeIntervalSince1970: 1_830_297_600)  // 2028-01-01
        var steps = 0
        while let next = timeZone.nextDaylightSavingTimeTransition(after: moment), next < end, steps < 100 {
            let day = Int((wallSeconds(Int64(next.timeIntervalSince1970)) - 3600) / 86_400)
            days.formUnion([day - 1, day, day + 1])
            moment = next
            steps += 1
        }
        var checked = 0
        var mismatches: [String] = []
        for day in days.sorted() {
            let date = LocalDate(daysSince1970: day)
            for minutes in stride(from: 0, to: 1440, by: 15) {
                let time = try #require(TimeOfDay(minutesSinceMidnight: minutes))
                let instant = resolver.instant(on: date, at: time)
                let wall = Int64(day) * 86_400 + Int64(minutes) * 60
                let expected = oracle(wall)
                if instant.millisecondsSince1970 != expected * 1000
                    || instant.utcOffsetSeconds != resolver.offsetSeconds(at: instant)
                {
                    let shown = resolver.display(Instant(secondsSince1970: expected, utcOffsetSeconds: 0))
                    mismatches.append("\(date) \(time): \(instant), expected \(shown)")
                }
                checked += 1
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked) in \(zone), e.g. \(mismatches.prefix(3))")
        #expect(checked >= 3 * 96)
    }

    /// The stretch of an offset runs from the instant asked to the zone's next change of
    /// offset (exclusive), to the end of time in a zone without changes: the JSON view takes
    /// the offset of instants within it without asking the zone again.
    @Test func anOffsetHoldsFromTheInstantAskedToTheNextChange() throws {
        let berlin = try #require(LocalTimeResolver(identifier: "Europe/Berlin"))
        let march = Instant(millisecondsSince1970: 1_772_323_200_000, utcOffsetSeconds: 0)  // 2026-03-01T00:00Z
        let stretch = berlin.offsetStretch(at: march)
        let change: Int64 = 1_774_746_000_000  // 2026-03-29T01:00Z, CET → CEST
        #expect(stretch.offsetSeconds == 3600)
        #expect(stretch.from == march.millisecondsSince1970)
        #expect(stretch.until == change)
        #expect(berlin.offsetSeconds(at: Instant(millisecondsSince1970: change - 1, utcOffsetSeconds: 0)) == 3600)
        #expect(berlin.offsetSeconds(at: Instant(millisecondsSince1970: change, utcOffsetSeconds: 0)) == 7200)
        let utc = try #require(LocalTimeResolver(identifier: "UTC"))
        #expect(utc.offsetStretch(at: march).until == .max)
    }
}
