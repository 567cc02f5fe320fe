import Events

/// One exit of one night (docs/json-view.md `exits.byNight`): one per request, cancelled and
/// pending ones included.
public struct ExitRecord: Sendable, Hashable {
    /// The night (`demo` on a demo night).
    public var night: Night
    /// 1 + exits confirmed earlier that night.
    public var attempt: Int
    /// The request.
    public var requestedAt: Instant
    /// The mindful wait, in seconds.
    public var waitSeconds: Int
    /// When "continue anyway" was confirmed, if it was.
    public var confirmedAt: Instant?
    /// When "never mind" cancelled the wait, if it did.
    public var cancelledAt: Instant?
    /// The free window this attempt grants (or would grant), in seconds.
    public var freeWindowSeconds: Int
    /// When a `freeWindowUsed` closed the window, if one did.
    public var closedAt: Instant?
    /// The events behind the record: the request, then the cancel / confirm / close.
    public var causes: [EventReference]

    /// Creates the value from its parts.
    public init(night: Night, attempt: Int, requestedAt: Instant, waitSeconds: Int, freeWindowSeconds: Int, cause: EventReference) {
        self.night = night
        self.attempt = attempt
        self.requestedAt = requestedAt
        self.waitSeconds = waitSeconds
        self.freeWindowSeconds = freeWindowSeconds
        self.causes = [cause]
    }

    /// When the wait is over: request + wait (confirming exactly then is valid).
    public var waitEnds: Instant { requestedAt.adding(seconds: Int64(waitSeconds)) }

    /// When the free window ends by itself: confirm + window (over at exactly that instant).
    public var freeWindowEnds: Instant? { confirmedAt?.adding(seconds: Int64(freeWindowSeconds)) }

    /// Whether the wait is still pending (neither cancelled nor confirmed).
    public var isWaiting: Bool { confirmedAt == nil && cancelledAt == nil }

    /// Whether the free window is open at `now`.
    public func isFreeWindowOpen(at now: Instant) -> Bool {
        guard let confirmedAt, let ends = freeWindowEnds else { return false }
        let moment = now.millisecondsSince1970
        if let closedAt, closedAt.millisecondsSince1970 <= moment { return false }
        return confirmedAt.millisecondsSince1970 <= moment && moment < ends.millisecondsSince1970
    }

    /// Seconds of free window used: min(window, close − confirm) in whole seconds rounded half
    /// up, the whole window once it
    /// ran out; `nil` while unconfirmed or still open at `now`.
    public func usedSeconds(at now: Instant) -> Int? {
        guard let confirmedAt, let ends = freeWindowEnds else { return nil }
        if let closedAt, closedAt.millisecondsSince1970 <= now.millisecondsSince1970 {
            let used = (closedAt.millisecondsSince1970 - confirmedAt.millisecondsSince1970 + 500) / 1000
            return min(freeWindowSeconds, Int(used))
        }
        return now.millisecondsSince1970 >= ends.millisecondsSince1970 ? freeWindowSeconds : nil
    }

    /// `true` when the window ran out (by expiry, or closed at or after its end), `false`
    /// when the person came back early; `nil` while unconfirmed or open at `now`.
    public func resumedAutomatically(at now: Instant) -> Bool? {
        guard confirmedAt != nil, let ends = freeWindowEnds else { return nil }
        if let closedAt, closedAt.millisecondsSince1970 <= now.millisecondsSince1970 {
            return closedAt.millisecondsSince1970 >= ends.millisecondsSince1970
        }
        return now.millisecondsSince1970 >= ends.millisecondsSince1970 ? true : nil
    }
}
