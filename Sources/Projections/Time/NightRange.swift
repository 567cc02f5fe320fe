import Events

/// The range rule for nights named by nightly actions (docs/rules.md §8.4): the night lies
/// within 2 days of the action's instant, by the local date at that instant (in the
/// offset the instant was written with). Commands refuse an action out of range
/// (`NightRule`); projections skip one in a log, with a warning. Both ask `check(_:at:)`.
public enum NightRange {
    /// How far from its instant's local date a night may lie.
    public static let maximumDistanceInDays = 2

    /// Why a night is out of range: the night, the local date of the instant it was named
    /// at, and how many days lie between them (positive = ahead).
    package struct Rejection: Sendable, Hashable {
        /// The night named.
        package var night: LocalDate
        /// The local date of the instant, in its own offset.
        package var today: LocalDate
        /// `night` minus `today`, in days.
        package var distance: Int

        /// The first night in range.
        package var earliest: LocalDate { today.adding(days: -NightRange.maximumDistanceInDays) }
        /// The last night in range.
        package var latest: LocalDate { today.adding(days: NightRange.maximumDistanceInDays) }
    }

    /// The local date of `instant`, in its own offset.
    public static func localDate(of instant: Instant) -> LocalDate {
        instant.localDateTime.date
    }

    /// How many days `night` lies from the local date of `instant` (positive = ahead).
    public static func distance(of night: LocalDate, from instant: Instant) -> Int {
        night.days(from: localDate(of: instant))
    }

    /// The rule: `nil` when `night` is within range of `instant`, else why not.
    package static func check(_ night: LocalDate, at instant: Instant) -> Rejection? {
        let today = localDate(of: instant)
        let distance = night.days(from: today)
        guard abs(distance) > maximumDistanceInDays else { return nil }
        return Rejection(night: night, today: today, distance: distance)
    }

    /// Whether `night` is within range of `instant`.
    public static func contains(_ night: LocalDate, at instant: Instant) -> Bool {
        check(night, at: instant) == nil
    }

    /// The range guard every fold of a nightly action calls: whether `night`, named by
    /// `event`, is within range of its instant; when not, the event is skipped with the one
    /// warning "<type> names night <night>, more than 2 days from its instant" (rule
    /// `.nightRange`).
    static func admits(_ night: LocalDate, of event: RecordedEvent, warnings: inout ProjectionWarnings) -> Bool {
        guard let rejection = check(night, at: event.at) else { return true }
        warnings.skipped(seq: event.seq, rule: .nightRange, because: "\(event.typeName) \(rejection.warningText)")
        return false
    }
}

extension NightRange.Rejection {
    /// The folds' reason (after the event's type name).
    var warningText: String {
        "names night \(night.iso), more than \(NightRange.maximumDistanceInDays) days from its instant"
    }
}
