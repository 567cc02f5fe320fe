/// What a simulation made so far: counts that say how realistic a log is and how big.
public struct SimulationSummary: Sendable, Hashable {
    /// Nights simulated (those lost to travel included).
    public var nights = 0
    /// Events made.
    public var events = 0
    /// Appends made (a batch of events counts once).
    public var appends = 0
    /// Nights without any sleep sample: the watch left on its charger, or lost to travel.
    public var nightsWithoutData = 0
    /// Nights lost to travel: the person was in the air, or arrived after that night's
    /// wind-down (no event names them).
    public var nightsLostToTravel = 0
    /// Nights spent outside the home zone.
    public var nightsAway = 0
    /// Exits requested ("I need my apps"), cancelled or confirmed.
    public var exitsRequested = 0
    /// Sleep samples ingested (watch and phone).
    public var sleepSamples = 0
    /// Vital readings ingested.
    public var vitalSamples = 0
    /// Every zone the device was in, in the order first met.
    public var zones: [String] = []

    /// Creates an empty summary.
    public init() {}

    /// Events per night simulated (0 before the first night).
    public var eventsPerNight: Double {
        nights == 0 ? 0 : Double(events) / Double(nights)
    }
}
