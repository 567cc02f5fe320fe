import EventLogFile
import Events
@testable import Projections
@testable import ReplayToolKit

// The reference for `trace`: the figures as they were before issue 14, each asked whole of
// the state after every step (`state.sleepDebt(at:)`, `state.streaks(at:)` walking every
// night, every record), so quadratic; kept here only, to hold the linear trace to the same
// text. `referenceTrace` folds the same steps (`TraceStep`) and prints them the same way.

/// A figure `replay-tool trace` follows: a snapshot of it as of an instant, how two
/// snapshots differ and why, and where the figure comes from.
protocol ReferenceFigure {
    associatedtype Snapshot

    /// The heading's name of the figure.
    var title: String { get }

    /// Whether a new sample is worth its own line under the event (it is for the sleep
    /// records; for debt and streaks the night's part says what it did).
    var notesNewSamples: Bool { get }

    /// Whether time alone changes the figure (the debt's windows move to each new night):
    /// such a change is then a step of its own.
    var movesWithTime: Bool { get }

    /// The figure of `state` (folded up to and including the event at `now`) as of `now`,
    /// with each night's part in it.
    func snapshot(of state: LogState, at now: Instant) -> Snapshot

    /// How the figure changed from `old` to `new`: nothing when it shows the same.
    func changes(from old: Snapshot, to new: Snapshot) -> [FigureChange]

    /// Where the figure as of `now` comes from, night by night (the rows limited to
    /// `nights`).
    func origin(of state: LogState, at now: Instant, nights: NightFilter) -> String
}

extension ReferenceFigure {
    /// Streaks and sleep records change only with their nights' data.
    var movesWithTime: Bool { false }
}

// MARK: - Debt

/// `--figure debt`: the 7- and 14-night debt and their nights with data
/// (`LogState.sleepDebt(at:)`); each night's part is its balance (need − asleep) and the
/// windows it lies in.
struct ReferenceDebt: ReferenceFigure {
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
        var debt: SleepDebt
        /// asOf's night: the windows end with it.
        var last: LocalDate
        var parts: [LocalDate: Part]

        /// What is shown: the debts in whole minutes and the nights with data.
        var shown: [Int] {
            [ShowCommand.wholeMinutes(debt.last7Minutes), ShowCommand.wholeMinutes(debt.last14Minutes), debt.nightsWithData7, debt.nightsWithData14]
        }

        func inWindow(_ night: LocalDate) -> Bool {
            night <= last && night > last.adding(days: -14)
        }
    }

    var title: String { "debt (the last 7 and 14 nights' sleep debt and nights with data)" }
    var notesNewSamples: Bool { false }
    var movesWithTime: Bool { true }

    func snapshot(of state: LogState, at now: Instant) -> Snapshot {
        let last = state.nightPlans.night(holding: now)
        var parts: [LocalDate: Part] = [:]
        for back in 0..<14 {
            let night = last.adding(days: -back)
            guard let record = state.sleep.record(for: night) else { continue }
            parts[night] = Part(needMinutes: state.sleepNeedMinutes(for: night), asleepMilliseconds: record.asleepMilliseconds, inLast7: back < 7)
        }
        return Snapshot(debt: state.sleepDebt(at: now), last: last, parts: parts)
    }

    func changes(from old: Snapshot, to new: Snapshot) -> [FigureChange] {
        guard old.shown != new.shown else { return [] }
        let nights = Set(old.parts.keys).union(new.parts.keys).filter { old.parts[$0] != new.parts[$0] }.sorted()
        let (oldShown, newShown) = (old.shown, new.shown)
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
struct ReferenceStreak: ReferenceFigure {
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

    /// The streaks as of an instant and each night's part in them.
    struct Snapshot {
        var streaks: SleepStreaks
        var parts: [LocalDate: Part]
    }

    var title: String { "streak (the current and best bedtime streaks)" }
    var notesNewSamples: Bool { false }

    func snapshot(of state: LogState, at now: Instant) -> Snapshot {
        Snapshot(streaks: state.streaks(at: now), parts: Self.parts(of: state, at: now))
    }

    /// Each night with data up to `now`'s night, and whether it hit.
    static func parts(of state: LogState, at now: Instant) -> [LocalDate: Part] {
        let last = state.nightPlans.night(holding: now)
        var parts: [LocalDate: Part] = [:]
        for night in Set(state.sleep.nightsWithData).union(state.sleep.wentToBed.keys) where night <= last {
            guard let start = state.sleepStart(on: night) else { continue }
            let plan = state.nightPlans.plan(for: night)
            let hit = state.hitTarget(on: night)
            parts[night] = Part(
                start: start, fromOnset: state.sleep.record(for: night) != nil, bedtime: plan?.bedtime,
                limit: plan.map { Instant(millisecondsSince1970: $0.bedtimeAt.millisecondsSince1970 + LogState.streakGraceMilliseconds, utcOffsetSeconds: 0) },
                zone: plan?.timeZone ?? state.sleep.record(for: night)?.timeZone,
                result: hit.map { $0 ? .hit : .miss } ?? .noPlan
            )
        }
        return parts
    }

    func changes(from old: Snapshot, to new: Snapshot) -> [FigureChange] {
        guard old.streaks != new.streaks else { return [] }
        let nights = Set(old.parts.keys).union(new.parts.keys).filter { old.parts[$0]?.result != new.parts[$0]?.result }.sorted()
        let summary = "current \(arrow(old.streaks.current, new.streaks.current)), best \(arrow(old.streaks.best, new.streaks.best))"
        let reasons = nights.map { night -> String in
            switch (old.parts[night], new.parts[night]) {
            case (nil, let part?): return "\(night.iso): \(part.text)"
            case (let part?, nil): return "\(night.iso): \(part.result.rawValue) → no longer counted"
            case (let before?, let after?): return "\(night.iso): \(before.result.rawValue) → \(after.text)"
            case (nil, nil): return "\(night.iso): no data"
            }
        }
        return [FigureChange(nights: nights, summary: summary, reasons: reasons)]
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

// MARK: - Regularity

/// `--figure sri`: the index worked out again after every step and at every move of time
/// (no step passed over), worded as `SRIFigure` words a change.
struct ReferenceSRI: ReferenceFigure {
    typealias Snapshot = SleepRegularity

    var title: String { SRIFigure().title }
    var notesNewSamples: Bool { false }
    var movesWithTime: Bool { true }

    func snapshot(of state: LogState, at now: Instant) -> Snapshot {
        state.regularity(at: now)
    }

    func changes(from old: Snapshot, to new: Snapshot) -> [FigureChange] {
        SRIFigure.change(from: old, to: new).map { [$0] } ?? []
    }

    func origin(of state: LogState, at now: Instant, nights: NightFilter) -> String {
        SRIFigure().origin(of: state, at: now, nights: nights)
    }
}

// MARK: - Sleep

/// `--figure sleep`: each night's `SleepRecord`, as `show` shows it.
struct ReferenceSleep: ReferenceFigure {
    typealias Snapshot = [LocalDate: SleepRecord]

    var title: String { "sleep (each night's record)" }
    var notesNewSamples: Bool { true }

    func snapshot(of state: LogState, at now: Instant) -> Snapshot {
        state.sleep.records
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

// MARK: - The reference trace

enum TraceReference {
    /// The trace of `figure` on the log at `path`, the reference way: after each step, the
    /// whole figure of the state, compared with the whole figure after the step before.
    static func trace<Figure: ReferenceFigure>(_ figure: Figure, path: String, nights: NightFilter = .all, at instant: Instant? = nil) throws -> String {
        let position = ReplayPosition(instant: instant)
        var events: [RecordedEvent] = []
        var latest: Instant?
        let summary = try EventLogReader.forEachEventInTimeOrder(path: path, restart: {
            events = []
            latest = nil
        }, { event in
            if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true { latest = event.at }
            if position.includes(event) { events.append(event) }
        })
        // The steps, as `TraceStep` groups them.
        var steps: [[RecordedEvent]] = []
        var night: Int?
        for event in events {
            if let previous = steps.last?.last, TraceStep.joins(event, after: previous, deliveryNight: night) {
                steps[steps.count - 1].append(event)
            } else {
                steps.append([event])
                night = nil
            }
            night = night ?? TraceStep.deliveryNight(of: event)
        }
        var runner = ProjectionRunner<LogState>(position: position)
        var lines: [String] = []
        var previous: Figure.Snapshot?
        var changedCount = 0
        var stepCount = 0
        var timeChangedCount = 0
        // Time alone moving the figure to `now`, the state as it is: a step of its own.
        func passTime(to now: Instant) {
            guard figure.movesWithTime, let old = previous else { return }
            let moved = figure.snapshot(of: runner.state, at: now)
            previous = moved
            let changes = figure.changes(from: old, to: moved).filter { nights.isAll || $0.nights.contains(where: nights.contains) }
            guard !changes.isEmpty else { return }
            timeChangedCount += 1
            for change in changes {
                lines.append("the window moved to night \(runner.state.nightPlans.night(holding: now).iso) (time passed; no event) — " + change.summary)
                lines += change.reasons.map { "    " + $0 }
            }
        }
        for step in steps {
            passTime(to: step[0].at)
            let before = previous ?? figure.snapshot(of: runner.state, at: step[0].at)
            var applied: [RecordedEvent] = []
            var notes: [(text: String, nights: [LocalDate])] = []
            for event in step {
                let held = TraceEventNote.heldSample(for: event, in: runner.state)
                let count = runner.appliedCount
                runner.apply(event)
                guard runner.appliedCount > count else { continue }
                applied.append(event)
                if let text = TraceEventNote.note(for: event, heldSample: held, state: runner.state, newSamples: figure.notesNewSamples) {
                    var noteNights: [LocalDate] = []
                    if let night = held?.night { noteNights.append(night) }
                    switch event.payload {
                    case .sleepSampleIngested(let sample):
                        if let night = runner.state.sleep.sample(withId: sample.sampleId)?.night, !noteNights.contains(night) { noteNights.append(night) }
                    case .manualSleepLogged(let manual):
                        if case .date(let night) = manual.night { noteNights.append(night) }
                    default:
                        break
                    }
                    notes.append((text, noteNights))
                }
            }
            guard let last = applied.last else { continue }
            stepCount += 1
            let after = figure.snapshot(of: runner.state, at: last.at)
            previous = after
            let changes = figure.changes(from: before, to: after).filter { nights.isAll || $0.nights.contains(where: nights.contains) }
            guard !changes.isEmpty else { continue }
            changedCount += 1
            let traced = TraceStep(events: applied)
            for change in changes {
                lines.append(traced.line(nights: change.nights) + change.summary)
                for note in notes where applied.count == 1 || note.nights.isEmpty || note.nights.contains(where: change.nights.contains) {
                    lines.append("    " + note.text)
                }
                lines += change.reasons.map { "    " + $0 }
            }
        }
        if let asOf = instant ?? latest { passTime(to: asOf) }
        if let torn = summary.tornTail {
            runner.warn(.init(seq: nil, message: "\(torn.description) — not read; 'replay-tool repair' removes it"))
        }
        var text = "\(figure.title), as of each step's last instant, for \(nights.description); events in ('at', seq) order, a HealthKit delivery or a batch as one step:\n"
        text += lines.map { $0 + "\n" }.joined()
        let folded = runner.appliedCount
        text += "\(changedCount) of \(stepCount) step\(stepCount == 1 ? "" : "s") (\(folded) event\(folded == 1 ? "" : "s") folded) changed it"
        text += timeChangedCount == 0 ? ".\n\n" : ", and time alone \(timeChangedCount == 1 ? "once" : "\(timeChangedCount) times") (the window moving to a new night).\n\n"
        if let asOf = instant ?? latest {
            text += figure.origin(of: runner.state, at: asOf, nights: nights)
        } else {
            text += "where it comes from: nothing (the log holds no events; give --at)\n"
        }
        if !runner.warnings.isEmpty {
            text += "\n" + ShowCommand.renderWarnings(runner.warnings)
        }
        return text
    }
}
