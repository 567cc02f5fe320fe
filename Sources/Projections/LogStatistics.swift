import Events

/// What a log holds: events by type, the first and last instant, the zones seen.
public struct LogStatistics: Projection, Hashable {
    /// Applied events by type name.
    public private(set) var countsByType: [String: Int] = [:]
    /// The earliest `at` (by moment).
    public private(set) var firstInstant: Instant?
    /// The latest `at` (by moment).
    public private(set) var lastInstant: Instant?
    /// Every `tz` seen, in the order first seen.
    public private(set) var zones: [String] = []
    /// The number of events applied.
    public private(set) var eventCount = 0

    public init() {}

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        eventCount += 1
        countsByType[event.typeName, default: 0] += 1
        let moment = event.at.millisecondsSince1970
        if firstInstant.map({ moment < $0.millisecondsSince1970 }) ?? true { firstInstant = event.at }
        if lastInstant.map({ moment >= $0.millisecondsSince1970 }) ?? true { lastInstant = event.at }
        if !zones.contains(event.event.timeZone) { zones.append(event.event.timeZone) }
    }
}
