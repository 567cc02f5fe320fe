import Foundation

// Conversion between Instant and Foundation's Date. This is the only library file that
// imports Foundation.

extension Instant {
    /// Creates the instant of `date`, floored to the millisecond, shown with
    /// `utcOffsetSeconds` (e.g. `TimeZone.current.secondsFromGMT(for: date)`; normalized to
    /// whole minutes within ±23:59).
    ///
    /// Rounding: the result is the latest whole millisecond that is not after `date`
    /// (floor, toward the past, before 1970 too), judged on the `Date` values themselves, so
    /// `Instant(instant.date, utcOffsetSeconds: instant.utcOffsetSeconds) == instant` holds
    /// exactly despite `Date`'s binary floating point. A date too far out for `Int64`
    /// milliseconds saturates at the nearest representable instant; a NaN date reads as
    /// 1970-01-01T00:00:00Z.
    public init(_ date: Date, utcOffsetSeconds: Int32) {
        self.init(
            millisecondsSince1970: Instant.flooredMilliseconds(of: date),
            utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The moment now, read from the system clock and shown with the device's current
    /// offset: what a front end passes to the queries (`tonight(at: .now)`). Projections
    /// never read it themselves: every query takes its instant, so the same log gives the
    /// same answers at any moment a test or a replay names.
    public static var now: Instant {
        let date = Date()
        return Instant(date, utcOffsetSeconds: Int32(TimeZone.current.secondsFromGMT(for: date)))
    }

    /// The moment as a Foundation `Date` (the offset is not part of a `Date`).
    public var date: Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
    }

    /// The latest whole millisecond whose `Date` is not after `date`.
    private static func flooredMilliseconds(of date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970
        if seconds.isNaN {
            return 0
        }
        // The largest Double below 2^63, so that the conversion to Int64 cannot trap.
        let limit = 9_223_372_036_854_774_784.0
        let estimate = min(max((seconds * 1000).rounded(.down), -limit), limit)
        var candidate = Int64(estimate)
        // The estimate can be one off, because seconds * 1000 is rounded; settle it on the
        // Date values, which is what a round trip compares. (Two steps suffice within
        // ±285,000 years, where a Double still tells milliseconds apart.)
        var steps = 0
        while steps < 2 && candidate > Int64.min && dateOf(milliseconds: candidate) > date {
            candidate -= 1
            steps += 1
        }
        steps = 0
        while steps < 2 && candidate < Int64.max && dateOf(milliseconds: candidate + 1) <= date {
            candidate += 1
            steps += 1
        }
        return candidate
    }

    private static func dateOf(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
