import Events

/// One zone's UTC offset, remembered from the last moment asked until the zone's next
/// offset change, so that moments in order (a night's samples) cost a comparison rather
/// than a time-zone look-up each. Answers what `LocalTimeResolver` answers.
struct ZoneClock: Sendable {
    /// The zone.
    let resolver: LocalTimeResolver
    private var validFrom: Int64 = 0
    private var validUntil: Int64 = 0
    private var offset: Int64 = 0

    init(resolver: LocalTimeResolver) {
        self.resolver = resolver
    }

    /// The zone's offset at `moment` (milliseconds since 1970), in milliseconds.
    mutating func offsetMilliseconds(at moment: Int64) -> Int64 {
        if validFrom <= moment, moment < validUntil { return offset }
        offset = resolver.offsetMilliseconds(atMilliseconds: moment)
        validFrom = moment
        validUntil = resolver.transition(afterMilliseconds: moment) ?? .max
        return offset
    }

    /// The noon-to-noon night holding `moment` in the zone (`LocalTimeResolver.nightDate(of:)`).
    mutating func nightDate(of moment: Int64) -> LocalDate {
        LocalDate(daysSince1970: Int(nightDay(of: moment)))
    }

    /// The same night, as days since 1970.
    mutating func nightDay(of moment: Int64) -> Int32 {
        Int32(truncatingIfNeeded: LocalDate.nightDay(ofLocalMilliseconds: moment + offsetMilliseconds(at: moment)))
    }
}
