import Events

/// The range rule for nights named by nightly actions (domain.md §8): the night lies
/// within 2 days of the action's instant, by the local date at that instant.
public enum NightRule {
    /// How far from its instant's local date a night may lie.
    public static let maximumDistanceInDays = 2

    /// Checks that `night` is a real night within range of `now`.
    public static func checkRealNight(_ night: Night, at now: Instant) throws(CommandError) -> LocalDate {
        guard case .date(let date) = night else {
            throw CommandError(rule: .demoNightNotAllowed, message: "this action needs a real night (YYYY-MM-DD), not \"demo\"")
        }
        let today = now.localDateTime.date
        let distance = date.days(from: today)
        guard abs(distance) <= maximumDistanceInDays else {
            let earliest = today.adding(days: -maximumDistanceInDays).iso
            let latest = today.adding(days: maximumDistanceInDays).iso
            throw CommandError(
                rule: .nightOutOfRange,
                message: "night \(date.iso) is \(abs(distance)) days from \(today.iso); a night from \(earliest) to \(latest) is accepted"
            )
        }
        return date
    }
}
