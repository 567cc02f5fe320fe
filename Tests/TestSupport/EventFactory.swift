import Events

/// Builds events for tests with little ceremony.
public enum EventFactory {
    /// An instant from RFC 3339 text; records an issue and returns the epoch on bad text.
    public static func instant(_ text: String) throws -> Instant {
        try Instant(rfc3339: text)
    }

    /// An event with `payload` at `at` (RFC 3339) in `timeZone`.
    public static func event(
        _ id: String,
        _ payload: EventPayload,
        at: String,
        timeZone: String = "Europe/Berlin",
        source: EventSource? = .phone
    ) throws -> Event {
        Event(id: id, at: try Instant(rfc3339: at), timeZone: timeZone, source: source, payload: payload)
    }

    /// A night named by its date.
    public static func night(_ text: String) throws -> Night {
        try Night(text: text)
    }
}
