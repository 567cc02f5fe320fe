import Events
import Projections
import Views

/// A figure `replay-tool trace` follows step by step (`TraceStep`): before a step is
/// folded it says whether the step can change what is printed and, if so, takes its values
/// before; after, it works out what changed from the nights the step can reach
/// (`StepReach`), never from every night again. So a trace costs one fold and, per step,
/// the nights it touched.
protocol TracedFigure {
    /// The heading's name of the figure.
    var title: String { get }

    /// Whether a new sample is worth its own line under the step (it is for the sleep
    /// records; for debt and streaks the night's part says what it did).
    var notesNewSamples: Bool { get }

    /// How many night parts the figure has worked out so far (the tests hold it to a bound
    /// per step: the trace is linear).
    var recomputedNights: Int { get }

    /// Before the step whose events start at `firstAt` and reach `reach` is folded into
    /// `state`: whether it can change the figure for `nights`. When it can, the figure takes
    /// its values before the step; when not, it only notes what the step may touch.
    mutating func prepare(_ reach: StepReach, state: LogState, firstAt: Instant, nights: NightFilter) -> Bool

    /// After a prepared step is folded: how the figure changed, as of `now` (the step's last
    /// instant); nothing when it shows the same.
    mutating func changes(after reach: StepReach, state: LogState, at now: Instant) -> [FigureChange]

    /// After a step `prepare` turned down is folded, as of `now`.
    mutating func skipped(_ reach: StepReach, state: LogState, at now: Instant)

    /// Before the step whose first instant is `now` (or at the trace's end): how the figure
    /// changed as time alone moved on to `now`, `state` unchanged (the debt's windows
    /// moving to a new night); nothing when it shows the same. Such a change is its own
    /// step, never blamed on the event that follows it.
    mutating func timePassed(state: LogState, to now: Instant, nights: NightFilter) -> [FigureChange]

    /// Where the figure as of `now` comes from, night by night (the rows limited to
    /// `nights`).
    func origin(of state: LogState, at now: Instant, nights: NightFilter) -> String
}

/// One change of a figure at an event: the nights it touched, old → new, and why.
struct FigureChange {
    /// The nights whose part changed, oldest first.
    var nights: [LocalDate]
    /// The figure's old → new.
    var summary: String
    /// One line per touched night.
    var reasons: [String]
}

/// `a` when it equals `b`, else `a → b`.
func arrow<Value: Equatable & CustomStringConvertible>(_ old: Value, _ new: Value) -> String {
    old == new ? old.description : "\(old) → \(new)"
}

/// Whole minutes with their sign: `+65`, `-5`, `0`.
func signedMinutes(_ minutes: Double) -> String {
    let whole = ShowCommand.wholeMinutes(minutes)
    return whole > 0 ? "+\(whole)" : String(whole)
}

/// `value` with `digits` decimals, rounded half up (`JSONViewDecimal`).
func decimal(_ value: Double, _ digits: Int) -> String {
    JSONViewDecimal.text(value, fractionDigits: digits) ?? "?"
}

extension TracedFigure {
    /// A figure that time alone does not move (streaks and sleep records change only with
    /// their nights' data).
    mutating func timePassed(state: LogState, to now: Instant, nights: NightFilter) -> [FigureChange] { [] }
}

// MARK: - Debt

/// `--figure debt`: the 7- and 14-night debt and their nights with data
/// (`LogState.sleepDebt(at:)`); each night's part is its balance (need − asleep) and the
/// windows it lies in.
///
/// The windows end with asOf's night, so they move with the steps' instants. The figure
/// keeps the need and asleep of the nights with data of the window after the last step,
/// and after a step works out again only the window's nights the step may touch, the
/// nights that entered the window, and every night of it when the step may change plans
/// or the latest goal (≤ 14 nights).
struct DebtFigure: TracedFigure {
    /// A night with data in the 14-night window.
    struct Part: Equatable {
        var needMinutes: Int
        var asleepMilliseconds: Int64
        var inLast7: Bool

        var balanceMinutes: Double { SleepDebt.balanceMinutes(needMinutes: needMinutes, asleepMilliseconds: asleepMilliseconds) }

        /// `+65 min (need 450 − asleep 385)`.
        var text: String {
            "\(signedMinutes(balanceMinutes)) min (need \(needMinutes) − asleep \(ShowCommand.minutes(asleepMilliseconds)))"
        }
    }

    /// The debt as of an instant and each night's part in it.
    struct Snapshot {
        /// asOf's night: the windows end with it.
        var last: LocalDate
        var parts: [LocalDate: Part]

        /// What is shown: the 7- and 14-night debts in whole minutes and their nights with
        /// data (as `LogState.sleepDebt(endingWith:)` sums them).
        var shown: [Int] {
            var sum7 = 0.0
            var sum14 = 0.0
            var count7 = 0
            for part in parts.values {
                sum14 += part.balanceMinutes
                if part.inLast7 {
                    sum7 += part.balanceMinutes
                    count7 += 1
                }
            }
            return [ShowCommand.wholeMinutes(max(0, sum7)), ShowCommand.wholeMinutes(max(0, sum14)), count7, parts.count]
        }

        func inWindow(_ night: LocalDate) -> Bool {
            night <= last && night > last.adding(days: -14)
        }
    }

    /// A night's need and asleep.
    private struct Balance: Equatable {
        var needMinutes: Int
        var asleepMilliseconds: Int64
    }

    /// asOf's night after the last step folded.
    private var last: LocalDate?
    /// The nights with data of the window ending with `last`, when `isCurrent`.
    private var balances: [LocalDate: Balance] = [:]
    /// Whether `balances` hold the window as folded (a step turned down leaves them stale).
    private var isCurrent = false
    /// asOf's night before the step being folded.
    private var before: LocalDate?
    private(set) var recomputedNights = 0

    var title: String { "debt (the last 7 and 14 nights' sleep debt and nights with data)" }
    var notesNewSamples: Bool { false }

    mutating func prepare(_ reach: StepReach, state: LogState, firstAt: Instant, nights: NightFilter) -> Bool {
        let before = last ?? state.nightPlans.night(holding: firstAt)
        if !nights.isAll {
            // The windows before and after the step: asOf's night after it is within two
            // nights of the UTC date of its last instant.
            let low = LocalDate(daysSince1970: min(before.daysSince1970, reach.lastDay - 2) - 13)
            let high = LocalDate(daysSince1970: max(before.daysSince1970, reach.lastDay + 2))
            guard nights.clamped(first: low, last: high) != nil else {
                isCurrent = false
                return false
            }
        }
        if !isCurrent || last != before { refill(endingWith: before, state: state) }
        self.before = before
        return true
    }

    mutating func changes(after reach: StepReach, state: LogState, at now: Instant) -> [FigureChange] {
        let after = state.nightPlans.night(holding: now)
        let before = self.before ?? after
        let everyNight = reach.changesPlans
        let previous = advance(from: before, to: after, state: state) { !everyNight && !reach.nights.contains($0.daysSince1970) }
        guard after != before || balances != previous else { return [] }
        return changes(from: snapshot(previous, last: before), to: snapshot(balances, last: after))
    }

    mutating func skipped(_ reach: StepReach, state: LogState, at now: Instant) {
        last = state.nightPlans.night(holding: now)
    }

    mutating func timePassed(state: LogState, to now: Instant, nights: NightFilter) -> [FigureChange] {
        let after = state.nightPlans.night(holding: now)
        guard let before = last, after != before else { return [] }
        if !nights.isAll {
            let low = LocalDate(daysSince1970: min(before.daysSince1970, after.daysSince1970) - 13)
            let high = max(before, after)
            guard nights.clamped(first: low, last: high) != nil else {
                last = after
                isCurrent = false
                return []
            }
        }
        if !isCurrent { refill(endingWith: before, state: state) }
        // No event was folded: a night already in the window keeps its part.
        let previous = advance(from: before, to: after, state: state) { _ in true }
        return changes(from: snapshot(previous, last: before), to: snapshot(balances, last: after))
    }

    /// Works out the parts of the 14 nights ending with `last` from `state`.
    private mutating func refill(endingWith last: LocalDate, state: LogState) {
        balances = [:]
        for back in 0..<14 {
            let night = last.adding(days: -back)
            if let balance = balance(of: night, in: state) { balances[night] = balance }
        }
        isCurrent = true
    }

    /// Moves the window from the 14 nights ending with `before` to those ending with `after`:
    /// a night that was in it keeps its part when `keeps` says so, any other is worked out
    /// from `state`. Returns the parts it had before.
    private mutating func advance(from before: LocalDate, to after: LocalDate, state: LogState, keeps: (LocalDate) -> Bool) -> [LocalDate: Balance] {
        var next: [LocalDate: Balance] = [:]
        for back in 0..<14 {
            let night = after.adding(days: -back)
            if night <= before, night > before.adding(days: -14), keeps(night) {
                next[night] = balances[night]
            } else if let balance = balance(of: night, in: state) {
                next[night] = balance
            }
        }
        let previous = balances
        balances = next
        last = after
        return previous
    }

    /// The need and asleep of `night`, `nil` without data.
    private mutating func balance(of night: LocalDate, in state: LogState) -> Balance? {
        recomputedNights += 1
        guard let record = state.sleep.record(for: night) else { return nil }
        return Balance(needMinutes: state.sleepNeedMinutes(for: night), asleepMilliseconds: record.asleepMilliseconds)
    }

    private func snapshot(_ balances: [LocalDate: Balance], last: LocalDate) -> Snapshot {
        var parts: [LocalDate: Part] = [:]
        for (night, balance) in balances {
            parts[night] = Part(needMinutes: balance.needMinutes, asleepMilliseconds: balance.asleepMilliseconds, inLast7: night > last.adding(days: -7))
        }
        return Snapshot(last: last, parts: parts)
    }

    /// How the debt changed from `old` to `new`: nothing when it shows the same.
    func changes(from old: Snapshot, to new: Snapshot) -> [FigureChange] {
        let (oldShown, newShown) = (old.shown, new.shown)
        guard oldShown != newShown else { return [] }
        let nights = Set(old.parts.keys).union(new.parts.keys).filter { old.parts[$0] != new.parts[$0] }.sorted()
        let summary = "last 7 nights \(arrow(oldShown[0], newShown[0])) min (\(arrow(oldShown[2], newShown[2])) with data), "
            + "last 14 nights \(arrow(oldShown[1], newShown[1])) min (\(arrow(oldShown[3], newShown[3])) with data)"
        return [FigureChange(nights: nights, summary: summary, reasons: nights.map { reason($0, old: old, new: new) })]
    }

    private func reason(_ night: LocalDate, old: Snapshot, new: Snapshot) -> String {
        let label = "\(night.iso): "
        switch (old.parts[night], new.parts[night]) {
        case (nil, let part?):
            let window = part.inLast7 ? "" : " (in the 14 nights only)"
            return label + (old.inWindow(night) ? "no data → \(part.text)\(window)" : "entered the window with \(part.text)\(window)")
        case (let part?, nil):
            return label + (new.inWindow(night) ? "\(part.text) → no data" : "left the 14-night window (it had \(part.text))")
        case (let before?, let after?):
            var parts: [String] = []
            if before.needMinutes != after.needMinutes || before.asleepMilliseconds != after.asleepMilliseconds {
                parts.append("\(before.text) → \(after.text)")
            }
            if before.inLast7 != after.inLast7 {
                parts.append(after.inLast7 ? "entered the 7-night window (\(after.text))" : "left the 7-night window (\(after.text) still counts in the 14)")
            }
            return label + parts.joined(separator: "; ")
        case (nil, nil):
            return label + "no data"
        }
    }

    func origin(of state: LogState, at now: Instant, nights: NightFilter) -> String {
        let debt = state.sleepDebt(at: now)
        let last = state.nightPlans.night(holding: now)
        let zone = state.nightPlans.latestTimeZone
        var text = "where it comes from, as of \(ZoneText(zone).text(now)): asOf's night \(last.iso)\(zone.map { " in \($0)" } ?? ""); "
        text += "the last 7 nights are \(last.adding(days: -6).iso) to \(last.iso), the last 14 \(last.adding(days: -13).iso) to \(last.iso)"
        text += nights.isAll ? "\n" : " (rows: \(nights))\n"
        var rows = [["night", "need", "asleep", "balance", "weight", "in"]]
        var weighted = 0.0
        var weights = 0.0
        var sum7 = 0.0
        var sum14 = 0.0
        for back in (0..<14).reversed() {
            let night = last.adding(days: -back)
            let weight = SleepDebt.weight(nightsBack: back)
            let windows = back < 7 ? "7, 14" : "14"
            let record = state.sleep.record(for: night)
            if let record, let balance = state.balanceMinutes(for: night) {
                weighted += weight * balance
                weights += weight
                sum14 += balance
                if back < 7 { sum7 += balance }
                guard nights.contains(night) else { continue }
                rows.append([night.iso, String(state.sleepNeedMinutes(for: night)), ShowCommand.minutes(record.asleepMilliseconds), signedMinutes(balance), decimal(weight, 4), windows])
            } else if nights.contains(night) {
                rows.append([night.iso, "-", "-", "no data", "-", windows + " (skipped)"])
            }
        }
        text += TextTable.render(rows, indentation: "  ")
        text += "  last 7 nights:  max(0, Σ balance = \(signedMinutes(sum7))) = \(ShowCommand.wholeMinutes(debt.last7Minutes)) min over \(debt.nightsWithData7) nights with data\n"
        text += "  last 14 nights: max(0, Σ balance = \(signedMinutes(sum14))) = \(ShowCommand.wholeMinutes(debt.last14Minutes)) min over \(debt.nightsWithData14) nights with data\n"
        if weights > 0 {
            text += "  weighted:       max(0, 14 × Σ w·balance ÷ Σ w = 14 × \(decimal(weighted, 4)) ÷ \(decimal(weights, 4))) = \(ShowCommand.wholeMinutes(debt.weighted14Minutes)) min"
            text += " (w = 0.15 × 0.872^k, k nights before \(last.iso))\n"
        } else {
            text += "  weighted:       0 min (no night with data)\n"
        }
        text += "  recovery:       " + recovery(debt, state: state, last: last) + "\n"
        return text
    }

    private func recovery(_ debt: SleepDebt, state: LogState, last: LocalDate) -> String {
        guard debt.last7Minutes > 0 else { return "0 (no 7-night debt)" }
        let latest = state.sleep.nightsWithData.filter { $0 <= last }.suffix(3)
        let balances = latest.compactMap { state.balanceMinutes(for: $0) }
        guard !balances.isEmpty else { return "null (no night with data)" }
        let mean = balances.reduce(0, +) / Double(balances.count)
        let terms = balances.map(signedMinutes).joined(separator: " ")
        var text = "the mean balance of the \(balances.count) latest nights with data (\(latest.map(\.iso).joined(separator: ", "))) "
        text += "is (\(terms)) ÷ \(balances.count) = \(decimal(mean, 2)) min; "
        guard mean < 0 else { return text + "not negative, so null (not recovering at this rate)" }
        return text + "⌈\(decimal(debt.last7Minutes, 2)) ÷ \(decimal(-mean, 2))⌉ = \(debt.recoveryNights.map(String.init) ?? "null") nights"
    }
}


// MARK: - Streaks

/// `--figure streak`: the current and best streaks (`LogState.streaks(at:)`); each night's
/// part is whether it hit its target (sleep began by the planned bedtime + 15 min).
///
/// The figure keeps each night's result (hit, miss, no plan) in `StreakRuns`, which gives
/// the streaks up to any night in O(log n); after a step it works out again only the
/// nights the step may touch: the nights of its samples, manual logs and `wentToBed`s,
/// the nights it names, and when it may change plans the nights with data from
/// `NightPlans.firstNightChangeable` on (a goal, a clear or a zone change never re-plans a
/// night whose wind-down had begun, so these are the last few).
///
/// With `--night` or `--from/--to`, a step that cannot touch those nights is only noted
/// (the nights it may touch are marked stale) and those nights are worked out once, when a
/// step that can touch the range comes.
struct StreakFigure: TracedFigure {
    /// A night with data up to asOf's night.
    struct Part: Equatable {
        /// Whether the night hit its target; a night without a plan does not count.
        enum Result: String { case hit, miss, noPlan = "no plan" }

        /// When sleep began: the onset, else the first wentToBed.
        var start: Instant
        var fromOnset: Bool
        var bedtime: TimeOfDay?
        var limit: Instant?
        var zone: String?
        var result: Result

        /// `hit: sleep began 2026-11-16T23:58:00+01:00 (onset), by bedtime 23:45 + 15 min = 2026-11-17T00:00:00+01:00`.
        var text: String {
            let zone = ZoneText(zone)
            let began = fromOnset ? "sleep began \(zone.text(start)) (onset)" : "went to bed \(zone.text(start)) (no onset)"
            guard let bedtime, let limit else { return "\(result.rawValue): \(began); skipped" }
            let relation = result == .hit ? "by" : "after"
            return "\(result.rawValue): \(began), \(relation) bedtime \(bedtime.text) + 15 min = \(zone.text(limit))"
        }
    }

    /// Each night's result, by day since 1970 (nights with data only).
    private var results: [Int: Part.Result] = [:]
    /// The days of `results`, in order.
    private var days: [Int] = []
    private var runs = StreakRuns()
    /// asOf's night after the last step folded, and before the step being folded.
    private var last: LocalDate?
    private var before: LocalDate?
    /// The streaks before the step being folded.
    private var streaksBefore = SleepStreaks(current: 0, best: 0)
    /// Nights a step turned down may have changed (worked out at the next step prepared),
    /// and the first night of the plans such a step may have changed.
    private var stale: Set<Int> = []
    private var staleFrom: Int?
    private var everyNightStale = false
    private(set) var recomputedNights = 0

    var title: String { "streak (the current and best bedtime streaks)" }
    var notesNewSamples: Bool { false }

    mutating func prepare(_ reach: StepReach, state: LogState, firstAt: Instant, nights: NightFilter) -> Bool {
        let before = last ?? state.nightPlans.night(holding: firstAt)
        if !nights.isAll, !canTouch(reach, before: before, nights: nights) {
            stale.formUnion(reach.nights)
            if reach.changesPlans {
                if let from = reach.plansFrom { staleFrom = min(staleFrom ?? from, from) } else { everyNightStale = true }
            }
            return false
        }
        if everyNightStale || staleFrom != nil || !stale.isEmpty {
            var nightsToWork = stale
            if everyNightStale {
                nightsToWork.formUnion(days)
            } else if let staleFrom {
                nightsToWork.formUnion(days[firstPosition(of: staleFrom)...])
            }
            for day in nightsToWork { _ = update(day, in: state) }
            stale = []
            staleFrom = nil
            everyNightStale = false
        }
        self.before = before
        streaksBefore = runs.streaks(through: before.daysSince1970)
        return true
    }

    /// Whether a step reaching `reach`, after asOf's night `before`, may change a part
    /// within `nights`.
    private func canTouch(_ reach: StepReach, before: LocalDate, nights: NightFilter) -> Bool {
        if reach.nights.contains(where: { nights.contains(LocalDate(daysSince1970: $0)) }) { return true }
        if reach.changesPlans {
            let from = LocalDate(daysSince1970: reach.plansFrom ?? Int.min / 2)
            if nights.to.map({ $0 >= from }) ?? true { return true }
        }
        // asOf's night moving brings nights with data in or out.
        let low = LocalDate(daysSince1970: min(before.daysSince1970, reach.lastDay - 2))
        let high = LocalDate(daysSince1970: max(before.daysSince1970, reach.lastDay + 2))
        return nights.clamped(first: low, last: high) != nil
    }

    mutating func changes(after reach: StepReach, state: LogState, at now: Instant) -> [FigureChange] {
        let after = state.nightPlans.night(holding: now)
        let before = self.before ?? after
        last = after
        // The nights the step may have changed, with their results before.
        var touched = reach.nights
        if reach.changesPlans {
            if let from = reach.plansFrom, state.nightPlans.firstNightChangeable(byEntryAt: now) != nil {
                touched.formUnion(days[firstPosition(of: from)...])
            } else {
                touched.formUnion(days)
            }
        }
        var resultsBefore: [Int: Part.Result] = [:]
        for day in touched {
            if let result = update(day, in: state) { resultsBefore[day] = result }
        }
        let streaksAfter = runs.streaks(through: after.daysSince1970)
        guard streaksAfter != streaksBefore else { return [] }
        // The nights whose part changed: those touched, and those asOf's night moving
        // brought in or out.
        var candidates = touched
        let low = min(before.daysSince1970, after.daysSince1970)
        let high = max(before.daysSince1970, after.daysSince1970)
        if low != high {
            candidates.formUnion(days[firstPosition(of: low + 1)...].prefix { $0 <= high })
        }
        var nights: [LocalDate] = []
        var reasons: [String] = []
        for day in candidates.sorted() {
            let night = LocalDate(daysSince1970: day)
            let old = day <= before.daysSince1970 ? (touched.contains(day) ? resultsBefore[day] : results[day]) : nil
            let new = day <= after.daysSince1970 ? results[day] : nil
            guard old != new else { continue }
            nights.append(night)
            switch (old, new.flatMap { _ in Self.part(of: night, in: state) }) {
            case (nil, let part?): reasons.append("\(night.iso): \(part.text)")
            case (let result?, nil): reasons.append("\(night.iso): \(result.rawValue) → no longer counted")
            case (let result?, let part?): reasons.append("\(night.iso): \(result.rawValue) → \(part.text)")
            case (nil, nil): reasons.append("\(night.iso): no data")
            }
        }
        let summary = "current \(arrow(streaksBefore.current, streaksAfter.current)), best \(arrow(streaksBefore.best, streaksAfter.best))"
        return [FigureChange(nights: nights, summary: summary, reasons: reasons)]
    }

    mutating func skipped(_ reach: StepReach, state: LogState, at now: Instant) {
        last = state.nightPlans.night(holding: now)
    }

    /// Works `day`'s result out again from `state` and returns the one it had.
    private mutating func update(_ day: Int, in state: LogState) -> Part.Result? {
        recomputedNights += 1
        let night = LocalDate(daysSince1970: day)
        let old = results[day]
        let new: Part.Result?
        if state.sleepStart(on: night) == nil {
            new = nil
        } else {
            new = state.hitTarget(on: night).map { $0 ? .hit : .miss } ?? .noPlan
        }
        guard new != old else { return old }
        results[day] = new
        let position = firstPosition(of: day)
        let isListed = position < days.count && days[position] == day
        if new != nil, !isListed { days.insert(day, at: position) }
        if new == nil, isListed { days.remove(at: position) }
        runs.set(day, hit: new.flatMap { $0 == .noPlan ? nil : $0 == .hit })
        return old
    }

    /// The position in `days` of the first day at or after `day`.
    private func firstPosition(of day: Int) -> Int {
        days.partitioningIndex { $0 >= day }
    }

    /// `night`'s part as `state` holds it, `nil` without data.
    static func part(of night: LocalDate, in state: LogState) -> Part? {
        guard let start = state.sleepStart(on: night) else { return nil }
        let plan = state.nightPlans.plan(for: night)
        let hit = state.hitTarget(on: night)
        return Part(
            start: start, fromOnset: state.sleep.record(for: night) != nil, bedtime: plan?.bedtime,
            limit: plan.map { Instant(millisecondsSince1970: $0.bedtimeAt.millisecondsSince1970 + LogState.streakGraceMilliseconds, utcOffsetSeconds: 0) },
            zone: plan?.timeZone ?? state.sleep.record(for: night)?.timeZone,
            result: hit.map { $0 ? .hit : .miss } ?? .noPlan
        )
    }

    /// Each night with data up to `now`'s night, and whether it hit.
    static func parts(of state: LogState, at now: Instant) -> [LocalDate: Part] {
        let last = state.nightPlans.night(holding: now)
        var parts: [LocalDate: Part] = [:]
        for night in Set(state.sleep.nightsWithData).union(state.sleep.wentToBed.keys) where night <= last {
            parts[night] = part(of: night, in: state)
        }
        return parts
    }

    func origin(of state: LogState, at now: Instant, nights: NightFilter) -> String {
        let streaks = state.streaks(at: now)
        let last = state.nightPlans.night(holding: now)
        let parts = Self.parts(of: state, at: now)
        var text = "where it comes from, as of \(ZoneText(state.nightPlans.latestTimeZone).text(now)): "
        text += "the nights with data (an onset, else a wentToBed) up to asOf's night \(last.iso)"
        text += nights.isAll ? "\n" : " (rows: \(nights))\n"
        guard !parts.isEmpty else { return text + "  none: current \(streaks.current), best \(streaks.best)\n" }
        var rows = [["night", "sleep began", "from", "bedtime", "bedtime + 15 min", "result", "run"]]
        var run = 0
        var runStart: LocalDate?
        var best = (length: 0, from: LocalDate?.none, to: LocalDate?.none)
        var lastMiss: LocalDate?
        for night in parts.keys.sorted() {
            guard let part = parts[night] else { continue }
            switch part.result {
            case .hit:
                if run == 0 { runStart = night }
                run += 1
                if run > best.length { best = (run, runStart, night) }
            case .miss:
                run = 0
                lastMiss = night
            case .noPlan:
                break
            }
            guard nights.contains(night) else { continue }
            let zone = ZoneText(part.zone)
            rows.append([
                night.iso, zone.text(part.start), part.fromOnset ? "onset" : "wentToBed", part.bedtime?.text ?? "-",
                part.limit.map(zone.text) ?? "-", part.result.rawValue, part.result == .noPlan ? "-" : String(run),
            ])
        }
        text += TextTable.render(rows, indentation: "  ")
        text += "  current \(streaks.current)"
        if streaks.current > 0, let runStart {
            text += " (the hits from \(runStart.iso) on\(lastMiss.map { ", after the miss of \($0.iso)" } ?? ""))"
        } else if let lastMiss {
            text += " (the latest night that counts, \(lastMiss.iso), missed)"
        }
        text += ", best \(streaks.best)"
        if streaks.best > 0, let from = best.from, let to = best.to {
            text += " (\(from.iso) to \(to.iso))"
        }
        return text + "; nights without data neither count nor break a streak\n"
    }
}

// MARK: - Sleep

/// `--figure sleep`: each night's `SleepRecord`, as `show` shows it. A step changes only
/// the records of the nights its samples and manual logs may fall in (`StepReach`): those
/// are read before and after it, no other.
struct SleepFigure: TracedFigure {
    typealias Snapshot = [LocalDate: SleepRecord]

    /// The records before the step being folded, of the nights it may touch.
    private var recordsBefore: Snapshot = [:]
    private var nightsOfStep: [LocalDate] = []
    private(set) var recomputedNights = 0

    var title: String { "sleep (each night's record)" }
    var notesNewSamples: Bool { true }

    mutating func prepare(_ reach: StepReach, state: LogState, firstAt: Instant, nights: NightFilter) -> Bool {
        nightsOfStep = reach.sleepNights.map { LocalDate(daysSince1970: $0) }.filter(nights.contains)
        guard !nightsOfStep.isEmpty else { return false }
        recordsBefore = records(of: nightsOfStep, in: state)
        return true
    }

    mutating func changes(after reach: StepReach, state: LogState, at now: Instant) -> [FigureChange] {
        changes(from: recordsBefore, to: records(of: nightsOfStep, in: state))
    }

    mutating func skipped(_ reach: StepReach, state: LogState, at now: Instant) {}

    private mutating func records(of nights: [LocalDate], in state: LogState) -> Snapshot {
        var records: Snapshot = [:]
        for night in nights {
            recomputedNights += 1
            records[night] = state.sleep.record(for: night)
        }
        return records
    }

    func changes(from old: Snapshot, to new: Snapshot) -> [FigureChange] {
        let nights = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
        return nights.compactMap { night in
            let before = old[night].map(Self.fields) ?? []
            let after = new[night].map(Self.fields) ?? []
            guard before.map(\.value) != after.map(\.value) else { return nil }
            let summary: String
            if before.isEmpty {
                summary = "no record → " + after.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
            } else if after.isEmpty {
                summary = "record removed (it had asleep \(before[0].value))"
            } else {
                summary = zip(before, after).filter { $0.value != $1.value }.map { "\($0.name) \($0.value) → \($1.value)" }.joined(separator: ", ")
            }
            return FigureChange(nights: [night], summary: summary, reasons: [])
        }
    }

    /// The record's figures as shown, in the order the trace lists them.
    static func fields(_ record: SleepRecord) -> [(name: String, value: String)] {
        let zone = ZoneText(record.timeZone)
        return [
            ("asleep", ShowCommand.minutes(record.asleepMilliseconds)),
            ("core", ShowCommand.minutes(record.coreMilliseconds)),
            ("deep", ShowCommand.minutes(record.deepMilliseconds)),
            ("REM", ShowCommand.minutes(record.remMilliseconds)),
            ("awake", ShowCommand.minutes(record.awakeMilliseconds)),
            ("interruptions", String(record.interruptions)),
            ("latency", ShowCommand.minutes(record.latencyMilliseconds)),
            ("efficiency", decimal(record.efficiency, 4)),
            ("naps", ShowCommand.minutes(record.napMilliseconds)),
            ("onset", zone.text(record.onset)),
            ("final wake", zone.text(record.finalWake)),
            ("source", record.source.rawValue),
            ("staged source", record.stagedSource ?? "-"),
        ]
    }

    func origin(of state: LogState, at now: Instant, nights: NightFilter) -> String {
        let records = state.sleep.nightsWithData.filter(nights.contains).compactMap { state.sleep.record(for: $0) }
        var text = "where it comes from, as of \(ZoneText(state.nightPlans.latestTimeZone).text(now)): "
        guard !records.isEmpty else { return text + "no night with a record among \(nights)\n" }
        text += "the records of \(nights) (minutes rounded half up; stages from the staged source)\n"
        return text + TextTable.render(ShowCommand.sleepRows(records, stagedSource: true), indentation: "  ")
    }
}

// MARK: - What a sleep event did

/// The line under a sleep event that says what it brought: a new, re-delivered or deleted
/// sample, or a manual log.
enum TraceEventNote {
    /// The sample the event's `sampleId` names in `state`, before the event is folded.
    static func heldSample(for event: RecordedEvent, in state: LogState) -> SleepSample? {
        switch event.payload {
        case .sleepSampleIngested(let payload): return state.sleep.sample(withId: payload.sampleId)
        case .sleepSampleDeleted(let payload): return state.sleep.sample(withId: payload.sampleId)
        default: return nil
        }
    }

    /// What the event did, for sleep events (a new sample only when `newSamples`); `state`
    /// is folded with it.
    static func note(for event: RecordedEvent, heldSample: SleepSample?, state: LogState, newSamples: Bool) -> String? {
        switch event.payload {
        case .sleepSampleIngested(let payload):
            guard let sample = state.sleep.sample(withId: payload.sampleId) else { return nil }
            guard let heldSample else { return newSamples ? "new sample \(sample.sampleId): \(describe(sample))" : nil }
            return "re-delivered sample \(sample.sampleId): \(describe(heldSample)) → \(describe(sample))"
        case .sleepSampleDeleted(let payload):
            guard let heldSample else { return "deleted sample \(payload.sampleId), which was not held" }
            return "deleted sample \(payload.sampleId): \(describe(heldSample))"
        case .manualSleepLogged(let payload):
            let zone = ZoneText(event.event.timeZone)
            var text = "manual log of night \(payload.night.text): \(zone.text(payload.bedtime)) to \(zone.text(payload.wakeTime))"
            if let night = payload.night.date, state.sleep.record(for: night)?.source == .samples {
                text += " (the night's samples win over it)"
            }
            return text
        default:
            return nil
        }
    }

    /// `core 2026-11-19T05:33:00+01:00 to 2026-11-19T06:13:00+01:00 from Apple Watch`.
    static func describe(_ sample: SleepSample) -> String {
        let zone = ZoneText(sample.timeZone)
        let start = Instant(millisecondsSince1970: sample.start, utcOffsetSeconds: 0)
        let end = Instant(millisecondsSince1970: sample.end, utcOffsetSeconds: 0)
        return "\(sample.stage.rawValue) \(zone.text(start)) to \(zone.text(end)) from \(sample.sourceName)"
    }
}
