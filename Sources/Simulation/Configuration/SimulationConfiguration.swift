import Events
import Projections

/// What to simulate: how many nights, from which night, in which zone, for which kind of
/// person, and the seed that fixes every choice. The same configuration always gives the
/// same log, byte for byte.
///
/// The defaults are chosen so that a short run shows every feature: the first night is
/// 2026-10-19 in Europe/Berlin, so the sixth night (2026-10-24) is the night daylight
/// saving time ends there (03:00 CEST becomes 02:00 CET on Sunday 2026-10-25), and a
/// 14-night run also holds the first trip (America/New_York, nights 9–11, back for night
/// 13; the night of the flight home has no data).
public struct SimulationConfiguration: Sendable, Hashable {
    /// How many nights to simulate, from `firstNight` on (1…`maximumNights`).
    public var nights: Int
    /// The seed of the simulator's random choices.
    public var seed: UInt64
    /// How the person behaves.
    public var profile: SimulationProfile
    /// The first planned night (the goal is set the evening before it).
    public var firstNight: LocalDate
    /// The person's home zone (IANA), where the log starts.
    public var timeZone: String

    /// The default seed, 2026.
    public static let defaultSeed: UInt64 = 2026
    /// The default first night, 2026-10-19: six nights before daylight saving time ends in
    /// Europe/Berlin.
    public static let defaultFirstNight = LocalDate(daysSince1970: 20_745)
    /// The default home zone.
    public static let defaultTimeZone = "Europe/Berlin"
    /// The most nights a run may have: 50,000 (about 137 years, some 2.5 million events).
    /// More is refused rather than left to run for hours.
    public static let maximumNights = 50_000
    /// The first nights accepted: 2000-01-01 through 2199-12-31. Older dates reach zone
    /// offsets that were not whole minutes (Africa/Monrovia until 1972), which an RFC 3339
    /// offset cannot write; later ones only push the run past what anyone needs.
    public static let firstNightRange = LocalDate(daysSince1970: 10_957)...LocalDate(daysSince1970: 84_005)

    /// Creates a configuration; every value but `nights` has its default.
    public init(
        nights: Int,
        seed: UInt64 = SimulationConfiguration.defaultSeed,
        profile: SimulationProfile = .defaultProfile,
        firstNight: LocalDate = SimulationConfiguration.defaultFirstNight,
        timeZone: String = SimulationConfiguration.defaultTimeZone
    ) {
        self.nights = nights
        self.seed = seed
        self.profile = profile
        self.firstNight = firstNight
        self.timeZone = timeZone
    }

    /// Checks the values, naming the first one that cannot be simulated and what would be
    /// accepted.
    ///
    /// - Throws: `SimulationConfigurationError` for nights outside 1…`maximumNights`, a
    ///   first night outside `firstNightRange`, or a zone the platform does not know.
    public func validate() throws(SimulationConfigurationError) {
        guard (1...Self.maximumNights).contains(nights) else {
            throw SimulationConfigurationError(
                field: .nights,
                message: "\(nights) nights cannot be simulated; give 1 to \(Self.maximumNights) nights"
            )
        }
        guard Self.firstNightRange.contains(firstNight) else {
            throw SimulationConfigurationError(
                field: .firstNight,
                message: "the first night \(firstNight.iso) is outside the dates simulated; give a night from \(Self.firstNightRange.lowerBound.iso) through \(Self.firstNightRange.upperBound.iso)"
            )
        }
        guard !timeZone.isEmpty, LocalTimeResolver(identifier: timeZone) != nil else {
            throw SimulationConfigurationError(
                field: .timeZone,
                message: "the zone '\(timeZone)' is not one this platform knows; give an IANA zone name such as Europe/Berlin or America/New_York"
            )
        }
    }
}
