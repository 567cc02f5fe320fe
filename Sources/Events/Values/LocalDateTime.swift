/// A wall-clock reading without an offset: a calendar date and a time of day to the
/// millisecond, as an ``Instant`` shows it in the offset it was written with
/// (``Instant/localDateTime``).
///
/// Ordering is chronological on the wall clock (date, then time).
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The calendar date.
    public let date: LocalDate
    /// The hour, 0…23.
    public let hour: Int
    /// The minute, 0…59.
    public let minute: Int
    /// The second, 0…59 (there are no leap seconds).
    public let second: Int
    /// The millisecond within the second, 0…999.
    public let millisecond: Int

    /// Creates a wall-clock reading, or `nil` unless `hour` is in 0…23, `minute` and
    /// `second` in 0…59 and `millisecond` in 0…999.
    public init?(date: LocalDate, hour: Int, minute: Int, second: Int, millisecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0...999).contains(millisecond)
        else {
            return nil
        }
        self.init(uncheckedDate: date, hour: hour, minute: minute, second: second, millisecond: millisecond)
    }

    /// Creates a wall-clock reading from already validated fields.
    init(uncheckedDate date: LocalDate, hour: Int, minute: Int, second: Int, millisecond: Int) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The time of day to the minute (seconds and milliseconds dropped).
    public var timeOfDay: TimeOfDay {
        TimeOfDay(uncheckedMinutesSinceMidnight: hour * 60 + minute)
    }

    /// The milliseconds since the start of the day, 0…86_399_999.
    var millisecondsSinceMidnight: Int64 {
        ((Int64(hour) * 60 + Int64(minute)) * 60 + Int64(second)) * 1000 + Int64(millisecond)
    }

    /// Chronological order on the wall clock.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        if lhs.date != rhs.date {
            return lhs.date < rhs.date
        }
        return lhs.millisecondsSinceMidnight < rhs.millisecondsSinceMidnight
    }

    /// `YYYY-MM-DDTHH:MM:SS`, followed by `.mmm` when the milliseconds are not zero,
    /// e.g. `2026-11-30T22:15:03` or `2026-11-30T22:15:03.250` (no offset).
    public var description: String {
        String(unsafeUninitializedCapacity: 48) { output in
            write(to: output, at: 0)
        }
    }

    /// Writes ``description`` at `index` (at most 38 bytes) and returns the index after it.
    func write(to output: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var index = date.writeISO(to: output, at: start)
        output[index] = UInt8(ascii: "T")
        index = LocalDate.writeTwoDigits(hour, to: output, at: index + 1)
        output[index] = UInt8(ascii: ":")
        index = LocalDate.writeTwoDigits(minute, to: output, at: index + 1)
        output[index] = UInt8(ascii: ":")
        index = LocalDate.writeTwoDigits(second, to: output, at: index + 1)
        if millisecond != 0 {
            output[index] = UInt8(ascii: ".")
            output[index + 1] = UInt8(truncatingIfNeeded: 48 + millisecond / 100)
            output[index + 2] = UInt8(truncatingIfNeeded: 48 + millisecond / 10 % 10)
            output[index + 3] = UInt8(truncatingIfNeeded: 48 + millisecond % 10)
            index += 4
        }
        return index
    }
}

extension LocalDate {
    /// The noon-to-noon night holding a wall-clock reading (docs/rules.md §5.1): a reading
    /// from 12:00 to 23:59:59.999 belongs to that date's night, one from 00:00 to
    /// 11:59:59.999 to the previous date's (the night is named by its evening). The one
    /// place this rule is written: every other answer (`Instant.nightDate`, a zone's
    /// `LocalTimeResolver.nightDate(of:)`, the trace's deliveries) asks it.
    public static func night(holding reading: LocalDateTime) -> LocalDate {
        LocalDate(daysSince1970: Int(nightDay(ofLocalMilliseconds: Int64(reading.date.daysSince1970) * 86_400_000 + reading.millisecondsSinceMidnight)))
    }

    /// ``night(holding:)`` of a wall-clock reading given as milliseconds since
    /// 1970-01-01T00:00 on the local clock (a moment plus its offset), as days since 1970:
    /// for the folds that count in milliseconds.
    @inlinable
    public static func nightDay(ofLocalMilliseconds local: Int64) -> Int64 {
        let millisecondsPerDay: Int64 = 86_400_000
        let day = local >= 0 ? local / millisecondsPerDay : -((-local + millisecondsPerDay - 1) / millisecondsPerDay)
        let isAfternoon = local - day * millisecondsPerDay >= millisecondsPerDay / 2
        return isAfternoon ? day : day - 1
    }
}
