import Events

/// How regular sleep is: the Sleep Regularity Index (Phillips et al., Sci Rep 2017) over the
/// 14 nights that are over, and over the 14 before (docs/rules.md §12). A pure function of
/// the log and asOf (``LogState/regularity(at:)``).
public struct SleepRegularity: Sendable, Hashable {
    /// The window's first and last night: asOf's night − 14 and − 1.
    public var from: LocalDate
    public var to: LocalDate
    /// Pairs of consecutive nights in the window that both have a record (0 to 13).
    public var pairs: Int
    /// The index over the window, in tenths (784 is 78.4), `nil` with fewer than 5 pairs.
    public var sriTenths: Int?
    /// The same over the 14 nights before the window.
    public var previousSriTenths: Int?
    /// Each pair's matching minutes (of 1,440), by the pair's first night, oldest first.
    public var matches: [(night: LocalDate, minutes: Int)]
    /// The same for the 14 nights before the window.
    public var previousMatches: [(night: LocalDate, minutes: Int)] = []

    /// The fewest pairs an index is given for.
    public static let minimumPairs = 5
    /// The nights in a window.
    public static let windowNights = 14

    /// How the two windows compare, in the shown values: `more` when the index rose by 5 or
    /// more, `less` when it fell by 5 or more, else `about`; `nil` when either is missing.
    public var comparison: Comparison? {
        guard let sriTenths, let previousSriTenths else { return nil }
        let change = sriTenths - previousSriTenths
        return change >= 50 ? .more : change <= -50 ? .less : .about
    }

    /// How the index compares with the two weeks before.
    public enum Comparison: String, Sendable, Hashable {
        case more, about, less
    }

    /// The index for `matches` matching minutes over `pairs` pairs, in tenths, rounded once
    /// half up (toward +∞): 200 × matches ÷ (1440 × pairs) − 100, computed exactly.
    public static func tenths(matches: Int, pairs: Int) -> Int {
        // 10 × (200 m − 144,000 p) ÷ 1,440 p, plus one half, rounded down.
        let numerator = 2 * (2_000 * matches - 1_440_000 * pairs) + 1_440 * pairs
        let denominator = 2 * 1_440 * pairs
        return numerator >= 0 ? numerator / denominator : -((-numerator + denominator - 1) / denominator)
    }

    /// Tenths as text with one decimal: 784 → "78.4", −122 → "-12.2", −5 → "-0.5". The
    /// same text a week share carries (``Share/sriText(tenths:)``, the one place it is made).
    public static func text(tenths: Int) -> String {
        Share.sriText(tenths: tenths)
    }

    public static func == (left: SleepRegularity, right: SleepRegularity) -> Bool {
        left.from == right.from && left.to == right.to && left.pairs == right.pairs && left.sriTenths == right.sriTenths
            && left.previousSriTenths == right.previousSriTenths
            && left.matches.map(\.night) == right.matches.map(\.night) && left.matches.map(\.minutes) == right.matches.map(\.minutes)
            && left.previousMatches.map(\.night) == right.previousMatches.map(\.night)
            && left.previousMatches.map(\.minutes) == right.previousMatches.map(\.minutes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(from)
        hasher.combine(sriTenths)
        hasher.combine(previousSriTenths)
    }
}

extension LogState {
    /// The Sleep Regularity Index as of `asOf` (docs/rules.md §12): over the nights N0 − 14 …
    /// N0 − 1 (N0 asOf's night), each pair of consecutive nights with a record compared
    /// minute by minute from each night's noon (12:00 on the clock of its record's zone),
    /// asleep being any record's asleep time (main sleep and naps, manual nights too, wherever
    /// it lies); and the same over N0 − 28 … N0 − 15.
    public func regularity(at asOf: Instant) -> SleepRegularity {
        let last = nightPlans.night(holding: asOf)
        var states = RegularityCache()
        let window = windowMatches(endingBefore: last, states: &states)
        let previous = windowMatches(endingBefore: last.adding(days: -SleepRegularity.windowNights), states: &states)
        return SleepRegularity(
            from: last.adding(days: -SleepRegularity.windowNights), to: last.adding(days: -1), pairs: window.count,
            sriTenths: Self.index(window), previousSriTenths: Self.index(previous), matches: window, previousMatches: previous)
    }

    /// The index over the `count` nights from `first`, each pair of consecutive nights both
    /// among them and both with a record (a week's 7 nights: 6 pairs at most), in tenths as
    /// shown; `nil` with fewer than 5 pairs (a week share's `sri`, docs/rules.md §13).
    public func regularityTenths(ofNights first: LocalDate, count: Int) -> Int? {
        var states = RegularityCache()
        var matches: [(night: LocalDate, minutes: Int)] = []
        for offset in 0..<max(0, count - 1) {
            let night = first.adding(days: offset)
            if let minutes = matchingMinutes(of: night, states: &states) { matches.append((night, minutes)) }
        }
        return Self.index(matches)
    }

    private static func index(_ matches: [(night: LocalDate, minutes: Int)]) -> Int? {
        guard matches.count >= SleepRegularity.minimumPairs else { return nil }
        return SleepRegularity.tenths(matches: matches.reduce(0) { $0 + $1.minutes }, pairs: matches.count)
    }

    /// The matching minutes of each pair of the 14 nights before `end`; `states` keeps each
    /// night's minutes, worked out once for the two pairs it is in.
    private func windowMatches(endingBefore end: LocalDate, states: inout RegularityCache) -> [(night: LocalDate, minutes: Int)] {
        let first = end.adding(days: -SleepRegularity.windowNights)
        var result: [(night: LocalDate, minutes: Int)] = []
        var night = first
        while night < end.adding(days: -1) {
            if let minutes = matchingMinutes(of: night, states: &states) { result.append((night, minutes)) }
            night = night.adding(days: 1)
        }
        return result
    }

    /// The minutes k in 0 ..< 1440 at which asleep(noon of `night` + k) equals asleep(noon of
    /// the next night + k); `nil` unless both nights have a record.
    func matchingMinutes(of night: LocalDate) -> Int? {
        var states = RegularityCache()
        return matchingMinutes(of: night, states: &states)
    }

    private func matchingMinutes(of night: LocalDate, states: inout RegularityCache) -> Int? {
        guard let firstStates = asleepMinutes(of: night, states: &states),
              let secondStates = asleepMinutes(of: night.adding(days: 1), states: &states) else { return nil }
        var matches = 0
        for minute in 0..<Self.minutesCompared where firstStates[minute] == secondStates[minute] { matches += 1 }
        return matches
    }

    /// The 1,440 minutes from `night`'s noon, asleep or not; `nil` without a record.
    private func asleepMinutes(of night: LocalDate, states: inout RegularityCache) -> [Bool]? {
        if let known = states.minutes[night] { return known }
        let minutes = sleep.record(for: night).flatMap { noon(of: $0, cache: &states) }.map { asleepMinutes(from: $0, cache: &states) }
        states.minutes[night] = minutes
        return minutes
    }

    static let minutesCompared = 1_440

    /// 12:00 of the record's night on the clock of its zone (the onset's), in milliseconds.
    private func noon(of record: SleepRecord, cache: inout RegularityCache) -> Int64? {
        let resolver: LocalTimeResolver?
        if let known = cache.resolvers[record.timeZone] {
            resolver = known
        } else {
            resolver = LocalTimeResolver(identifier: record.timeZone) ?? LocalTimeResolver(identifier: "UTC")
            cache.resolvers[record.timeZone] = resolver
        }
        return resolver?.instant(on: record.night, at: .noon).millisecondsSince1970
    }

    /// Whether each minute from `start` (1,440 of them) is asleep in any night's record: the
    /// records of the nights whose stretches can reach that day (a sample lasts at most 24 h).
    private func asleepMinutes(from start: Int64, cache: inout RegularityCache) -> [Bool] {
        let minute: Int64 = 60_000
        let end = start + Int64(Self.minutesCompared) * minute
        let day = Int(LocalDate.floorDivision(start, 86_400_000))
        var intervals: [MillisecondInterval] = []
        for night in (day - 3)...(day + 2) {
            let all: [MillisecondInterval]
            if let known = cache.intervals[night] {
                all = known
            } else {
                all = sleep.asleepIntervals(of: LocalDate(daysSince1970: night))
                cache.intervals[night] = all
            }
            intervals += all.filter { $0.end > start && $0.start < end }
        }
        var states = [Bool](repeating: false, count: Self.minutesCompared)
        for interval in intervals {
            // Minutes k with start + k·minute in [interval.start, interval.end).
            let firstMinute = max(0, Int(-LocalDate.floorDivision(start - interval.start, minute)))
            let lastMinute = min(Self.minutesCompared, Int(-LocalDate.floorDivision(start - interval.end, minute)))
            if firstMinute < lastMinute { for k in firstMinute..<lastMinute { states[k] = true } }
        }
        return states
    }
}

/// What one ``LogState/regularity(at:)`` works out once: each night's minutes from its noon,
/// and each night's asleep stretches (a night is in two pairs and near six days).
struct RegularityCache {
    var minutes: [LocalDate: [Bool]?] = [:]
    var intervals: [Int: [MillisecondInterval]] = [:]
    var resolvers: [String: LocalTimeResolver?] = [:]
}
