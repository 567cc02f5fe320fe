import Events
import Foundation

/// Turns local wall-clock times in one IANA time zone into instants, and back, by the rules
/// of docs/rules.md §1.3 ("Plan times are local wall-clock times in the zone the person is in
/// that night").
///
/// ## Times that do not exist or exist twice
/// Where a zone's UTC offset changes, the wall clock jumps forward (a *gap*: the local times
/// in between never happen) or back (an *overlap*: they happen twice).
/// - A time inside a gap moves **forward to the end of the gap**, the first instant that
///   exists after it (docs/rules.md §1.3: "a time that does not exist (inside a gap) moves
///   forward to the end of the gap"). 02:30 in Europe/Berlin on 2026-03-29 is
///   `2026-03-29T03:00:00+02:00` (01:00Z). The start of a gap (02:00) is inside it; its end
///   (03:00) exists and is that same instant. Note that `Calendar.date(from:)` answers 03:30
///   instead (it keeps the distance from the gap start), which is why this type does not
///   use `Calendar` (docs/platform-notes.md, "Daylight-saving gaps").
/// - A time inside an overlap takes its **first occurrence**, in the offset that was in force
///   before the change (docs/rules.md §1.3: "a time that exists twice ... takes its first
///   occurrence"). 02:30 in Europe/Berlin on 2026-10-25 is `2026-10-25T02:30:00+02:00`
///   (00:30Z), not the later `02:30+01:00`.
///
/// Both rules are one: the answer is the earliest instant at which the zone's wall clock
/// reads the time asked or later.
///
/// The rules hold for every offset change the zone's data knows, not only daylight saving:
/// a zone moving its standard offset (Europe/Volgograd, 2020), a 30-minute change
/// (Australia/Lord_Howe) or a skipped calendar day (Pacific/Apia, 2011-12-30).
///
/// ## Absolute durations
/// Offsets of the plan such as "wind-down = bedtime − 4 h" are absolute durations (docs/rules.md
/// §1.2): subtract them from the resolved instant with ``Instant/adding(seconds:)`` and show
/// the result with ``display(_:)``. Across a change of offset the wall clock then moves by
/// more or less than 4 h (bedtime 05:00 CEST on 2026-03-29 in Berlin winds down at 00:00 CET).
///
/// ## Cost
/// Pure and deterministic: the answers depend only on the zone data, never on the clock.
/// Nothing is cached; a resolution asks the zone for one offset and one next transition
/// when no offset change lies within a day of the wall-clock time (a few hundred
/// nanoseconds), and for one more of each per change nearby.
package struct LocalTimeResolver: Sendable, Hashable {
    /// The zone the wall-clock times are read in.
    package let timeZone: TimeZone

    /// Before the earliest possible answer: every instant `t` whose wall clock reads `w`
    /// satisfies `t = w − offset(t)`, and zone offsets stay within ±24 h.
    private static let searchMarginMilliseconds: Int64 = 86_400_000

    /// More offset changes than any zone has within two days; a bound on the walk in case
    /// the zone data misbehaves.
    private static let maximumSegments = 32

    /// The milliseconds in a day.
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// Creates a resolver for the zone named by an IANA identifier such as `"Europe/Berlin"`
    /// or `"America/New_York"`, or `nil` when the platform's time-zone data does not know the
    /// identifier (identifiers are case-sensitive) or it does not have the form of a zone name
    /// (`ZoneName.isPlausible(_:)`: ASCII letters, digits, `/`, `_`, `-`, `+`, 1 to 64 bytes).
    /// The form is checked before Foundation is asked, so `Asia/\u{212A}arachi` (a Kelvin
    /// sign) gives `nil` whether or not `Asia/Karachi` was loaded before.
    package init?(identifier: String) {
        guard let zone = ZoneName.timeZone(identifier) else {
            return nil
        }
        self.timeZone = zone
    }

    /// Creates a resolver for `timeZone`.
    package init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The zone's identifier, e.g. `"Europe/Berlin"`.
    package var identifier: String { timeZone.identifier }

    // MARK: Wall clock → instant

    /// The instant at which the wall clock of this zone reads `time` on `date`, shown with
    /// the zone's offset at that instant (so that its ``Instant/rfc3339`` is local time).
    ///
    /// A time in a gap moves to the end of the gap; a time in an overlap takes its first
    /// occurrence (see "Times that do not exist or exist twice" above; docs/rules.md §1.3):
    /// in Europe/Berlin, 02:30 on 2026-03-29 gives `2026-03-29T03:00:00+02:00` and 02:30 on
    /// 2026-10-25 gives `2026-10-25T02:30:00+02:00`.
    package func instant(on date: LocalDate, at time: TimeOfDay) -> Instant {
        let localMilliseconds =
            Int64(date.daysSince1970) * Self.millisecondsPerDay
            + Int64(time.minutesSinceMidnight) * 60_000
        return resolve(localMilliseconds: localMilliseconds)
    }

    /// The instant at which the wall clock of this zone reads `localDateTime` (to the
    /// millisecond), by the same gap and overlap rules as ``instant(on:at:)``.
    package func instant(at localDateTime: LocalDateTime) -> Instant {
        let millisecondsOfDay =
            ((Int64(localDateTime.hour) * 60 + Int64(localDateTime.minute)) * 60
                + Int64(localDateTime.second)) * 1000 + Int64(localDateTime.millisecond)
        let localMilliseconds =
            Int64(localDateTime.date.daysSince1970) * Self.millisecondsPerDay + millisecondsOfDay
        return resolve(localMilliseconds: localMilliseconds)
    }

    /// The instant at which `time`, a time of day of the plan, happens on `night`: from
    /// 12:00 to 23:59 on the night's own date, from 00:00 to 11:59 on the next date (docs/rules.md
    /// §1.3: "a time of day from 12:00 to 23:59 falls on the night's own date; from 00:00 to
    /// 11:59 on the next date"), then resolved with ``instant(on:at:)``, gaps and overlaps
    /// included.
    ///
    /// In Europe/Berlin, bedtime 00:30 on night 2026-03-28 is `2026-03-29T00:30:00+01:00`;
    /// 02:30 that night does not exist and is `2026-03-29T03:00:00+02:00` (the plan's
    /// `bedtime` text keeps "02:30").
    package func wallClockInstant(night: LocalDate, time: TimeOfDay) -> Instant {
        let date = time.hour >= 12 ? night : night.adding(days: 1)
        return instant(on: date, at: time)
    }

    // MARK: Instant → wall clock

    /// The zone's offset from UTC at `instant`, in seconds east of UTC (`+02:00` is 7200).
    ///
    /// This is the zone's exact offset; for the local mean time some zones used before
    /// about 1900 it may hold seconds (+00:17:30), which ``display(_:)`` truncates to whole
    /// minutes as RFC 3339 requires.
    package func offsetSeconds(at instant: Instant) -> Int32 {
        Int32(clamping: timeZone.secondsFromGMT(for: instant.date))
    }

    /// The same moment as `instant`, shown with this zone's offset at that moment, so that
    /// its ``Instant/rfc3339`` reads this zone's wall clock.
    package func display(_ instant: Instant) -> Instant {
        instant.withOffset(offsetSeconds(at: instant))
    }

    /// The wall clock of this zone at `instant`, to the millisecond.
    package func localDateTime(of instant: Instant) -> LocalDateTime {
        Self.localDateTime(of: instant, offsetSeconds: offsetSeconds(at: instant))
    }

    /// The wall clock at `instant` of a zone whose offset then is `offsetSeconds`.
    static func localDateTime(of instant: Instant, offsetSeconds: Int32) -> LocalDateTime {
        Instant(
            millisecondsSince1970: instant.millisecondsSince1970 + Int64(offsetSeconds) * 1000,
            utcOffsetSeconds: 0
        ).localDateTime
    }

    /// The noon-to-noon night that holds `instant` in this zone (docs/rules.md §5.1): a
    /// local time from 12:00 to 23:59:59.999 belongs to that date's night, one from 00:00 to
    /// 11:59:59.999 to the previous date's night. `2026-12-01T07:00+01:00` in Europe/Berlin
    /// is night 2026-11-30; `2026-12-01T12:00+01:00` is night 2026-12-01.
    /// (The rule itself is `LocalDate.night(holding:)`.)
    package func nightDate(of instant: Instant) -> LocalDate {
        LocalDate.night(holding: localDateTime(of: instant))
    }

    // MARK: Resolution

    /// Resolves a wall-clock reading, given as milliseconds since 1970-01-01T00:00 on the
    /// local clock.
    ///
    /// The zone's offset is constant on segments `[start, next transition)`. Walking them in
    /// order from a day before the reading, the first segment whose offset `o` puts
    /// `local − o` inside it holds the earliest instant with that reading (the first
    /// occurrence). If instead the reading lies before a segment's first wall-clock time
    /// while the previous segment's wall clock ended at or before it, it is in the gap
    /// between them, and the answer is that segment's start: the end of the gap.
    private func resolve(localMilliseconds local: Int64) -> Instant {
        var segmentStart = local - Self.searchMarginMilliseconds
        var offset = offsetMilliseconds(atMilliseconds: segmentStart)
        for _ in 0..<Self.maximumSegments {
            let candidate = local - offset
            if candidate < segmentStart {
                // The wall clock jumped over `local` at `segmentStart`.
                return instant(milliseconds: segmentStart, offsetMilliseconds: offset)
            }
            guard let next = transition(afterMilliseconds: segmentStart), next <= candidate else {
                return instant(milliseconds: candidate, offsetMilliseconds: offset)
            }
            segmentStart = next
            offset = offsetMilliseconds(atMilliseconds: next)
        }
        return instant(milliseconds: local - offset, offsetMilliseconds: offset)
    }

    /// The zone's offset at a moment, in milliseconds (``offsetSeconds(at:)`` × 1000).
    func offsetMilliseconds(atMilliseconds moment: Int64) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Self.date(milliseconds: moment))) * 1000
    }

    /// The next moment after `moment` at which the zone's offset may change (any change
    /// the zone data records, daylight saving or not), or `nil` if there is none or it does
    /// not lie strictly later.
    func transition(afterMilliseconds moment: Int64) -> Int64? {
        switch nextChange(afterMilliseconds: moment) {
        case .at(let next): return next
        case .none, .unknown: return nil
        }
    }

    /// The zone's offset at `instant` (``offsetSeconds(at:)``) and the moments, in
    /// milliseconds since 1970, over which it holds for certain: from `instant` up to (not
    /// including) the zone's next change of offset, to the end of time when the zone data
    /// records none. Instants shown one after the other in the same stretch can take the
    /// offset without asking the zone again (the JSON view shows thousands of a night's
    /// instants in one zone).
    package func offsetStretch(at instant: Instant) -> (offsetSeconds: Int32, from: Int64, until: Int64) {
        let moment = instant.millisecondsSince1970
        let until: Int64
        switch nextChange(afterMilliseconds: moment) {
        case .at(let next): until = next
        case .none: until = .max
        case .unknown: until = moment + 1
        }
        return (offsetSeconds(at: instant), moment, until)
    }

    /// What the zone data says of the next change of offset after a moment.
    private enum NextChange {
        /// A change at this moment, strictly later.
        case at(Int64)
        /// No change after it.
        case none
        /// An answer that is not a moment strictly later: no stretch can be trusted.
        case unknown
    }

    private func nextChange(afterMilliseconds moment: Int64) -> NextChange {
        guard let next = timeZone.nextDaylightSavingTimeTransition(after: Self.date(milliseconds: moment)) else {
            return .none
        }
        let milliseconds = (next.timeIntervalSince1970 * 1000).rounded()
        // Transitions lie on whole seconds; rounding absorbs the binary fraction of `Date`.
        guard milliseconds.isFinite, abs(milliseconds) < 9.0e15 else {
            return .unknown
        }
        let result = Int64(milliseconds)
        return result > moment ? .at(result) : .unknown
    }

    private func instant(milliseconds: Int64, offsetMilliseconds: Int64) -> Instant {
        Instant(
            millisecondsSince1970: milliseconds,
            utcOffsetSeconds: Int32(clamping: offsetMilliseconds / 1000))
    }

    private static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
