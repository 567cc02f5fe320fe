import Events
import Projections

/// `--figure sri`: the Sleep Regularity Index of the 14 nights that are over and of the 14
/// before (`LogState.regularity(at:)`, docs/rules.md §12); each pair of consecutive nights
/// is a part, its matching minutes of 1,440.
///
/// A step can change the index only through the sleep records of the 30 nights around asOf's
/// (its samples' nights, a manual night) or by moving asOf's night (another zone). Any other
/// step is passed over without working the index out again, so a trace costs one fold and,
/// per sleep delivery near the windows, two indices.
struct SRIFigure: TracedFigure {
    /// The index as of ``lastInstant`` after the last step worked out or the last move of
    /// time; `nil` when it is not known (``stale`` or never worked out).
    private var last: SleepRegularity?
    /// The last step's (or move's) instant: the index before time moves on is as of it.
    private var lastInstant: Instant?
    /// The index before the step being folded.
    private var before: SleepRegularity?
    private(set) var recomputedNights = 0

    var title: String { "sri (the Sleep Regularity Index of the 14 nights that are over, and of the 14 before)" }
    var notesNewSamples: Bool { false }

    /// The nights whose records the windows as of `now` read: asOf's night − 28 … − 1.
    private static func windowNights(state: LogState, at now: Instant) -> ClosedRange<Int> {
        let night = state.nightPlans.night(holding: now).daysSince1970
        return (night - 2 * SleepRegularity.windowNights)...(night - 1)
    }

    /// Whether a change of one of `days`' records can change a pair that touches `nights`
    /// (a night's record is in the pairs of the night before, itself and the next).
    private static func reaches(_ days: some Sequence<Int>, _ nights: NightFilter) -> Bool {
        nights.isAll || days.contains { day in (day - 1...day + 1).contains { nights.contains(LocalDate(daysSince1970: $0)) } }
    }

    mutating func prepare(_ reach: StepReach, state: LogState, firstAt: Instant, nights: NightFilter) -> Bool {
        let window = Self.windowNights(state: state, at: firstAt)
        // A night's stretches start in it and can reach the next night's minutes, so the night
        // before the windows counts too; asOf's own night cannot reach them.
        let inWindow = reach.sleepNights.filter { (window.lowerBound - 1)...window.upperBound ~= $0 }
        guard !inWindow.isEmpty || reach.changesPlans else { return false }
        // Another zone can move asOf's night by a day, and the windows with it.
        let moves = reach.changesPlans && Self.reaches((window.lowerBound - 2)...(window.upperBound + 2), nights)
        guard moves || Self.reaches(inWindow, nights) else {
            // It may change the index, but no pair of these nights: worked out only when a
            // move of time needs it.
            last = nil
            return false
        }
        before = current(state, at: firstAt)
        return true
    }

    mutating func changes(after reach: StepReach, state: LogState, at now: Instant) -> [FigureChange] {
        let after = current(state, at: now)
        defer {
            last = after
            lastInstant = now
        }
        guard let before else { return [] }
        return Self.change(from: before, to: after).map { [$0] } ?? []
    }

    mutating func skipped(_ reach: StepReach, state: LogState, at now: Instant) {
        lastInstant = now
    }

    mutating func timePassed(state: LogState, to now: Instant, nights: NightFilter) -> [FigureChange] {
        defer { lastInstant = now }
        guard let lastInstant else { return [] }
        let wasNight = state.nightPlans.night(holding: lastInstant), nowNight = state.nightPlans.night(holding: now)
        guard wasNight != nowNight else { return [] }
        // A move whose windows hold none of these nights' pairs changes none of them.
        guard Self.reaches(Self.windowNights(state: state, at: lastInstant), nights) || Self.reaches(Self.windowNights(state: state, at: now), nights) else {
            last = nil
            return []
        }
        let old = last ?? current(state, at: lastInstant)
        let moved = current(state, at: now)
        last = moved
        guard let change = Self.change(from: old, to: moved) else { return [] }
        return nights.isAll || change.nights.contains(where: nights.contains) ? [change] : []
    }

    /// The index as of `now`, counted as work (the pairs of both windows).
    private mutating func current(_ state: LogState, at now: Instant) -> SleepRegularity {
        let regularity = state.regularity(at: now)
        recomputedNights += 2 * SleepRegularity.windowNights
        return regularity
    }

    /// How the index went from `old` to `new`, with a line per pair whose matching minutes
    /// changed; `nil` when both show the same.
    static func change(from old: SleepRegularity, to new: SleepRegularity) -> FigureChange? {
        let shownOld = [old.sriTenths, old.previousSriTenths], shownNew = [new.sriTenths, new.previousSriTenths]
        let pairsChanged = pairLines(old.matches, new.matches, window: "") + pairLines(old.previousMatches, new.previousMatches, window: " (the 14 before)")
        guard shownOld != shownNew || old.pairs != new.pairs || !pairsChanged.isEmpty else { return nil }
        var summary = "index \(arrow(text(old.sriTenths), text(new.sriTenths))) over \(arrow(old.pairs, new.pairs)) pairs"
        summary += old.from == new.from ? " (nights \(new.from.iso) to \(new.to.iso))" : " (nights \(old.from.iso) to \(old.to.iso) → \(new.from.iso) to \(new.to.iso))"
        summary += "; the 14 before \(arrow(text(old.previousSriTenths), text(new.previousSriTenths)))"
        let nights = Set(pairsChanged.flatMap { [$0.night, $0.night.adding(days: 1)] }).sorted()
        return FigureChange(nights: nights, summary: summary, reasons: pairsChanged.map(\.line))
    }

    /// `78.4`, or `null` below 5 pairs.
    static func text(_ tenths: Int?) -> String {
        tenths.map { SleepRegularity.text(tenths: $0) } ?? "null"
    }

    /// A line per pair whose matching minutes differ between `old` and `new` (gone or new too).
    private static func pairLines(
        _ old: [(night: LocalDate, minutes: Int)], _ new: [(night: LocalDate, minutes: Int)], window: String
    ) -> [(night: LocalDate, line: String)] {
        let before = Dictionary(old.map { ($0.night, $0.minutes) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.map { ($0.night, $0.minutes) }, uniquingKeysWith: { first, _ in first })
        return Set(before.keys).union(after.keys).sorted().compactMap { night in
            let was = before[night].map { "\($0)" } ?? "no pair", now = after[night].map { "\($0)" } ?? "no pair"
            guard was != now else { return nil }
            return (night, "pair \(night.iso)/\(night.adding(days: 1).iso)\(window): \(was) → \(now) matching minutes of 1440")
        }
    }

    func origin(of state: LogState, at now: Instant, nights: NightFilter) -> String {
        let regularity = state.regularity(at: now)
        var text = "where it comes from, as of \(ZoneText(state.nightPlans.latestTimeZone).text(now)): "
        text += "the window is nights \(regularity.from.iso) to \(regularity.to.iso), the 14 before "
        text += "\(regularity.from.adding(days: -SleepRegularity.windowNights).iso) to \(regularity.from.adding(days: -1).iso); "
        text += "index = 200 × matching minutes ÷ (1440 × pairs) − 100, null below \(SleepRegularity.minimumPairs) pairs"
        text += nights.isAll ? "\n" : " (rows: \(nights))\n"
        var rows = [["pair", "window", "matching minutes", "asleep minutes (first, second)"]]
        func add(_ matches: [(night: LocalDate, minutes: Int)], _ window: String) {
            for pair in matches where nights.isAll || nights.contains(pair.night) || nights.contains(pair.night.adding(days: 1)) {
                let asleep = [pair.night, pair.night.adding(days: 1)].map { night in
                    state.sleep.record(for: night).map { "\(SleepRecord.wholeMinutes($0.asleepMilliseconds + $0.napMilliseconds))" } ?? "-"
                }
                rows.append(["\(pair.night.iso)/\(pair.night.adding(days: 1).iso)", window, "\(pair.minutes)", asleep.joined(separator: ", ")])
            }
        }
        add(regularity.previousMatches, "the 14 before")
        add(regularity.matches, "the window")
        text += TextTable.render(rows, indentation: "  ")
        text += "index \(Self.text(regularity.sriTenths)) (\(regularity.pairs) pairs); the 14 before \(Self.text(regularity.previousSriTenths)) (\(regularity.previousMatches.count) pairs)\n"
        return text
    }
}
