import Events
import Projections

/// Sleep entered by hand (`manualSleepLogged`): "I slept from 23:40 to 07:10". A night
/// without samples uses its times (docs/rules.md §5.4).
///
/// Rejected, appending nothing, unless:
/// - the night is a real night (`.demoNightNotAllowed`) within 2 days of now
///   (`.nightOutOfRange`; docs/rules.md §8.4, as every nightly action);
/// - the wake time is after the bedtime (`.endNotAfterStart`) and at most 24 h after it
///   (`.durationTooLong`);
/// - the bedtime falls in the night's noon-to-noon window, [night 12:00, night + 1 day
///   12:00), read in the device's zone (`.bedtimeOutsideNight`; the window a sample's start
///   must fall in to belong to the night, docs/rules.md §5.1, so a manual night and a sampled one
///   agree). When the platform does not know the device's zone, the bedtime's own offset
///   is used. The wake time may run past noon;
/// - the wake time is not after now (`.wakeTimeInFuture`; a wake time of exactly now is
///   accepted): sleep is logged once it happened.
///
/// Another entry for the same night is appended too, and the latest wins (the person
/// corrects a typo; docs/rules.md §5.4: "the latest manual log of a night wins; samples win over it"). The
/// instants are kept with the offsets given.
///
/// The sleep projection (`SleepLedger`) checks the night's range and the 24 h; the window
/// and "not in the future" are the command's own, stricter rules, so every event this
/// command appends is one the projection keeps.
public struct LogManualSleep: PayloadCommand {
    /// The sleep to log (night, bedtime, wake time), as `manualSleepLogged` carries it.
    public var payload: ManualSleepLogged

    /// Creates the value from its parts.
    public init(night: Night, bedtime: Instant, wakeTime: Instant) {
        payload = ManualSleepLogged(night: night, bedtime: bedtime, wakeTime: wakeTime)
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let (night, bedtime, wakeTime) = (payload.night, payload.bedtime, payload.wakeTime)
        let date = try NightRule.checkRealNight(night, at: context.now)
        let zone = context.timeZone
        // The sleep projection's own length rule (`SampleInterval.checkLength`).
        switch SampleInterval.checkLength(start: bedtime, end: wakeTime) {
        case nil:
            break
        case .endsBeforeStart, .lastsNoTime, .endsTooLate:
            let duration = wakeTime.milliseconds(since: bedtime)
            throw CommandError(
                rule: .endNotAfterStart,
                message: "the wake time \(Self.shown(wakeTime, in: zone)) is \(duration == 0 ? "the bedtime itself" : "before the bedtime \(Self.shown(bedtime, in: zone))"); a wake time after the bedtime, at most 24 h later, is accepted"
            )
        case .lastsTooLong(let duration):
            throw CommandError(
                rule: .durationTooLong,
                message: "from \(Self.shown(bedtime, in: zone)) to \(Self.shown(wakeTime, in: zone)) is \(SampleRule.durationText(duration)); a sleep of at most 24 h is accepted"
            )
        }
        let bedtimeNight = LocalTimeResolver(identifier: zone)?.nightDate(of: bedtime) ?? bedtime.nightDate
        guard bedtimeNight == date else {
            throw CommandError(
                rule: .bedtimeOutsideNight,
                message: "the bedtime \(Self.shown(bedtime, in: zone)) falls in night \(bedtimeNight.iso), not \(date.iso); for night \(date.iso) a bedtime from \(date.iso) 12:00 until \(date.adding(days: 1).iso) 12:00 (\(zone)) is accepted"
            )
        }
        guard wakeTime.millisecondsSince1970 <= context.now.millisecondsSince1970 else {
            throw CommandError(
                rule: .wakeTimeInFuture,
                message: "the wake time \(Self.shown(wakeTime, in: zone)) is after now (\(Self.shown(context.now, in: zone))); sleep is logged once it happened, with a wake time up to now"
            )
        }
        return [context.event(.manualSleepLogged(payload))]
    }

    /// `instant` for messages: RFC 3339 in the device's zone (in its own offset when the
    /// zone is unknown), to the second, so that "after now" is visible.
    static func shown(_ instant: Instant, in zone: String) -> String {
        (LocalTimeResolver(identifier: zone)?.display(instant) ?? instant).rfc3339
    }

}
