import Testing

@testable import Events

@Suite("TimeOfDay")
struct TimeOfDayTests {
    @Test("valid times read and write back", arguments: [
        ("22:30", 1350), ("00:00", 0), ("23:59", 1439), ("07:05", 425), ("12:00", 720),
    ])
    func validTime(_ text: String, _ minutes: Int) throws {
        let time = try TimeOfDay(text: text)
        #expect(time.minutesSinceMidnight == minutes)
        #expect(time.text == text)
        #expect(time.description == text)
        #expect(time.hour * 60 + time.minute == minutes)
        var buffer: [UInt8] = []
        time.writeText(into: &buffer)
        #expect(buffer == Array(text.utf8))
        let fromBytes = try Array(text.utf8).withUnsafeBufferPointer { try TimeOfDay(textBytes: $0) }
        #expect(fromBytes == time)
        #expect(TimeOfDay(minutesSinceMidnight: minutes) == time)
    }

    /// (input, a part the problem must mention)
    @Test("invalid times are rejected", arguments: [
        ("24:00", "hour 24"),
        ("25:00", "hour 25"),
        ("23:60", "minute 60"),
        ("7:30", "hour"),
        ("07:3", "minute"),
        ("0730", "':'"),
        ("07.30", "':'"),
        ("07:30:00", "after the minute"),
        ("07:30 ", "after the minute"),
        (" 07:30", "hour"),
        ("", "empty"),
        ("7pm", "hour"),
        ("ab:cd", "hour"),
    ])
    func invalidTime(_ text: String, _ mention: String) throws {
        let error = try #require(throws: ValueFormatError.self) { try TimeOfDay(text: text) }
        #expect(error.problem.contains(mention), "\(error)")
        #expect(error.expected == ValueFormatError.timeOfDayExpectation)
    }

    @Test func memberwiseValidation() {
        #expect(TimeOfDay(hour: 22, minute: 30)?.minutesSinceMidnight == 1350)
        #expect(TimeOfDay(hour: 24, minute: 0) == nil)
        #expect(TimeOfDay(hour: -1, minute: 0) == nil)
        #expect(TimeOfDay(hour: 0, minute: 60) == nil)
        #expect(TimeOfDay(minutesSinceMidnight: 1440) == nil)
        #expect(TimeOfDay(minutesSinceMidnight: -1) == nil)
    }

    /// (from, to, minutes): `to` is that many minutes earlier than `from`, the short way
    /// round the clock, i.e. `to.minutesEarlier(than: from)`.
    @Test("moving a bedtime earlier, the short way round", arguments: [
        ("00:00", "22:30", 90),
        ("00:30", "22:30", 120),
        ("23:00", "22:30", 30),
        ("22:30", "23:00", -30),
        ("22:30", "00:30", -120),
        ("22:30", "22:30", 0),
        ("01:00", "23:59", 61),
        ("23:59", "00:00", -1),
        ("12:00", "00:00", 720),  // 12 h apart: counts as earlier
        ("00:00", "12:00", 720),  // either way round
        ("12:01", "00:00", -719),
        ("11:59", "00:00", 719),
    ])
    func minutesEarlier(_ from: String, _ to: String, _ minutes: Int) throws {
        let current = try TimeOfDay(text: from)
        let target = try TimeOfDay(text: to)
        #expect(target.minutesEarlier(than: current) == minutes)
        #expect((-719...720).contains(minutes))
        #expect(current.adding(minutes: -minutes) == target)
    }

    @Test func theExampleFromTheBrief() throws {
        #expect(try TimeOfDay(text: "22:30").minutesEarlier(than: TimeOfDay(text: "00:30")) == 120)
        #expect(try TimeOfDay(text: "00:30").minutesEarlier(than: TimeOfDay(text: "22:30")) == -120)
    }

    @Test func everyPairStaysInRange() throws {
        for first in stride(from: 0, to: 1440, by: 7) {
            for second in stride(from: 0, to: 1440, by: 11) {
                let a = try #require(TimeOfDay(minutesSinceMidnight: first))
                let b = try #require(TimeOfDay(minutesSinceMidnight: second))
                let earlier = a.minutesEarlier(than: b)
                #expect((-719...720).contains(earlier))
                #expect(a.adding(minutes: earlier) == b)
                if earlier != 720 {
                    #expect(b.minutesEarlier(than: a) == -earlier)
                }
            }
        }
    }

    /// (start, minutes, result)
    @Test("adding minutes wraps around midnight", arguments: [
        ("23:30", 45, "00:15"), ("00:15", -30, "23:45"), ("22:30", 1440, "22:30"),
        ("22:30", -1440 * 3 - 1, "22:29"), ("00:00", 0, "00:00"), ("12:00", Int.max, "06:07"),
        ("12:00", Int.min, "17:52"),
    ])
    func addingMinutes(_ start: String, _ minutes: Int, _ result: String) throws {
        #expect(try TimeOfDay(text: start).adding(minutes: minutes) == TimeOfDay(text: result))
    }

    @Test func ordering() throws {
        let times = try ["22:30", "00:00", "23:59", "07:05"].map { try TimeOfDay(text: $0) }
        #expect(times.sorted().map(\.text) == ["00:00", "07:05", "22:30", "23:59"])
    }
}
