import Events

extension NightPlans {
    /// A reading of the person's clock turned into an instant: what `--at 2026-12-03T23:00`
    /// means for a log whose person moved between zones.
    public struct ClockReading: Sendable, Hashable {
        /// The instant, shown in the offset of `zone` at that instant.
        public var instant: Instant
        /// The zone the reading was taken in: the log's zone at that moment.
        public var zone: String
        /// Whether the clock never showed the reading (a daylight-saving gap, or a flight
        /// east that moved the clock past it): `instant` is then the first moment after it.
        public var wasSkipped: Bool
    }

    /// The instant at which the person's clock read `local`, or `nil` when the log has no
    /// zone yet.
    ///
    /// The clock is the zone rule's (docs/rules.md §1.3): the zone of the person's events,
    /// from each change of zone on. `local` is read in the zone in force at the moment it
    /// names: each zone from the first on is tried, and the first whose reading falls in
    /// that zone's own span answers. So a reading that happened twice (a flight west, a
    /// daylight-saving overlap) takes its first occurrence, and one that never happened (a
    /// flight east, a daylight-saving gap) moves forward to the first moment after it, as a
    /// bedtime in a gap does.
    public func instant(readingClock local: LocalDateTime) -> ClockReading? {
        let changes = zoneChanges.compactMap { change in
            LocalTimeResolver(identifier: change.zone).map { (at: change.at, resolver: $0) }
        }
        for (index, change) in changes.enumerated() {
            let reading = change.resolver.instant(at: local)
            if index > 0, reading < change.at {
                // The clock jumped from the previous zone's time past `local` to this zone's.
                return ClockReading(instant: change.resolver.display(change.at), zone: change.resolver.identifier, wasSkipped: true)
            }
            if index == changes.count - 1 || reading < changes[index + 1].at {
                let skipped = reading.localDateTime != local
                return ClockReading(instant: reading, zone: change.resolver.identifier, wasSkipped: skipped)
            }
        }
        return nil
    }
}
