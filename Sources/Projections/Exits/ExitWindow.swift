import Events

/// When exits can be requested on a night: from its wind-down start (or an early start)
/// until the shields lift at wake time (issue 4, docs/rules.md §3.2).
public struct ExitWindow: Sendable, Hashable {
    /// The effective wind-down start.
    public var opens: Instant
    /// Wake time.
    public var closes: Instant
    /// Whether it is the demo night (waits and windows divided by 12).
    public var isDemo: Bool

    /// Creates the value from its parts.
    public init(opens: Instant, closes: Instant, isDemo: Bool) {
        self.opens = opens
        self.closes = closes
        self.isDemo = isDemo
    }

    /// The window of `plan`.
    public init(plan: NightPlan, isDemo: Bool) {
        self.init(opens: plan.effectiveWindDownStart, closes: plan.wakeTime, isDemo: isDemo)
    }

    /// Whether `instant` lies in [opens, closes).
    public func contains(_ instant: Instant) -> Bool {
        opens.millisecondsSince1970 <= instant.millisecondsSince1970 && instant.millisecondsSince1970 < closes.millisecondsSince1970
    }
}
