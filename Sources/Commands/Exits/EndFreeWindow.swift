import Events
import Projections

/// "I'm back" (`freeWindowUsed` with `returnedEarly: true`): the person ends their free
/// window before it runs out, and the apps block again at once (docs/rules.md §3.2).
///
/// Valid only while the night's free window is open at now: from "continue anyway" until
/// confirm + window, over at exactly that instant. Else rejected (`.noFreeWindowOpen`,
/// saying why: none granted, the exit still waiting, already ended, or ran out), and for
/// a night that `RequestExit` would reject as a night (`.nightOutOfRange`,
/// `.nightNotPlanned`, `.noDemoNight`).
///
/// A window that runs out needs no event: the library derives its expiry from the confirm
/// and the attempt's window (`ExitRecord.isFreeWindowOpen(at:)`, `resumedAutomatically`).
/// So a front end never sends `freeWindowUsed` with `returnedEarly: false`, and this
/// command never yields one. (`ExitHistory` still folds a `freeWindowUsed` at or after the
/// window's end, written by another writer, as "resumed automatically"; this command is
/// stricter and refuses it.)
public struct EndFreeWindow: Command {
    /// The night of the free window (`demo` on the demo night).
    public var night: Night

    /// Creates the value from its parts.
    public init(night: Night) {
        self.night = night
    }

    public func decide(in state: LogState, context: CommandContext) throws(CommandError) -> [Event] {
        let now = context.now
        try ExitRule.check(.closeFreeWindow, on: night, in: state, at: now)
        // Stricter than the projection's rule: the window must not have run out.
        if let latest = state.exits.records(for: night).last, !latest.isFreeWindowOpen(at: now) {
            throw Self.noFreeWindowOpen(on: night, latest: latest, at: now, zone: ExitRule.timeZone(of: night, in: state))
        }
        return [context.event(.freeWindowUsed(FreeWindowUsed(night: night, returnedEarly: true)))]
    }

    /// The error for "no free window open" at `now`, saying why (`latest`: the night's
    /// latest exit, if any).
    static func noFreeWindowOpen(on night: Night, latest: ExitRecord?, at now: Instant, zone: String) -> CommandError {
        CommandError(
            rule: .noFreeWindowOpen,
            message: "no free window of \(ExitRule.name(night)) is open (\(why(latest, at: now, zone: zone))); \"I'm back\" is accepted from \"continue anyway\" until the window runs out"
        )
    }

    /// Why the latest exit has no open window at `now`, for the message.
    private static func why(_ latest: ExitRecord?, at now: Instant, zone: String) -> String {
        guard let latest else { return "no exit was requested" }
        if latest.cancelledAt != nil { return "its latest exit was cancelled" }
        guard let confirmed = latest.confirmedAt, let ends = latest.freeWindowEnds else {
            return "its latest exit is still waiting for \"continue anyway\""
        }
        if now.millisecondsSince1970 < confirmed.millisecondsSince1970 {
            return "its latest exit is confirmed from \(ExitRule.wallClock(confirmed, in: zone))"
        }
        if let closed = latest.closedAt, closed.millisecondsSince1970 < ends.millisecondsSince1970 {
            return "it was ended at \(ExitRule.wallClock(closed, in: zone))"
        }
        return "it ran out at \(ExitRule.wallClock(ends, in: zone)) and closed by itself"
    }
}
