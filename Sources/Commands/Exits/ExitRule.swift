import Events
import Projections

/// What the mindful-exit commands (`RequestExit`, `CancelExit`, `ConfirmExit`,
/// `EndFreeWindow`; docs/rules.md §3) share: they ask the
/// projection's own rule, `ExitHistory.rejection(of:on:window:at:)`, at the command's
/// instant, with the exit window the fold uses (`LogState.exitWindow(for:)`), so every
/// event a command yields is one the projection accepts when it folds it; this type only
/// turns the typed `ExitRejection` into a `CommandError` with its message.
enum ExitRule {
    /// Decides `action` on `night` at `now`: nothing when the rule accepts it, else the
    /// command's error for the rejection.
    static func check(_ action: ExitHistory.Action, on night: Night, in state: LogState, at now: Instant) throws(CommandError) {
        guard let rejection = state.exits.rejection(of: action, on: night, window: state.exitWindow(for: night), at: now) else { return }
        throw error(for: rejection, action: action, on: night, in: state, at: now)
    }

    /// The command's error for `rejection` of `action` on `night` at `now` (same rule codes
    /// and messages as the night rules of `NightRule`).
    static func error(for rejection: ExitRejection, action: ExitHistory.Action, on night: Night, in state: LogState, at now: Instant) -> CommandError {
        let zone = timeZone(of: night, in: state)
        switch rejection {
        case .nightOutOfRange(let outOfRange):
            return NightRule.error(for: outOfRange)
        case .noDemoNight:
            return NightRule.noDemoNightError
        case .nightNotPlanned(let date):
            return NightRule.notPlannedError(date)
        case .outsideExitWindow(let window):
            let when = now.millisecondsSince1970 < window.opens.millisecondsSince1970 ? "its wind-down has not started yet" : "the shields lifted at its wake time"
            return CommandError(
                rule: .outsideExitWindow,
                message: "\(when); exits of \(name(night)) can be requested from its wind-down, \(wallClock(window.opens, in: zone)), until the shields lift at its wake time, \(wallClock(window.closes, in: zone))"
            )
        case .alreadyWaiting(let last):
            return CommandError(
                rule: .exitAlreadyWaiting,
                message: "an exit of \(name(night)) is already waiting (attempt \(last.attempt), requested at \(wallClock(last.requestedAt, in: zone))); answer it first: \"never mind\" at any time, or \"continue anyway\" from \(wallClock(last.waitEnds, in: zone))"
            )
        case .freeWindowOpen(_, let ends):
            return CommandError(
                rule: .freeWindowOpen,
                message: "a free window of \(name(night)) is open until \(wallClock(ends, in: zone)); a new exit can be requested once it ends, or once \"I'm back\" ends it early"
            )
        case .noExitWaiting(let latest):
            let answer = action == .confirm ? "\"continue anyway\"" : "\"never mind\""
            return CommandError(rule: .noExitWaiting, message: nothingWaiting(on: night, latest: latest, zone: zone, answer: answer))
        case .waitNotOver(let record, let remaining):
            return CommandError(
                rule: .waitNotOver,
                message: "the mindful wait of attempt \(record.attempt) on \(name(night)) ends at \(wallClock(record.waitEnds, in: zone)), \(remaining) s from now; \"continue anyway\" is accepted from then on, \"never mind\" at any time",
                secondsRemaining: remaining
            )
        case .nightOver(let window):
            return CommandError(
                rule: .nightOver,
                message: "\(name(night)) is over: the shields lifted at \(wallClock(window.closes, in: zone)); there is nothing left to exit from"
            )
        case .noFreeWindowToClose(let latest):
            return EndFreeWindow.noFreeWindowOpen(on: night, latest: latest, at: now, zone: zone)
        }
    }

    /// The zone of `night` for messages: its plan's, or the demo night's (once the night
    /// rules accepted it, the night has one).
    static func timeZone(of night: Night, in state: LogState) -> String {
        switch night {
        case .date(let date): return state.nightPlans.plan(for: date)?.timeZone ?? state.nightPlans.latestTimeZone ?? "UTC"
        case .demo: return state.demoNights.latest?.timeZone ?? "UTC"
        }
    }

    /// The message for "no exit is waiting" (`CancelExit`, `ConfirmExit`): what became of
    /// the latest exit, and what would be accepted.
    static func nothingWaiting(on night: Night, latest: ExitRecord?, zone: String, answer: String) -> String {
        let what: String
        if let latest, let cancelled = latest.cancelledAt {
            what = "its latest exit was cancelled at \(wallClock(cancelled, in: zone))"
        } else if let latest, let confirmed = latest.confirmedAt {
            what = "its latest exit was confirmed at \(wallClock(confirmed, in: zone))"
        } else {
            what = "no exit was requested"
        }
        return "no exit of \(name(night)) is waiting (\(what)); \(answer) answers an exit requested and not yet cancelled or confirmed"
    }

    /// "night 2026-11-30", or "the demo night", for messages.
    static func name(_ night: Night) -> String {
        switch night {
        case .date(let date): return "night \(date.iso)"
        case .demo: return "the demo night"
        }
    }

    /// `instant` as "YYYY-MM-DD HH:mm" on the wall clock of `zone`, with the seconds
    /// (":ss") when it does not fall on a whole minute: demo nights run in seconds.
    static func wallClock(_ instant: Instant, in zone: String) -> String {
        let local = LocalTimeResolver(identifier: zone)?.localDateTime(of: instant) ?? instant.localDateTime
        let minute = "\(local.date.iso) \(local.timeOfDay.text)"
        guard local.second != 0 || local.millisecond != 0 else { return minute }
        return minute + ":" + (local.second < 10 ? "0" : "") + String(local.second)
    }
}
