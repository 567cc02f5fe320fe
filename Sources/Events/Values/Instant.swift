/// A moment in time to the millisecond, together with the UTC offset it was written with.
///
/// The moment is ``millisecondsSince1970`` (UTC, negative before 1970). The offset,
/// ``utcOffsetSeconds``, does not change the moment; it is kept so that an instant read
/// from the log is written back byte for byte, and so that its wall clock
/// (``localDateTime``) is the one the device showed.
///
/// ## Equality and ordering
/// - `==` and `Hashable` compare **both** fields: `22:15+01:00` and `21:15Z` are the same
///   moment but not equal instants, because they are written differently. This keeps
///   `Instant(rfc3339: text).rfc3339 == text` an exact round trip, and sets/dictionaries
///   keyed by instants distinguish the two. Use ``isSameMoment(as:)`` to compare moments.
/// - `<` orders by the moment first and by the offset only as a tiebreak, so sorting puts
///   instants in chronological order, and the order is still a strict total order
///   consistent with `==` (`!(a < b) && !(b < a)` exactly when `a == b`).
///
/// ## Offsets
/// Offsets are whole minutes within ±23:59, as RFC 3339 can write them. Initializers
/// normalize any other value: clamped to ±86_340 seconds, then truncated toward zero to
/// whole minutes (a historical local mean time of +00:53:28 becomes +00:53). The moment
/// is never changed by that.
///
/// ## Range
/// Text can express years 0001–9999 in the written offset. Instants outside that range
/// (only reachable by arithmetic or from `Date`) are still formatted, with an expanded year
/// that the strict parser rejects. Arithmetic that leaves `Int64` milliseconds traps, like
/// any integer overflow.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z, negative before; the moment itself.
    public let millisecondsSince1970: Int64

    /// The UTC offset the instant is shown with, in seconds east of UTC (`+01:00` is
    /// 3600, `-05:30` is -19800). Always whole minutes within ±86_340.
    public let utcOffsetSeconds: Int32

    /// The largest offset RFC 3339 can write, 23:59, in seconds.
    static let maximumOffsetSeconds: Int32 = 23 * 3600 + 59 * 60

    /// Creates an instant from milliseconds since 1970 (UTC) and a display offset.
    /// - Parameters:
    ///   - millisecondsSince1970: the moment, in milliseconds since 1970-01-01T00:00:00Z.
    ///   - utcOffsetSeconds: the offset to show it with, in seconds east of UTC; normalized
    ///     to whole minutes within ±23:59 (see "Offsets" above).
    public init(millisecondsSince1970: Int64, utcOffsetSeconds: Int32) {
        self.millisecondsSince1970 = millisecondsSince1970
        self.utcOffsetSeconds = Instant.normalizedOffset(utcOffsetSeconds)
    }

    /// Creates an instant from whole seconds since 1970 (UTC) and a display offset.
    /// - Parameters:
    ///   - secondsSince1970: the moment, in whole seconds since 1970-01-01T00:00:00Z.
    ///   - utcOffsetSeconds: the offset to show it with, in seconds east of UTC; normalized
    ///     to whole minutes within ±23:59.
    public init(secondsSince1970: Int64, utcOffsetSeconds: Int32) {
        self.init(millisecondsSince1970: secondsSince1970 * 1000, utcOffsetSeconds: utcOffsetSeconds)
    }

    /// Creates the instant at which the wall clock of offset `utcOffsetSeconds` reads
    /// `localDateTime`, shown with that offset.
    ///
    /// The offset is normalized first (whole minutes within ±23:59), and the wall clock is
    /// read in the normalized offset, so `Instant(l, utcOffsetSeconds: o).localDateTime == l`.
    public init(_ localDateTime: LocalDateTime, utcOffsetSeconds: Int32) {
        let offset = Instant.normalizedOffset(utcOffsetSeconds)
        let date = localDateTime.date
        let days = LocalDate.daysFromCivil(
            year: Int64(date.year), month: Int64(date.month), day: Int64(date.day))
        let localMilliseconds = days * 86_400_000 + localDateTime.millisecondsSinceMidnight
        self.millisecondsSince1970 = localMilliseconds - Int64(offset) * 1000
        self.utcOffsetSeconds = offset
    }

    /// Creates an instant from a moment and an offset that is already normalized.
    init(millisecondsSince1970: Int64, normalizedOffsetSeconds: Int32) {
        self.millisecondsSince1970 = millisecondsSince1970
        self.utcOffsetSeconds = normalizedOffsetSeconds
    }

    /// Clamps an offset to ±23:59 and truncates it toward zero to whole minutes.
    static func normalizedOffset(_ seconds: Int32) -> Int32 {
        let clamped = min(max(seconds, -maximumOffsetSeconds), maximumOffsetSeconds)
        return clamped / 60 * 60
    }

    /// The moment in seconds since 1970-01-01T00:00:00Z, with the milliseconds as the
    /// fraction (the nearest `Double`, so e.g. `.001` is not exact; use
    /// ``millisecondsSince1970`` for exact arithmetic).
    public var secondsSince1970: Double {
        Double(millisecondsSince1970) / 1000
    }

    /// Whether `self` and `other` are the same moment, whatever offsets they are shown with.
    public func isSameMoment(as other: Instant) -> Bool {
        millisecondsSince1970 == other.millisecondsSince1970
    }

    /// The instant `seconds` later (earlier when negative), with the same offset.
    public func adding(seconds: Int64) -> Instant {
        adding(milliseconds: seconds * 1000)
    }

    /// The instant `milliseconds` later (earlier when negative), with the same offset.
    public func adding(milliseconds: Int64) -> Instant {
        Instant(
            millisecondsSince1970: millisecondsSince1970 + milliseconds,
            normalizedOffsetSeconds: utcOffsetSeconds)
    }

    /// The same moment shown with another offset (normalized to whole minutes within
    /// ±23:59). `a.withOffset(o).isSameMoment(as: a)` always holds.
    public func withOffset(_ seconds: Int32) -> Instant {
        Instant(millisecondsSince1970: millisecondsSince1970, utcOffsetSeconds: seconds)
    }

    /// The milliseconds from `other` to `self`: positive when `self` is later.
    /// Offsets play no part.
    public func milliseconds(since other: Instant) -> Int64 {
        millisecondsSince1970 - other.millisecondsSince1970
    }

    /// The wall clock at this moment in the stored offset: the date and time that
    /// ``rfc3339`` writes.
    public var localDateTime: LocalDateTime {
        let seconds = LocalDate.floorDivision(millisecondsSince1970, 1000) + Int64(utcOffsetSeconds)
        let millisecond = LocalDate.floorModulo(millisecondsSince1970, 1000)
        let days = LocalDate.floorDivision(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let civil = LocalDate.civilFromDays(days)
        return LocalDateTime(
            uncheckedDate: LocalDate(uncheckedYear: civil.year, month: civil.month, day: civil.day),
            hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60,
            millisecond: Int(millisecond))
    }

    /// Chronological order: by moment, then (for the same moment) by offset, smaller
    /// offset first. See "Equality and ordering" above.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        if lhs.millisecondsSince1970 != rhs.millisecondsSince1970 {
            return lhs.millisecondsSince1970 < rhs.millisecondsSince1970
        }
        return lhs.utcOffsetSeconds < rhs.utcOffsetSeconds
    }

    /// The instant written as ``rfc3339``.
    public var description: String { rfc3339 }

    /// The noon-to-noon night holding this instant, read on the clock of its own offset (the
    /// date of the night's evening): from 12:00 that date's night, before 12:00 the
    /// previous date's (`LocalDate.night(holding:)`). `Instant.now.nightDate` is "tonight" on
    /// this device.
    public var nightDate: LocalDate {
        LocalDate(daysSince1970: Int(LocalDate.nightDay(ofLocalMilliseconds: millisecondsSince1970 + Int64(utcOffsetSeconds) * 1000)))
    }
}
