/// A time of day on the local 24-hour wall clock, to the minute, written `"HH:mm"`
/// (`"22:30"`, `"00:00"`), as bedtimes are in the log.
///
/// Stored as ``minutesSinceMidnight`` (0…1439). Ordering runs from 00:00 to 23:59; for
/// "which bedtime is earlier" across midnight use ``minutesEarlier(than:)``, which goes the
/// short way round the clock.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The minutes since midnight, 0 (00:00) … 1439 (23:59).
    public let minutesSinceMidnight: Int

    /// The number of minutes in a day.
    static let minutesPerDay = 1440

    /// Creates a time of day, or `nil` unless `hour` is in 0…23 and `minute` in 0…59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            return nil
        }
        self.minutesSinceMidnight = hour * 60 + minute
    }

    /// Creates a time of day, or `nil` unless `minutesSinceMidnight` is in 0…1439.
    public init?(minutesSinceMidnight: Int) {
        guard (0..<TimeOfDay.minutesPerDay).contains(minutesSinceMidnight) else {
            return nil
        }
        self.minutesSinceMidnight = minutesSinceMidnight
    }

    /// 12:00.
    public static let noon = TimeOfDay(uncheckedMinutesSinceMidnight: 720)

    /// Creates a time of day from a value already known to be in 0…1439.
    init(uncheckedMinutesSinceMidnight minutes: Int) {
        self.minutesSinceMidnight = minutes
    }

    /// Parses exactly `HH:mm`: five characters, a two-digit hour 00–23, a colon and a
    /// two-digit minute 00–59. Rejects `24:00`, `7:30`, `07:3`, seconds, whitespace and
    /// AM/PM.
    /// - Throws: ``ValueFormatError`` naming the field that is wrong.
    public init(text: String) throws(ValueFormatError) {
        self = try TypedParsing.parse(text) { bytes throws(ValueFormatError) in try TimeOfDay(textBytes: bytes) }
    }

    /// Parses UTF-8 bytes as ``init(text:)`` does, without allocating.
    /// - Throws: ``ValueFormatError`` naming the field that is wrong.
    public init(textBytes bytes: UnsafeBufferPointer<UInt8>) throws(ValueFormatError) {
        let expected = ValueFormatError.timeOfDayExpectation
        let hour = try bytes.decimalDigits(at: 0, width: 2, field: "hour", expected: expected)
        guard hour <= 23 else {
            throw ValueFormatError.outOfRange(
                "hour", value: hour, width: 2, range: "00–23",
                note: hour == 24 ? " (midnight is 00:00)" : "", position: 0, expected: expected)
        }
        try bytes.expectSeparator(
            UInt8(ascii: ":"), at: 2, between: "hour", and: "minute", expected: expected)
        let minute = try bytes.decimalDigits(at: 3, width: 2, field: "minute", expected: expected)
        guard minute <= 59 else {
            throw ValueFormatError.outOfRange(
                "minute", value: minute, width: 2, range: "00–59", position: 3, expected: expected)
        }
        guard bytes.count == 5 else {
            throw ValueFormatError(
                expected: expected, problem: "unexpected text after the minute", position: 5)
        }
        self.minutesSinceMidnight = hour * 60 + minute
    }

    /// The hour, 0…23.
    public var hour: Int { minutesSinceMidnight / 60 }

    /// The minute within the hour, 0…59.
    public var minute: Int { minutesSinceMidnight % 60 }

    /// The time written `HH:mm`, e.g. `22:30`, `00:00`.
    public var text: String {
        String(unsafeUninitializedCapacity: 5) { output in
            writeText(to: output)
        }
    }

    /// Appends ``text``'s five UTF-8 bytes to `buffer`.
    public func writeText(into buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5) { output in
            let count = writeText(to: output)
            buffer.append(contentsOf: UnsafeMutableBufferPointer(rebasing: output[0..<count]))
        }
    }

    /// Writes `HH:mm` into `output` (at least 5 bytes) and returns 5.
    func writeText(to output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let index = LocalDate.writeTwoDigits(hour, to: output, at: 0)
        output[index] = UInt8(ascii: ":")
        return LocalDate.writeTwoDigits(minute, to: output, at: index + 1)
    }

    /// The time `minutes` later (earlier when negative), wrapping around midnight:
    /// 23:30 adding 45 is 00:15, 00:15 adding -30 is 23:45.
    public func adding(minutes: Int) -> TimeOfDay {
        let shift = minutes % TimeOfDay.minutesPerDay  // keeps the sum from overflowing
        var result = (minutesSinceMidnight + shift) % TimeOfDay.minutesPerDay
        if result < 0 {
            result += TimeOfDay.minutesPerDay
        }
        return TimeOfDay(uncheckedMinutesSinceMidnight: result)
    }

    /// How many minutes `self` is earlier than `other`, going the short way round the
    /// clock: a result in -719…720.
    ///
    /// 22:30 is 120 minutes earlier than 00:30, 90 earlier than 00:00 and 30 earlier than
    /// 23:00; 23:00 is -30 minutes earlier than 22:30 (that is, 30 later). Equal times
    /// give 0.
    ///
    /// Tie: two times exactly 12 hours apart count as `self` being 720 minutes *earlier*
    /// (never -720), so `a.minutesEarlier(than: b)` and `b.minutesEarlier(than: a)` are
    /// both 720 then.
    public func minutesEarlier(than other: TimeOfDay) -> Int {
        var difference = (other.minutesSinceMidnight - minutesSinceMidnight) % TimeOfDay.minutesPerDay
        if difference < 0 {
            difference += TimeOfDay.minutesPerDay
        }
        return difference > TimeOfDay.minutesPerDay / 2 ? difference - TimeOfDay.minutesPerDay : difference
    }

    /// Clock order within one day: 00:00 < 00:01 < … < 23:59.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    /// The time written `HH:mm`, as ``text``.
    public var description: String { text }
}
