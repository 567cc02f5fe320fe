import Foundation
import Testing

@testable import Events

/// A tiny deterministic pseudo-random generator (64-bit LCG, Knuth's MMIX constants), so
/// that table-free tests are reproducible without SystemRandomNumberGenerator.
struct LinearCongruentialGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 32 well-mixed bits (the high half of the state).
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 32
    }

    /// A value in `range`, close enough to uniform for test coverage.
    mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        let bits = (next() << 32) | next()
        return range.lowerBound &+ Int64(bitPattern: width == 0 ? bits : bits % width)
    }
}

@Suite("Instant")
struct InstantTests {
    // MARK: Round trips

    /// (input, what the writer emits, epoch milliseconds, offset seconds)
    static let readings: [(String, String, Int64, Int32)] = [
        ("2026-11-30T22:15:03+01:00", "2026-11-30T22:15:03+01:00", 1_796_073_303_000, 3600),
        ("2026-11-30T21:15:03Z", "2026-11-30T21:15:03+00:00", 1_796_073_303_000, 0),
        ("2026-11-30T22:15:03.5+01:00", "2026-11-30T22:15:03.500+01:00", 1_796_073_303_500, 3600),
        ("2026-11-30T22:15:03.123456789+01:00", "2026-11-30T22:15:03.123+01:00", 1_796_073_303_123, 3600),
        ("2026-11-30T22:15:03.000+01:00", "2026-11-30T22:15:03+01:00", 1_796_073_303_000, 3600),
        ("2026-11-30T22:15:03.000000000Z", "2026-11-30T22:15:03+00:00", 1_796_076_903_000, 0),
        ("2026-11-30T22:15:03.05Z", "2026-11-30T22:15:03.050+00:00", 1_796_076_903_050, 0),
        ("2026-11-30T22:15:03.0019Z", "2026-11-30T22:15:03.001+00:00", 1_796_076_903_001, 0),
        ("2026-11-30T16:45:03-05:30", "2026-11-30T16:45:03-05:30", 1_796_076_903_000, -19800),
        ("2026-11-30T22:15:03-00:00", "2026-11-30T22:15:03+00:00", 1_796_076_903_000, 0),
        ("2026-11-30T22:15:03+23:59", "2026-11-30T22:15:03+23:59", 1_795_990_563_000, 86340),
        ("2026-11-30T22:15:03-23:59", "2026-11-30T22:15:03-23:59", 1_796_163_243_000, -86340),
        ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00+00:00", 0, 0),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999+00:00", -1, 0),
        ("1969-12-31T23:59:59.9999Z", "1969-12-31T23:59:59.999+00:00", -1, 0),
        ("1969-12-31T23:59:59.0009Z", "1969-12-31T23:59:59+00:00", -1000, 0),
        ("1970-01-01T00:59:59.999+01:00", "1970-01-01T00:59:59.999+01:00", -1, 3600),
        ("1900-01-01T00:00:00Z", "1900-01-01T00:00:00+00:00", -2_208_988_800_000, 0),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00+00:00", -62_135_596_800_000, 0),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999+00:00", 253_402_300_799_999, 0),
        ("2000-02-29T12:00:00Z", "2000-02-29T12:00:00+00:00", 951_825_600_000, 0),
        ("2024-02-29T23:59:59+00:00", "2024-02-29T23:59:59+00:00", 1_709_251_199_000, 0),
        ("2026-03-29T02:30:00+02:00", "2026-03-29T02:30:00+02:00", 1_774_744_200_000, 7200),
    ]

    @Test("reads and writes back", arguments: readings)
    func reading(_ input: String, _ written: String, _ milliseconds: Int64, _ offset: Int32) throws {
        let instant = try Instant(rfc3339: input)
        #expect(instant.millisecondsSince1970 == milliseconds)
        #expect(instant.utcOffsetSeconds == offset)
        #expect(instant.rfc3339 == written)
        #expect(instant.description == written)
        // What the writer emits reads back to an equal instant and the same text.
        let reread = try Instant(rfc3339: written)
        #expect(reread == instant)
        #expect(reread.rfc3339 == written)
        // The byte APIs agree with the String ones.
        var buffer: [UInt8] = Array("prefix:".utf8)
        instant.writeRFC3339(into: &buffer)
        #expect(buffer == Array(("prefix:" + written).utf8))
        let fromBytes = try Array(input.utf8).withUnsafeBufferPointer { try Instant(rfc3339Bytes: $0) }
        #expect(fromBytes == instant)
    }

    @Test("the leap years of the Gregorian calendar", arguments: [
        (2000, true), (1900, false), (2024, true), (2100, false), (2026, false), (1600, true), (4, true),
    ])
    func leapYears(_ year: Int, _ isLeap: Bool) throws {
        let text = "\(LocalDateTests.fourDigits(year))-02-29T00:00:00Z"
        if isLeap {
            let instant = try Instant(rfc3339: text)
            #expect(instant.localDateTime.date == LocalDate(year: year, month: 2, day: 29))
            #expect(instant.adding(seconds: 86_400).localDateTime.date == LocalDate(year: year, month: 3, day: 1))
        } else {
            #expect(throws: ValueFormatError.self) { try Instant(rfc3339: text) }
            let lastOfFebruary = try Instant(rfc3339: "\(LocalDateTests.fourDigits(year))-02-28T00:00:00Z")
            #expect(lastOfFebruary.adding(seconds: 86_400).localDateTime.date == LocalDate(year: year, month: 3, day: 1))
        }
    }

    // MARK: Rejections

    /// (input, a part the problem must mention)
    static let rejections: [(String, String)] = [
        ("2026-02-30T12:00:00Z", "day 30 does not exist in February 2026"),
        ("2026-02-29T12:00:00Z", "day 29 does not exist in February 2026"),
        ("1900-02-29T12:00:00Z", "day 29 does not exist in February 1900"),
        ("2026-04-31T12:00:00Z", "day 31 does not exist in April 2026"),
        ("2026-11-30T24:00:00Z", "hour 24"),
        ("2026-11-30T23:60:00Z", "minute 60"),
        ("2026-12-31T23:59:60Z", "second 60"),
        ("2026-11-30T22:15:03+0100", "colon"),
        ("2026-11-30T22:15:03+01", "colon"),
        ("2026-11-30T22:15:03+1:00", "offset hour"),
        ("2026-11-30T22:15:03+24:00", "offset hour 24"),
        ("2026-11-30T22:15:03+01:60", "offset minute 60"),
        ("2026-11-30T22:15:03+01:0", "offset minute"),
        ("2026-11-30T22:15:03", "offset is missing"),
        ("2026-11-30T22:15:03.250", "offset is missing"),
        ("2026-11-30t22:15:03Z", "lowercase 't'"),
        ("2026-11-30T22:15:03z", "lowercase 'z'"),
        ("2026-11-30 22:15:03Z", "found a space"),
        ("2026-11-30_22:15:03Z", "'T'"),
        ("2026-11-30", "expected 'T'"),
        ("2026-11-30T22:15:03.1234567891Z", "more than 9 digits"),
        ("2026-11-30T22:15:03.Z", "fraction"),
        ("2026-11-30T22:15:03.", "fraction"),
        ("2026-11-30T22:15:03,5Z", "offset"),
        ("2026-13-01T12:00:00Z", "month 13"),
        ("2026-00-01T12:00:00Z", "month 00"),
        ("2026-11-00T12:00:00Z", "day 00"),
        ("0000-01-01T00:00:00Z", "year 0000"),
        ("2026-11-30T22:15:03+01:00x", "after the offset"),
        ("2026-11-30T22:15:03Z ", "after the offset"),
        ("2026-11-30T22:15:03+01:00\n", "after the offset"),
        (" 2026-11-30T22:15:03Z", "year"),
        ("\t2026-11-30T22:15:03Z", "whitespace"),
        ("", "empty"),
        ("2026", "ends"),
        ("2026-1-30T22:15:03Z", "month"),
        ("26-11-30T22:15:03Z", "year"),
        ("+2026-11-30T22:15:03Z", "year"),
        ("12026-11-30T22:15:03Z", "'-'"),
        ("2026/11/30T22:15:03Z", "'-'"),
        ("2026-11-30T22.15.03Z", "':'"),
        ("2026-11-30T22:15Z", "':'"),
        ("2026-11-30T2:15:03Z", "hour"),
        ("2026-11-30T22:15:03+01:00:00", "after the offset"),
        ("２０２６-11-30T22:15:03Z", "non-ASCII"),
        ("2026-11-30T22:15:03 +01:00", "found a space"),
    ]

    @Test("rejects", arguments: rejections)
    func rejection(_ input: String, _ mention: String) throws {
        let error = try #require(throws: ValueFormatError.self) { try Instant(rfc3339: input) }
        #expect(error.problem.contains(mention), "\(error)")
        #expect(error.expected == ValueFormatError.instantExpectation)
        #expect(error.description.hasPrefix("expected an RFC 3339 instant with an explicit offset"))
        // The byte API fails the same way.
        let bytesError = try #require(throws: ValueFormatError.self) {
            try Array(input.utf8).withUnsafeBufferPointer { try Instant(rfc3339Bytes: $0) }
        }
        #expect(bytesError == error)
    }

    @Test func errorMessagesNameTheFieldAndPosition() throws {
        let error = try #require(throws: ValueFormatError.self) {
            try Instant(rfc3339: "2026-02-30T22:15:03+01:00")
        }
        #expect(
            error.description
                == "expected an RFC 3339 instant with an explicit offset, e.g. 2026-11-30T22:15:03+01:00: day 30 does not exist in February 2026 (at byte 8)"
        )
        #expect(error.position == 8)
        let colon = try #require(throws: ValueFormatError.self) { try Instant(rfc3339: "2026-11-30T22:15:03+0100") }
        #expect(colon.position == 22)
    }

    @Test func errorMessagesNeverEchoTheInput() throws {
        let huge = "2026-11-30T22:15:03+01:00" + String(repeating: "secret health data ", count: 1000)
        let error = try #require(throws: ValueFormatError.self) { try Instant(rfc3339: huge) }
        #expect(error.description.count < 200)
        #expect(!error.description.contains("secret"))
        let longFraction = "2026-11-30T22:15:03." + String(repeating: "7", count: 10_000) + "Z"
        let fractionError = try #require(throws: ValueFormatError.self) { try Instant(rfc3339: longFraction) }
        #expect(fractionError.description.count < 200)
        #expect(fractionError.position == 29)
    }

    // MARK: Cross-check against Foundation's Calendar

    @Test func civilDateMathAgreesWithFoundationCalendar() throws {
        var generator = LinearCongruentialGenerator(seed: 0x5EED_2026_1130)
        // 1600-01-01 … 9999-12-31: Foundation's Gregorian calendar switches to the Julian
        // calendar before 1582, so earlier dates are not comparable.
        let earliest: Int64 = -11_676_096_000
        let latest: Int64 = 253_402_300_799
        for round in 0..<1000 {
            let seconds: Int64 =
                switch round {
                case 0: earliest + 86_400
                case 1: latest - 86_400
                case 2: -1
                case 3: 0
                default: generator.next(in: earliest + 86_400...latest - 86_400)
                }
            let millisecond = generator.next(in: 0...999)
            // Foundation's TimeZone(secondsFromGMT:) stops at ±18 hours; the parser's own
            // ±23:59 extremes are in the tables above.
            let offsetMinutes = generator.next(in: -1080...1080)
            let offset = Int32(offsetMinutes * 60)
            let instant = Instant(
                millisecondsSince1970: seconds * 1000 + millisecond, utcOffsetSeconds: offset)

            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(secondsFromGMT: Int(offset)))
            let date = Date(timeIntervalSince1970: Double(seconds))
            let components = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let local = instant.localDateTime
            #expect(local.date.year == components.year, "\(instant)")
            #expect(local.date.month == components.month, "\(instant)")
            #expect(local.date.day == components.day, "\(instant)")
            #expect(local.hour == components.hour, "\(instant)")
            #expect(local.minute == components.minute, "\(instant)")
            #expect(local.second == components.second, "\(instant)")
            #expect(local.millisecond == Int(millisecond))
            // Foundation: 1 = Sunday … 7 = Saturday; ours: 1 = Monday … 7 = Sunday.
            let foundationWeekday = try #require(components.weekday)
            #expect(local.date.weekday == (foundationWeekday + 5) % 7 + 1, "\(instant)")

            // The other way: Foundation's moment of our wall clock is our moment.
            let back = try #require(calendar.date(from: components))
            #expect(Int64(back.timeIntervalSince1970) == seconds, "\(instant)")

            // Text round trip, and the parser reads the moment the calendar agrees on.
            let text = instant.rfc3339
            let parsed = try Instant(rfc3339: text)
            #expect(parsed == instant, "\(text)")
            #expect(Instant(local, utcOffsetSeconds: offset) == instant)
        }
    }

    // MARK: Foundation Date

    @Test func dateConversionRoundTripsExactly() throws {
        var generator = LinearCongruentialGenerator(seed: 42)
        for _ in 0..<2000 {
            let milliseconds = generator.next(in: -62_135_596_800_000...253_402_300_799_999)
            let instant = Instant(millisecondsSince1970: milliseconds, utcOffsetSeconds: 3600)
            #expect(Instant(instant.date, utcOffsetSeconds: 3600) == instant)
        }
    }

    @Test("a Date is floored to the millisecond", arguments: [
        (1.0005, Int64(1000)), (1.0009999, 1000), (0.001, 1), (-0.0001, -1), (-0.001, -1),
        (-0.0011, -2), (-1.5, -1500), (1_796_073_303.123456, 1_796_073_303_123),
    ])
    func dateFloor(_ seconds: Double, _ milliseconds: Int64) {
        let instant = Instant(Date(timeIntervalSince1970: seconds), utcOffsetSeconds: 0)
        #expect(instant.millisecondsSince1970 == milliseconds)
    }

    @Test func extremeDatesDoNotTrap() {
        let nan = Instant(Date(timeIntervalSince1970: .nan), utcOffsetSeconds: 0)
        #expect(nan.millisecondsSince1970 == 0)
        let far = Instant(Date(timeIntervalSince1970: 1e300), utcOffsetSeconds: 0)
        #expect(far.millisecondsSince1970 > 9_000_000_000_000_000_000)
        let past = Instant(Date(timeIntervalSince1970: -.infinity), utcOffsetSeconds: 0)
        #expect(past.millisecondsSince1970 < -9_000_000_000_000_000_000)
        // Formatting outside 0001–9999 writes an expanded year instead of trapping.
        #expect(far.rfc3339.hasSuffix("+00:00"))
        #expect(past.rfc3339.hasPrefix("-"))
        let distantPast = Instant(Date.distantPast, utcOffsetSeconds: 0)
        #expect(distantPast.rfc3339 == "0000-12-30T00:00:00+00:00")
        let beforeYearOne = Instant(millisecondsSince1970: -62_135_596_800_001, utcOffsetSeconds: 0)
        #expect(beforeYearOne.rfc3339 == "0000-12-31T23:59:59.999+00:00")
        #expect(throws: ValueFormatError.self) { try Instant(rfc3339: beforeYearOne.rfc3339) }
        let yearTenThousand = Instant(millisecondsSince1970: 253_402_300_800_000, utcOffsetSeconds: 0)
        #expect(yearTenThousand.rfc3339 == "10000-01-01T00:00:00+00:00")
        let yearMinusOne = Instant(millisecondsSince1970: -62_198_755_200_000, utcOffsetSeconds: 0)
        #expect(yearMinusOne.rfc3339 == "-0001-01-01T00:00:00+00:00")
    }

    // MARK: Equality, ordering, arithmetic

    @Test func equalityComparesBothFieldsAndOrderingTheMomentFirst() throws {
        let berlin = try Instant(rfc3339: "2026-11-30T22:15:03+01:00")
        let utc = try Instant(rfc3339: "2026-11-30T21:15:03Z")
        let later = try Instant(rfc3339: "2026-11-30T21:15:03.001Z")
        let laterInNewYork = try Instant(rfc3339: "2026-11-30T16:15:03.001-05:00")
        #expect(berlin != utc)
        #expect(berlin.isSameMoment(as: utc))
        #expect(Set([berlin, utc]).count == 2)
        #expect(utc < berlin)  // same moment: the smaller offset first
        #expect(!(berlin < utc))
        #expect(berlin < later)  // the moment decides before the offset
        #expect(laterInNewYork < later)
        #expect(berlin < laterInNewYork)
        #expect([later, berlin, laterInNewYork, utc].sorted() == [utc, berlin, laterInNewYork, later])
        #expect(berlin.withOffset(0) == utc)
        #expect(utc.withOffset(3600) == berlin)
        #expect(berlin.milliseconds(since: utc) == 0)
        #expect(later.milliseconds(since: berlin) == 1)
        #expect(berlin.milliseconds(since: later) == -1)
    }

    @Test func arithmeticKeepsTheOffset() throws {
        let start = try Instant(rfc3339: "2026-12-31T23:59:59.500-05:00")
        #expect(start.adding(milliseconds: 500).rfc3339 == "2027-01-01T00:00:00-05:00")
        #expect(start.adding(seconds: -86_400).rfc3339 == "2026-12-30T23:59:59.500-05:00")
        #expect(start.adding(seconds: 1).milliseconds(since: start) == 1000)
        #expect(start.secondsSince1970 == 1_798_779_599.5)
        let epoch = Instant(secondsSince1970: -1, utcOffsetSeconds: 0)
        #expect(epoch.millisecondsSince1970 == -1000)
        #expect(epoch.rfc3339 == "1969-12-31T23:59:59+00:00")
    }

    @Test("offsets are normalized to whole minutes within ±23:59", arguments: [
        (Int32(3600), Int32(3600)), (3208, 3180), (-3208, -3180), (59, 0), (-59, 0),
        (86_340, 86_340), (86_400, 86_340), (-90_000, -86_340), (.max, 86_340), (.min, -86_340),
    ])
    func offsetNormalization(_ offset: Int32, _ normalized: Int32) throws {
        let instant = Instant(millisecondsSince1970: 1_796_073_303_000, utcOffsetSeconds: offset)
        #expect(instant.utcOffsetSeconds == normalized)
        #expect(instant.withOffset(offset).utcOffsetSeconds == normalized)
        #expect(try Instant(rfc3339: instant.rfc3339) == instant)
    }

    @Test func localDateTimeIsTheWallClockOfTheStoredOffset() throws {
        let instant = try Instant(rfc3339: "2026-12-01T00:41:00.250+01:00")
        let local = instant.localDateTime
        #expect(local.date == LocalDate(year: 2026, month: 12, day: 1))
        #expect(local.hour == 0)
        #expect(local.minute == 41)
        #expect(local.second == 0)
        #expect(local.millisecond == 250)
        #expect(local.timeOfDay == TimeOfDay(hour: 0, minute: 41))
        #expect(local.description == "2026-12-01T00:41:00.250")
        #expect(instant.withOffset(0).localDateTime.date == LocalDate(year: 2026, month: 11, day: 30))
        let wallClock = try #require(
            LocalDateTime(date: try LocalDate(iso: "2026-12-01"), hour: 0, minute: 41, second: 0, millisecond: 250))
        #expect(wallClock == local)
        #expect(Instant(wallClock, utcOffsetSeconds: 3600) == instant)
        #expect(LocalDateTime(date: try LocalDate(iso: "2026-12-01"), hour: 24, minute: 0, second: 0) == nil)
        #expect(LocalDateTime(date: try LocalDate(iso: "2026-12-01"), hour: 0, minute: 0, second: 60) == nil)
        #expect(LocalDateTime(date: try LocalDate(iso: "2026-12-01"), hour: 0, minute: 0, second: 0, millisecond: 1000) == nil)
    }
}

/// `Instant.now` for front ends, and the night an instant belongs to.
struct InstantNowTests {
    @Test func nowIsTheSystemClockInTheDevicesOffset() {
        let before = Date()
        let now = Instant.now
        let after = Date()
        #expect(now.date >= before.addingTimeInterval(-0.001) && now.date <= after)
        #expect(now.utcOffsetSeconds == Int32(TimeZone.current.secondsFromGMT(for: now.date)))
    }

    @Test(arguments: [
        ("2026-11-30T12:00:00+01:00", "2026-11-30"),
        ("2026-11-30T23:59:00+01:00", "2026-11-30"),
        ("2026-12-01T00:00:00+01:00", "2026-11-30"),
        ("2026-12-01T11:59:59.999+01:00", "2026-11-30"),
        ("2026-12-01T12:00:00+01:00", "2026-12-01"),
        ("2026-12-01T03:00:00-08:00", "2026-11-30"),
    ])
    func theNightDateIsTheNoonToNoonNightOnTheInstantsOwnClock(_ text: String, _ night: String) throws {
        #expect(try Instant(rfc3339: text).nightDate.iso == night)
    }
}
