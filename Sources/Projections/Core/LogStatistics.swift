import Events

/// What a log holds: events by type, the first and last instant, the zones seen.
public struct LogStatistics: Projection, Hashable {
    /// Applied events by type name.
    public var countsByType: [String: Int] {
        var counts = otherCounts
        for (type, count) in zip(EventType.allCases, catalogueCounts) where count > 0 {
            counts[type.rawValue, default: 0] += count
        }
        return counts
    }
    /// The earliest `at` (by moment).
    public private(set) var firstInstant: Instant?
    /// The latest `at` (by moment).
    public private(set) var lastInstant: Instant?
    /// Every `tz` seen, in the order first seen.
    public private(set) var zones: [String] = []
    /// The number of events applied.
    public private(set) var eventCount = 0
    /// The counts of the catalogue's types, in `EventType.allCases` order.
    private var catalogueCounts = [Int](repeating: 0, count: EventType.allCases.count)
    /// The counts of other type names (an opaque payload named otherwise).
    private var otherCounts: [String: Int] = [:]
    /// The zone of the last event, one of `zones` (the next event's most likely).
    private var lastZone: String?

    public init() {}

    public static func == (left: LogStatistics, right: LogStatistics) -> Bool {
        left.catalogueCounts == right.catalogueCounts && left.otherCounts == right.otherCounts
            && left.firstInstant == right.firstInstant && left.lastInstant == right.lastInstant
            && left.zones == right.zones && left.eventCount == right.eventCount
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(catalogueCounts)
        hasher.combine(otherCounts)
        hasher.combine(firstInstant)
        hasher.combine(lastInstant)
        hasher.combine(zones)
        hasher.combine(eventCount)
    }

    public mutating func apply(_ event: RecordedEvent, warnings: inout ProjectionWarnings) {
        eventCount += 1
        if let type = event.payload.type ?? EventType(rawValue: event.typeName) {
            catalogueCounts[type.ordinal] += 1
        } else {
            otherCounts[event.typeName, default: 0] += 1
        }
        let moment = event.at.millisecondsSince1970
        if firstInstant.map({ moment < $0.millisecondsSince1970 }) ?? true { firstInstant = event.at }
        if lastInstant.map({ moment >= $0.millisecondsSince1970 }) ?? true { lastInstant = event.at }
        let zone = event.event.timeZone
        if zone == lastZone { return }
        if !zones.contains(zone) { zones.append(zone) }
        lastZone = zone
    }
}

// MARK: Checkpoint

extension LogStatistics: StateCodable {
    package static var placeholder: LogStatistics { LogStatistics() }

    package mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.field("LogStatistics.firstInstant", &firstInstant)
        try coder.field("LogStatistics.lastInstant", &lastInstant)
        try coder.field("LogStatistics.zones", &zones)
        try coder.field("LogStatistics.eventCount", &eventCount)
        try coder.field("LogStatistics.catalogueCounts", &catalogueCounts, checking: { $0.count == EventType.allCases.count }, "not a count for each of the \(EventType.allCases.count) event types")
        try coder.field("LogStatistics.otherCounts", &otherCounts)
        try coder.field("LogStatistics.lastZone", &lastZone)
    }
}
