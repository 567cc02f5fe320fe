/// The exit state tonight (docs/json-view.md `tonight.exit`): while waiting, the seconds left
/// of the wait (0 once elapsed but not confirmed); during a free window, its seconds left.
public struct TonightExit: Sendable, Hashable {
    /// The attempt.
    public var attempt: Int
    /// Seconds left of the wait; `nil` during a free window.
    public var waitRemainingSeconds: Int?
    /// Seconds left of the free window; `nil` while waiting.
    public var freeWindowRemainingSeconds: Int?
    /// The exits confirmed that night as of the moment shown: the N of the 4th and later
    /// prompts ("You've opted out N times tonight"). During attempt k's free window it counts
    /// attempt k itself. The prompt's words are a message of the catalogue (`Summaries`:
    /// `TonightExit.prompt`), so a front end shows them in the person's language.
    public var confirmedTonight: Int

    /// Creates the value from its parts.
    public init(attempt: Int, waitRemainingSeconds: Int?, freeWindowRemainingSeconds: Int?, confirmedTonight: Int) {
        self.attempt = attempt
        self.waitRemainingSeconds = waitRemainingSeconds
        self.freeWindowRemainingSeconds = freeWindowRemainingSeconds
        self.confirmedTonight = confirmedTonight
    }

    /// Whole seconds from `now` to `end`, rounded up, never below 0: a countdown shows 0
    /// only once the wait or window is really over, so a confirm is never refused while
    /// the front end shows 0.
    static func secondsLeft(from now: Int64, to end: Int64) -> Int {
        Int(max(0, (end - now + 999) / 1000))
    }
}
