import Events

/// One zone's offsets for a query that reads many of its instants, mostly in order (the JSON
/// view's instants, the onsets behind every score): the zone is asked again only for an
/// instant outside the stretch of the last offset it gave (`LocalTimeResolver.offsetStretch(at:)`,
/// from that instant to the zone's next change), so a long log's thousands of instants in a
/// zone cost a few questions a year. Each answer is the zone's own
/// (`LocalTimeResolver.offsetSeconds(at:)`).
package struct ZoneOffsets: Sendable {
    /// The zone.
    package let resolver: LocalTimeResolver
    private var stretch: (offsetSeconds: Int32, from: Int64, until: Int64)?

    package init(_ resolver: LocalTimeResolver) {
        self.resolver = resolver
    }

    /// The zone's offset at `instant`, in seconds east of UTC.
    package mutating func offsetSeconds(at instant: Instant) -> Int32 {
        let moment = instant.millisecondsSince1970
        if let stretch, moment >= stretch.from, moment < stretch.until { return stretch.offsetSeconds }
        let found = resolver.offsetStretch(at: instant)
        stretch = found
        return found.offsetSeconds
    }

    /// The same moment with the zone's offset at that moment (`LocalTimeResolver.display(_:)`).
    package mutating func display(_ instant: Instant) -> Instant {
        instant.withOffset(offsetSeconds(at: instant))
    }

    /// The zone's wall clock at `instant` (`LocalTimeResolver.localDateTime(of:)`).
    package mutating func localDateTime(of instant: Instant) -> LocalDateTime {
        LocalTimeResolver.localDateTime(of: instant, offsetSeconds: offsetSeconds(at: instant))
    }
}
