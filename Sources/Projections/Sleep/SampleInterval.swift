import Events

/// The interval rule of sleep and vital samples (docs/rules.md §8.4, "Ranges"): a sample ends
/// after it starts, lasts at most 24 h, and ends no later than a day after its event's
/// instant. A vital reading may be taken at an instant (HealthKit gives SpO2 with start =
/// end), so `allowsInstant` admits a length of 0.
///
/// One rule, asked by the sleep fold (`SleepLedger`, with the event's `at`), the HealthKit
/// commands (`IngestSleepSamples`, `IngestVitalSamples`, with the command's instant) and the
/// Health export importer (`HealthRecordMapper`, with the record's creation date); each
/// renders the typed `Rejection` in its own words.
package enum SampleInterval {
    /// The longest a sample may last, and how far after its instant it may end: 24 h.
    package static let maximumMilliseconds: Int64 = 24 * 3_600_000

    /// Why an interval is refused.
    package enum Rejection: Sendable, Hashable {
        /// It ends before it starts.
        case endsBeforeStart
        /// It ends the instant it starts, and instants are not allowed (a sleep sample).
        case lastsNoTime
        /// It lasts more than 24 h (`milliseconds`).
        case lastsTooLong(milliseconds: Int64)
        /// It ends later than `latestEnd`, a day after its instant.
        case endsTooLate(latestEnd: Instant)

        /// The sleep fold's reason (after the event's type name).
        package var warningText: String {
            switch self {
            case .endsBeforeStart, .lastsNoTime: return "ends at or before its start"
            case .lastsTooLong: return "lasts more than 24 h"
            case .endsTooLate: return "ends more than a day after its event's instant"
            }
        }
    }

    /// The rule: `nil` when the sample from `start` to `end`, recorded at `at`, is accepted.
    package static func check(start: Instant, end: Instant, at: Instant, allowsInstant: Bool = false) -> Rejection? {
        if let rejection = checkLength(start: start, end: end, allowsInstant: allowsInstant) { return rejection }
        let latestEnd = at.millisecondsSince1970 + maximumMilliseconds
        if end.millisecondsSince1970 > latestEnd { return .endsTooLate(latestEnd: at.adding(milliseconds: maximumMilliseconds)) }
        return nil
    }

    /// The length part of the rule alone (more than 0, or 0 when `allowsInstant`, and at
    /// most 24 h): also the rule of a manual sleep entry, from bedtime to wake time
    /// (`SleepLedger`'s fold of `manualSleepLogged`, `LogManualSleep`).
    package static func checkLength(start: Instant, end: Instant, allowsInstant: Bool = false) -> Rejection? {
        let length = end.millisecondsSince1970 - start.millisecondsSince1970
        if length < 0 { return .endsBeforeStart }
        if length == 0 && !allowsInstant { return .lastsNoTime }
        if length > maximumMilliseconds { return .lastsTooLong(milliseconds: length) }
        return nil
    }
}
