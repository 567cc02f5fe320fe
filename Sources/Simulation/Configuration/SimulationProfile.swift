import Events

/// How closely the simulated person follows their plan.
///
/// Each profile sets the chances of what the person does on a night (`NightBehaviour`) and
/// the goals they set; `replay-tool simulate --help` describes them in words.
public enum SimulationProfile: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Follows the plan: in bed within a quarter of an hour of the planned bedtime, most of
    /// the checklist done, an exit on about one night in five (rarely two), few awakenings,
    /// a night without data now and then.
    case steady
    /// Good weeks and rough weeks: each week is, by chance, a steady-like week (60 %) or a
    /// struggling-like one (40 %), and the person goes a little later on Friday and Saturday.
    case mixed
    /// Late bedtimes (20 minutes to 2 hours after the plan), the checklist mostly missed,
    /// exits on most nights (often 2, 3 or more, mostly confirmed), more and longer
    /// awakenings, more nights without data.
    case struggling

    /// The default profile.
    public static let defaultProfile = SimulationProfile.mixed

    /// One sentence for help texts.
    public var summary: String {
        switch self {
        case .steady:
            return "follows the plan, in bed within 15 minutes of the planned bedtime, most of the checklist done and, week by week, more of it before its reminder, an exit on about one night in five, few awakenings"
        case .mixed:
            return "good weeks and rough weeks (60 % steady-like, 40 % struggling-like), later to bed on Friday and Saturday nights, habits forming slowly"
        case .struggling:
            return "in bed 20 minutes to 2 hours late (later still on Friday and Saturday nights), the checklist mostly missed, exits on most nights (often 3 or more), more awakenings and nights without data, and every 120 nights a stretch of 16 short ones (under 6 hours)"
        }
    }

    /// The name, as `--profile` takes it.
    public var description: String { rawValue }

    /// The behaviour of a night: `roughWeek` only matters for `mixed`.
    func behaviour(roughWeek: Bool) -> NightBehaviour {
        switch self {
        case .steady: return .steady
        case .struggling: return .struggling
        case .mixed: return roughWeek ? .mixedRough : .mixedGood
        }
    }

    /// The first goal (docs/rules.md §1.1), set the evening before the first night: bedtimes in
    /// minutes after midnight.
    var firstGoal: (current: Int, target: Int, days: Int) {
        switch self {
        case .steady, .mixed: return (current: 0, target: 22 * 60 + 30, days: 7)        // 00:00 → 22:30 over 7 nights
        case .struggling: return (current: 60, target: 23 * 60, days: 10)               // 01:00 → 23:00 over 10 nights
        }
    }

    /// The apps the person places in tiers right after setting the first goal (an app
    /// already in that tier appends nothing).
    var initialTiers: [(app: String, tier: AppTier)] {
        switch self {
        case .steady:
            return [("Reddit", .blockFirst), ("WhatsApp", .block30Min), ("Podcasts", .alwaysAllowed), ("Messages", .block30Min), ("Mail", .blockFirst)]
        case .mixed:
            return [("Reddit", .blockFirst), ("WhatsApp", .block30Min), ("Audible", .alwaysAllowed), ("YouTube", .block30Min)]
        case .struggling:
            return [("YouTube", .block30Min), ("Netflix", .blockFirst), ("WhatsApp", .alwaysAllowed)]
        }
    }

    /// How a later goal moves the target from the one in force, in minutes (negative is
    /// earlier), to choose from.
    var targetMoves: [Int] {
        switch self {
        case .steady: return [-30, -15, -15, 0]
        case .mixed: return [-15, 0, 0, 15]
        case .struggling: return [0, 15, 30, 30]
        }
    }

    /// The chance, on a night of `roughWeek`, that a Friday or Saturday bedtime is
    /// overridden to later.
    func weekendOverrideChance(roughWeek: Bool) -> Double {
        switch self {
        case .steady: return 0.1
        case .mixed: return roughWeek ? 0.5 : 0.3
        case .struggling: return 0.4
        }
    }
}
