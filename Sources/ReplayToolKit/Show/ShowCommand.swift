import EventLogFile
import Events
import Localization
import Projections
import Summaries
import Views

/// `replay-tool show LOG [--at INSTANT] [--until-seq N] [--from D] [--to D] [--json] [--skip SEQS]`.
enum ShowCommand {
    static let specification = CommandSpecification(
        name: "show",
        abstract: "Show the projections of an event log as of an instant.",
        discussion: """
            Folds the events whose 'at' is at or before the instant, in ('at', seq) \
            order, and prints the instant, tonight (phase, exit, minutes to bed, ring, \
            checklist, blocked apps, next notification), the night plans (one row per \
            planned night), sleep (one row per night with samples or a manual log), the \
            sleep debt (its weighted figure: recent nights count more, scaled to 14 \
            nights), the bedtime streaks, the mindful exits, the scores and the warnings. \
            Without --from and --to, the plans, sleep, exits by night and scores each show \
            the latest 14 nights with a row up to the instant's night and the first 7 \
            after it, and a line says how many nights are left out and which --from and \
            --to list the closest of them. With --until-seq N only the first N lines are \
            folded (what the log knew then). With --from D and --to D (nights, both \
            included; either may be left out) only the nights in that range are kept in \
            the plans, sleep, exits by night and scores, and all of them are shown, so a \
            long log can be read a week at a time; everything else (the instant, tonight, \
            debt, streaks, exits this week, warnings) is still as of the instant, over the \
            whole log. With --json it prints the JSON view of docs/json-view.md instead: one \
            pretty-printed object with its keys in the documented order, the same bytes \
            for the same log. A torn tail is not read; it becomes a warning.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            LogStateFold.atOption,
            .value("until-seq", valueName: "n", help: "Fold only the first N lines of the log (N at least 1); the default instant is then the largest 'at' among them. Not for a log set, whose seqs count per stream."),
            .value("from", valueName: "date", help: "Keep only nights from this one on (YYYY-MM-DD) in the plans, sleep, exits by night and scores."),
            .value("to", valueName: "date", help: "Keep only nights up to this one (YYYY-MM-DD, not before --from) in the plans, sleep, exits by night and scores."),
            .flag("json", help: "Print the JSON view (docs/json-view.md) instead of text."),
            LocaleChoice.option(defaultTag: "en"),
            SkipChoice.option,
            LogStateFold.skipInvalidOption,
        ] + CheckpointChoice.options
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let at = try AtChoice(option: "at", in: arguments)
        let untilSeq = try arguments.integer("until-seq", in: 1...Int.max)
        let nights = try NightFilter(fromAndTo: arguments)
        let skip = try SkipChoice(arguments)
        if untilSeq != nil, LogSetDirectory.isDirectory(path) {
            throw UsageError(message: "--until-seq names a line of one log file; '\(path)' is a log set, whose seqs count per stream (use --at)", commandPath: arguments.commandPath)
        }
        if arguments.flag("json"), arguments.value("locale") != nil {
            throw UsageError(message: "--locale is for the text form: the JSON view's words are English, for any front end to translate (docs/json-view.md)", commandPath: arguments.commandPath)
        }
        let renderer = MessageRenderer(locale: try LocaleChoice.locale(arguments, defaultTag: "en"))
        let instant = try at?.instant(forLogAt: path, arguments: arguments, console: console)
        let invalidLines = LogStateFold.invalidLines(arguments)
        let skipping = try skip?.resolve(forLogAt: path, invalidLines: invalidLines, arguments: arguments)
        let fold = try LogStateFold.fold(
            path: path, at: instant, untilSeq: untilSeq, checkpoints: CheckpointChoice(arguments), console: console,
            invalidLines: invalidLines, skipping: skipping)
        let state = fold.runner.state
        if arguments.flag("json") {
            // Chunk by chunk, as the view is made: no copy of the whole view.
            for chunk in JSONView.chunks(state: state, warnings: fold.runner.warnings, asOf: fold.asOf, nights: nights) {
                console.outputBytes(chunk)
            }
        } else {
            console.output(render(state: state, warnings: fold.runner.warnings, asOf: fold.asOf, nights: nights, renderer: renderer))
        }
        return .success
    }

    // MARK: Text

    /// The text form: the instant, tonight, the plans as a table, sleep, debt, streaks,
    /// exits, scores, the warnings. `nights` keeps only its nights in the plans, sleep,
    /// exits by night and scores (like the JSON view); with a range, a line after the
    /// instant says which nights are kept, and every night of the range is listed. Without
    /// a range each of those four lists shows a bounded window around asOf's night
    /// (``ShowListWindow``) and a line for the nights it leaves out, so the text stays short
    /// however long the log or however far the instant (the JSON view lists everything).
    static func render(state: LogState, warnings: ProjectionWarnings, asOf: Instant?, nights: NightFilter = .all, renderer: MessageRenderer = MessageRenderer()) -> String {
        var text = ""
        guard let asOf else {
            text += "as of: no instant (the log holds no events; give --at)\n"
            text += rangeLine(nights) + "\n"
            text += "tonight: none\n\nplans: none\n\nsleep: none\n\ndebt: none\n\nstreaks: none\n\nexits: none\n\nscores: none\n\n"
            text += renderWarnings(warnings)
            return text
        }
        let latestZone = state.nightPlans.latestTimeZone
        let shownAsOf = ZoneText(latestZone).text(asOf)
        let asOfNight = state.nightPlans.night(holding: asOf)
        text += "as of \(shownAsOf)\(latestZone.map { " in \($0)" } ?? ""), night \(asOfNight.iso)\n"
        text += rangeLine(nights) + "\n"
        text += renderTonight(state.tonight(at: asOf), state: state, renderer: renderer)
        text += "\n"
        text += renderPlans(state: state, at: asOf, asOfNight: asOfNight, nights: nights)
        text += "\n"
        let sleepNights = state.sleep.nightsWithData(in: nights)
        let sleepWindow = ShowListWindow.make(sleepNights, asOfNight: asOfNight, range: nights)
        text += renderSleep(sleepWindow.shown.compactMap { state.sleep.record(for: $0) }, window: sleepWindow)
        text += "\n"
        text += renderDebt(state.sleepDebt(at: asOf))
        text += "\n"
        text += renderStreaks(state.streaks(at: asOf))
        text += "\n"
        text += renderRegularity(state.regularity(at: asOf))
        text += renderHabits(state.habits(at: asOf))
        text += "\n"
        text += renderTogether(state.together(at: asOf), renderer: renderer)
        text += "\n"
        text += renderExits(state: state, at: asOf, asOfNight: asOfNight, nights: nights)
        text += "\n"
        text += renderScores(state: state, sleepNights: sleepNights, asOfNight: asOfNight, nights: nights)
        text += "\n"
        text += renderWarnings(warnings)
        return text
    }

    /// With a range of nights, the line saying which nights the lists keep; nothing
    /// without one (the text is then as it always was).
    static func rangeLine(_ nights: NightFilter) -> String {
        nights.isAll ? "" : "\(nights.description) only, in plans, sleep, exits by night and scores\n"
    }

    /// `scores:` one row per night with a sleep record and a score that `nights` keeps
    /// (without a range, the window of ``ShowListWindow`` over them): total, band, Apple's
    /// estimate and the score typed in (see `replay-tool scores` for the parts).
    static func renderScores(state: LogState, sleepNights: [LocalDate], asOfNight: LocalDate, nights: NightFilter) -> String {
        let scores = sleepNights.compactMap { night in state.score(for: night).map { (night: night, score: $0) } }
        guard !scores.isEmpty else { return "scores: none\n" }
        let window = ShowListWindow.make(scores.map(\.night), asOfNight: asOfNight, range: nights)
        let shown = Set(window.shown)
        let rows = scores.filter { shown.contains($0.night) }.map { night, score in
            [
                night.iso, "\(score.total)", score.band.rawValue,
                "apple est. \(state.appleEstimate(for: night).map { "\($0.total)" } ?? "-")",
                "logged \(state.scoreInputs.appleLogged[night].map { "\($0.total)" } ?? "-")",
            ]
        }
        let settings = "(\(state.scoreInputs.settings.preset ?? "custom") settings)"
        let title = window.showsEverything
            ? "scores: \(settings)\n"
            : "scores: \(ShowListWindow.grouped(window.total)) nights \(settings), \(window.shown.count) shown\n"
        return title + window.earlierLine + TextTable.render(rows, indentation: "  ") + window.laterLine
    }

    /// `plans:` one row per planned night that `nights` keeps (without a range, the window
    /// of ``ShowListWindow`` over them), as of `now`.
    static func renderPlans(state: LogState, at now: Instant, asOfNight: LocalDate, nights: NightFilter) -> String {
        let listed = state.nightPlans.plannedNights(asOf: now, nights: nights)
        let window = ShowListWindow.make(listed, asOfNight: asOfNight, range: nights)
        let plans = window.shownFilter.map { state.nightPlans.plans(asOf: now, nights: $0) } ?? []
        guard !plans.isEmpty else { return "plans: none\n" }
        var rows = [["night", "bedtime", "wind-down", "wake", "zone", "status", "revisions"]]
        for plan in plans {
            let zone = ZoneText(plan.timeZone)
            rows.append([
                plan.night.iso, plan.bedtime.text, zone.text(plan.windDownStart), zone.text(plan.wakeTime),
                plan.timeZone, plan.status(at: now).rawValue, String(plan.revisions.count),
            ])
        }
        let title = window.showsEverything
            ? "plans: \(plans.count)\n"
            : "plans: \(ShowListWindow.grouped(window.total)) nights, \(plans.count) shown\n"
        return title + window.earlierLine + TextTable.render(rows, indentation: "  ") + window.laterLine
    }

    static func renderTonight(_ tonight: Tonight?, state: LogState, renderer: MessageRenderer = MessageRenderer()) -> String {
        guard let tonight else { return "tonight: none (no night's window holds this instant)\n" }
        let zone = ZoneText(tonight.plan.timeZone)
        var text = "tonight: night \(tonight.night.text), bedtime \(tonight.plan.bedtime.text) in \(tonight.plan.timeZone)\n"
        text += "  phase: \(tonight.phase.rawValue)\n"
        if let exit = tonight.exit { text += "  exit: \(renderExit(exit, renderer: renderer))\n" }
        text += "  minutes to bed: \(tonight.minutesToBed)\n"
        text += "  ring: \(tonight.ring.rawValue), progress \(JSONViewDecimal.text(tonight.progress, fractionDigits: 4) ?? "?")\n"
        text += "  checklist:\n"
        text += TextTable.render(tonight.checklist.map { [$0.item, $0.state.rawValue, zone.text($0.time)] }, indentation: "    ")
        if tonight.blockedApps.isEmpty {
            text += "  blocked apps: none\n"
        } else {
            text += "  blocked apps:\n"
            text += TextTable.render(tonight.blockedApps.map { [$0.app, $0.tier.rawValue, "since \(zone.text($0.blockedAt))"] }, indentation: "    ")
        }
        if let next = tonight.nextNotification {
            let nightZone = ZoneText(state.schedule(for: next.night)?.plan.timeZone)
            text += "  next notification: \(next.template) at \(nightZone.text(next.fireAt)) (\(next.haptic.rawValue)\(next.variant.map { ", phrasing \($0)" } ?? "")), night \(next.night.text)\n"
        } else {
            text += "  next notification: none\n"
        }
        return text
    }

    /// Tonight's exit: `attempt 2, waiting 2:30 left — "Box breathing: …"` while waiting (the
    /// prompt in the renderer's language), `attempt 1, free window 7:12 left` during the free
    /// window.
    static func renderExit(_ exit: TonightExit, renderer: MessageRenderer = MessageRenderer()) -> String {
        if let wait = exit.waitRemainingSeconds {
            // Every shipped table has every prompt (a test pins it); English stands in otherwise.
            let prompt = (try? renderer.render(exit.prompt)) ?? exit.englishPrompt
            return "attempt \(exit.attempt), waiting \(clock(wait)) left — \"\(prompt)\""
        }
        return "attempt \(exit.attempt), free window \(clock(exit.freeWindowRemainingSeconds ?? 0)) left"
    }

    /// The exits part (docs/json-view.md `exits`): the confirmed exits of the 7 nights ending
    /// with asOf's night, then one row per request of every real night that `nights` keeps
    /// (without a range, of the nights in the window of ``ShowListWindow``), as of `now`.
    static func renderExits(state: LogState, at now: Instant, asOfNight last: LocalDate, nights: NightFilter) -> String {
        let confirmed = state.confirmedExitsThisWeek(at: now)
        var text = "exits: \(confirmed) confirmed this week (nights \(last.adding(days: -6).iso) to \(last.iso))"
        let all = state.exits.realRecords(in: nights)
        guard !all.isEmpty else { return text + "; none requested\n" }
        var exitNights: [LocalDate] = []
        for night in all.compactMap(\.night.date) where exitNights.last != night { exitNights.append(night) }
        let window = ShowListWindow.make(exitNights, asOfNight: last, range: nights)
        let shown = Set(window.shown)
        let records = all.filter { $0.night.date.map(shown.contains) ?? false }
        if window.showsEverything {
            text += "; \(records.count) requested:\n"
        } else {
            text += "; \(ShowListWindow.grouped(all.count)) requested on \(ShowListWindow.grouped(window.total)) nights, "
            text += "\(records.count) shown (on \(window.shown.count) nights):\n"
        }
        text += window.earlierLine
        var rows = [["night", "attempt", "requested", "wait", "outcome", "window", "used", "resumed automatically"]]
        for record in records {
            let zone = ZoneText(record.night.date.flatMap { state.nightPlans.plan(for: $0)?.timeZone })
            let outcome: String
            if let confirmedAt = record.confirmedAt {
                outcome = "confirmed \(zone.text(confirmedAt))"
            } else if let cancelledAt = record.cancelledAt {
                outcome = "cancelled \(zone.text(cancelledAt))"
            } else {
                outcome = "pending"
            }
            let resumed = record.resumedAutomatically(at: now).map { $0 ? "yes" : "no (returned early)" } ?? "-"
            rows.append([
                record.night.text, String(record.attempt), zone.text(record.requestedAt), clock(record.waitSeconds),
                outcome, clock(record.freeWindowSeconds), record.usedSeconds(at: now).map(clock) ?? "-", resumed,
            ])
        }
        return text + TextTable.render(rows, indentation: "  ") + window.laterLine
    }

    /// The sleep part (docs/json-view.md `sleep`): one row per night with a record, oldest
    /// first; instants in the zone of the night's onset sample, whole minutes rounded half
    /// up, `-` where a figure is unknown (stages without a staged source, latency without
    /// an in-bed stretch holding the onset). `records` are the nights `window` shows; its
    /// summary lines say which nights with a record are left out.
    static func renderSleep(_ records: [SleepRecord], window: ShowListWindow) -> String {
        guard !records.isEmpty else { return "sleep: none\n" }
        let title: String
        if !window.showsEverything {
            title = "sleep: \(ShowListWindow.grouped(window.total)) nights, \(records.count) shown\n"
        } else {
            title = records.count == 1 ? "sleep: 1 night\n" : "sleep: \(records.count) nights\n"
        }
        return title + window.earlierLine + TextTable.render(sleepRows(records), indentation: "  ") + window.laterLine
    }

    /// The sleep table's rows, its header first (shared with `trace --figure sleep`, which
    /// adds the staged source).
    static func sleepRows(_ records: [SleepRecord], stagedSource: Bool = false) -> [[String]] {
        var rows = [["night", "onset", "final wake", "asleep", "core", "deep", "REM", "awake", "interruptions", "latency", "efficiency", "naps", "source"]]
        if stagedSource { rows[0].append("staged source") }
        for record in records {
            let zone = ZoneText(record.timeZone)
            var row = [
                record.night.iso, zone.text(record.onset), zone.text(record.finalWake), minutes(record.asleepMilliseconds),
                minutes(record.coreMilliseconds), minutes(record.deepMilliseconds), minutes(record.remMilliseconds),
                minutes(record.awakeMilliseconds), String(record.interruptions), minutes(record.latencyMilliseconds),
                JSONViewDecimal.text(record.efficiency, fractionDigits: 4) ?? "-", minutes(record.napMilliseconds), record.source.rawValue,
            ]
            if stagedSource { row.append(record.stagedSource ?? "-") }
            rows.append(row)
        }
        return rows
    }

    /// Milliseconds as whole minutes, rounded half up (docs/json-view.md); `-` for `nil`.
    static func minutes(_ milliseconds: Int64?) -> String {
        milliseconds.map { String(SleepRecord.wholeMinutes($0)) } ?? "-"
    }

    /// Minutes as whole minutes, rounded half up (docs/json-view.md `debt`).
    static func wholeMinutes(_ minutes: Double) -> Int {
        Int((minutes + 0.5).rounded(.down))
    }

    /// The debt line (docs/json-view.md `debt`): the 7- and 14-night debt with their nights with
    /// data, the weighted debt, and the recovery estimate.
    static func renderDebt(_ debt: SleepDebt) -> String {
        var text = "debt: last 7 nights \(wholeMinutes(debt.last7Minutes)) min (\(debt.nightsWithData7) with data), "
        text += "last 14 nights \(wholeMinutes(debt.last14Minutes)) min (\(debt.nightsWithData14) with data), "
        text += "weighted \(wholeMinutes(debt.weighted14Minutes)) min (\(weightedMeaning)); "
        return text + recoveryText(debt.recoveryNights) + "\n"
    }

    /// What the weighted debt is, in the words every place that shows it uses: the mean
    /// balance of the nights with data among the 14, recent nights weighing more, times 14
    /// (so with 7 nights of data it can be about twice the 7-night debt).
    static let weightedMeaning = "recent nights count more, scaled to 14 nights"

    /// `recoveryNights` in words: 0 is no 7-night debt, `nil` not recovering at this rate.
    static func recoveryText(_ nights: Int?) -> String {
        switch nights {
        case .none: return "not recovering at this rate"
        case .some(0): return "no 7-night debt to recover"
        case .some(1): return "clear in 1 night at this rate"
        case .some(let nights): return "clear in \(nights) nights at this rate"
        }
    }

    /// The streaks line (docs/json-view.md `streaks`).
    static func renderStreaks(_ streaks: SleepStreaks) -> String {
        "streaks: current \(streaks.current), best \(streaks.best)\n"
    }

    /// Seconds as minutes and seconds: 150 → `2:30`, 600 → `10:00`.
    /// The regularity line: the index of the 14 nights that are over, its pairs, the two
    /// weeks before and how they compare (docs/rules.md §12), or why there is no index.
    static func renderRegularity(_ regularity: SleepRegularity) -> String {
        let window = "nights \(regularity.from.iso) to \(regularity.to.iso)"
        let pairs = "\(regularity.pairs) pair\(regularity.pairs == 1 ? "" : "s") of nights with sleep"
        guard let tenths = regularity.sriTenths else {
            return "regularity: not enough nights: \(pairs) in \(window), \(SleepRegularity.minimumPairs) needed\n"
        }
        var text = "regularity: Sleep Regularity Index \(SleepRegularity.text(tenths: tenths)) over \(window) (\(pairs))"
        if let previous = regularity.previousSriTenths {
            text += "; the 14 nights before: \(SleepRegularity.text(tenths: previous))"
        }
        switch regularity.comparison {
        case .more?: text += ", more regular than the two weeks before"
        case .less?: text += ", less regular than the two weeks before"
        case .about?: text += ", about as regular as the two weeks before"
        case nil: break
        }
        return text + "\n"
    }

    /// `together:` the group's progress in the renderer's language (docs/rules.md §13): who
    /// hit their bedtime target last night, then the latest week that is over, ranked by
    /// regularity, one row per member.
    static func renderTogether(_ together: Together, renderer: MessageRenderer) -> String {
        let summary = TogetherSummary(together)
        func line(_ message: Message) -> String {
            (try? renderer.render(message)) ?? message.id.rawValue
        }
        var text = "together: last night (\(together.lastNight.night.iso)):\n"
        for message in summary.lastNight { text += "  \(line(message))\n" }
        for (index, message) in summary.week.enumerated() { text += (index == 0 ? "  " : "    ") + line(message) + "\n" }
        return text
    }

    /// The habits lines: per group its nights and, when compared, its means (docs/rules.md §12).
    static func renderHabits(_ habits: Habits) -> String {
        func group(_ name: String, _ group: Habits.Group) -> String {
            var text = "\(name) \(group.nights.count) night\(group.nights.count == 1 ? "" : "s")"
            if let asleep = group.asleepMinutes {
                text += " (asleep \(asleep) min, \(group.latencyMinutes.map { "\($0) min" } ?? "unknown") to fall asleep)"
            }
            return text
        }
        var text = "habits over nights \(habits.from.iso) to \(habits.to.iso), \(habits.nights) with sleep (means when both groups compared have \(Habits.minimumNights) nights):\n"
        text += "  caffeine: " + group("late (in the 6 hours before sleep)", habits.caffeineLate) + "; " + group("earlier only", habits.caffeineEarlier) + "\n"
        text += "  workouts: " + group("late (ending in the 3 hours before sleep)", habits.workoutsLate) + "; " + group("earlier only", habits.workoutsEarlier)
            + "; " + group("any", habits.workoutsAny) + "; " + group("none", habits.workoutsNone) + "\n"
        return text
    }

    static func clock(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    static func renderWarnings(_ warnings: ProjectionWarnings) -> String {
        var text = "warnings: \(warnings.all.count)\n"
        for warning in warnings.all {
            text += "  \(warning.description)\n"
        }
        return text
    }
}

/// Instants as RFC 3339 text in one zone (as written when the zone is unknown).
struct ZoneText {
    private let resolver: LocalTimeResolver?

    init(_ identifier: String?) {
        resolver = identifier.flatMap(LocalTimeResolver.init(identifier:))
    }

    func text(_ instant: Instant) -> String {
        (resolver?.display(instant) ?? instant).rfc3339
    }
}

/// Left-aligned columns two spaces apart, trailing spaces trimmed.
enum TextTable {
    static func render(_ rows: [[String]], indentation: String) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var text = ""
        for row in rows {
            var line = indentation
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
