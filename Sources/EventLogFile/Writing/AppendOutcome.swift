/// What an append did with one event.
public struct AppendOutcome: Sendable, Hashable {
    /// The event's seq in the log.
    public var seq: Int
    /// `true` when the log already held this id with the same content, so nothing was
    /// written for it (an idempotent retry).
    public var alreadyPresent: Bool

    /// Creates the value from its parts.
    public init(seq: Int, alreadyPresent: Bool) {
        self.seq = seq
        self.alreadyPresent = alreadyPresent
    }
}
