import Events

/// The range rule for nights named by nightly actions (domain.md §8): the night lies
/// within 2 days of the action's instant, by the local date at that instant (in the
/// offset the instant was written with). Commands refuse an action out of range;
/// projections skip one in a log, with a warning.
public enum NightRange {
    /// How far from its instant's local date a night may lie.
    public static let maximumDistanceInDays = 2

    /// The local date of `instant`, in its own offset.
    public static func localDate(of instant: Instant) -> LocalDate {
        instant.localDateTime.date
    }

    /// How many days `night` lies from the local date of `instant` (positive = ahead).
    public static func distance(of night: LocalDate, from instant: Instant) -> Int {
        night.days(from: localDate(of: instant))
    }

    /// Whether `night` is within range of `instant`.
    public static func contains(_ night: LocalDate, at instant: Instant) -> Bool {
        abs(distance(of: night, from: instant)) <= maximumDistanceInDays
    }
}
