import Events

/// A checklist item's state at an instant.
public struct ChecklistItemState: Sendable, Hashable {
    /// Locked before its time, active from it, done once completed.
    public enum State: String, Sendable, Hashable, Codable {
        case locked, active, done
    }

    /// The template id.
    public var item: String
    /// Its state.
    public var state: State
    /// Its time (the reminder's fire instant).
    public var time: Instant

    /// Creates the value from its parts.
    public init(item: String, state: State, time: Instant) {
        self.item = item
        self.state = state
        self.time = time
    }
}
