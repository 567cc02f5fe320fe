import Events
import Projections

/// The checks shared by the mindful-exit commands (`RequestExit`, `CancelExit`,
/// `ConfirmExit`, `EndFreeWindow`; domain.md §3 and the "Exits" fine points of §8).
///
/// They are the conditions of `ExitHistory.apply`, checked in the same order at the
/// command's instant, so that every event a command yields is one the projection accepts
/// when it folds it: first the night (a real night within 2 days of now that has a plan,
/// or the demo night once a demo night has started), then the rule of the event type,
/// judged on the night's latest exit (the only one that can be waiting or have its free
/// window open).
enum ExitRule {
    /// Checks the night an exit command names and answers its exit window (from the
    /// effective wind-down start until wake time; `ExitWindow(plan:isDemo:)`, as the
    /// projection computes it) and its zone, for messages.
    ///
    /// Rejects the demo night before any demo night started (`.noDemoNight`), a real night
    /// more than 2 days from now (`.nightOutOfRange`) or without a plan (`.nightNotPlanned`).
    static func checkNight(_ night: Night, in state: LogState, at now: Instant) throws(CommandError) -> (window: ExitWindow, timeZone: String) {
        switch night {
        case .demo:
            let demo = try NightRule.checkDemoNight(in: state)
            return (ExitWindow(plan: demo.plan, isDemo: true), demo.timeZone)
        case .date:
            let plan = try NightRule.checkPlannedNight(night, in: state, at: now)
            return (ExitWindow(plan: plan, isDemo: false), plan.timeZone)
        }
    }

    /// The night's latest exit, if any: only it can be waiting or have a free window open
    /// (a new request needs the one before it answered and its window over).
    static func latest(on night: Night, in state: LogState) -> ExitRecord? {
        state.exits.records(for: night).last
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

    /// Whole seconds from `now` until `end`, rounded up (the projection's rounding for an
    /// early confirm); 0 or less once `end` is reached.
    static func secondsUntil(_ end: Instant, from now: Instant) -> Int {
        let milliseconds = end.millisecondsSince1970 - now.millisecondsSince1970
        guard milliseconds > 0 else { return 0 }
        return Int((milliseconds + 999) / 1000)
    }
}
