import Events

/// Why an exit event (a request, cancel, confirm, or the close of a free window) is
/// refused: the one typed answer of `ExitHistory.rejection(of:on:window:at:)`, which the
/// fold turns into a warning (`warningText`) and the exit commands into a `CommandError`
/// (docs/rules.md §3). Each case carries what its texts need.
package enum ExitRejection: Sendable, Hashable {
    /// A real night more than 2 days from the instant.
    case nightOutOfRange(NightRange.Rejection)
    /// The demo night, before any demo night started.
    case noDemoNight
    /// A real night without a plan.
    case nightNotPlanned(LocalDate)
    /// A request outside the night's exit window [wind-down, wake).
    case outsideExitWindow(ExitWindow)
    /// A request while the night's latest exit still waits.
    case alreadyWaiting(ExitRecord)
    /// A request while the latest exit's free window is open, until `until`.
    case freeWindowOpen(ExitRecord, until: Instant)
    /// A cancel or confirm with no exit waiting (`latest`: the night's latest exit, if any).
    case noExitWaiting(latest: ExitRecord?)
    /// A confirm before the wait is over, `secondsRemaining` (rounded up) early.
    case waitNotOver(ExitRecord, secondsRemaining: Int)
    /// A confirm at or after the night's wake time, when the shields lifted.
    case nightOver(ExitWindow)
    /// A close of a free window when the latest exit has none to close (`latest`: the
    /// night's latest exit, if any).
    case noFreeWindowToClose(latest: ExitRecord?)

    /// The warning's rule.
    var warningRule: ProjectionWarnings.Rule {
        if case .nightOutOfRange = self { return .nightRange }
        return .exit
    }

    /// The reason the fold gives when it skips the event (after "<type> for night <n>: ").
    package var warningText: String {
        switch self {
        case .nightOutOfRange: return "the night is more than \(NightRange.maximumDistanceInDays) days from its instant"
        case .noDemoNight: return "no demo night has started"
        case .nightNotPlanned: return "the night has no plan"
        case .outsideExitWindow(let window):
            return "exits can be requested from wind-down (\(window.opens.rfc3339)) until the shields lift (\(window.closes.rfc3339))"
        case .alreadyWaiting(let last): return "an exit is already waiting (requested \(last.requestedAt.rfc3339))"
        case .freeWindowOpen(_, let until): return "a free window is open until \(until.rfc3339)"
        case .noExitWaiting: return "no exit is waiting"
        case .waitNotOver(let record, let seconds): return "confirmed \(seconds) s before the wait ends at \(record.waitEnds.rfc3339)"
        case .nightOver(let window): return "the night is over: the shields lifted at \(window.closes.rfc3339)"
        case .noFreeWindowToClose: return "no free window to close"
        }
    }
}
