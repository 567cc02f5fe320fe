/// The exit state tonight (docs/json-view.md `tonight.exit`): while waiting, the seconds left
/// of the wait (0 once elapsed but not confirmed); during a free window, its seconds left.
public struct TonightExit: Sendable, Hashable {
    /// The attempt.
    public var attempt: Int
    /// Seconds left of the wait; `nil` during a free window.
    public var waitRemainingSeconds: Int?
    /// Seconds left of the free window; `nil` while waiting.
    public var freeWindowRemainingSeconds: Int?
    /// The reflection prompt of the attempt.
    public var prompt: String

    /// Creates the value from its parts.
    public init(attempt: Int, waitRemainingSeconds: Int?, freeWindowRemainingSeconds: Int?, prompt: String) {
        self.attempt = attempt
        self.waitRemainingSeconds = waitRemainingSeconds
        self.freeWindowRemainingSeconds = freeWindowRemainingSeconds
        self.prompt = prompt
    }

    /// Whole seconds from `now` to `end`, rounded up, never below 0: a countdown shows 0
    /// only once the wait or window is really over, so a confirm is never refused while
    /// the front end shows 0.
    static func secondsLeft(from now: Int64, to end: Int64) -> Int {
        Int(max(0, (end - now + 999) / 1000))
    }
}
