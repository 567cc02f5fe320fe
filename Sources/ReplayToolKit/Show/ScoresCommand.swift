import EventLogFile
import Events
import Localization
import Summaries
import Projections
import Views

/// `replay-tool scores LOG [--from D --to D] [--preset ID] [--at INSTANT]`.
enum ScoresCommand {
    static let specification = CommandSpecification(
        name: "scores",
        abstract: "Print the sleep scores of a log, night by night.",
        discussion: """
            For each night with a sleep record (without --from or --to, the latest 14 up to \
            the instant, as 'show' and 'report' list them, and a line saying how many more \
            there are): the points of each part of the tunable \
            score (duration, deep, REM, bedtime, interruptions; '-' without data), the \
            total and its band, the estimate of Apple's Sleep Score, the score typed in \
            from Health and the error (estimate − logged). Then the mean score and, over \
            the nights with a logged score, the mean absolute error of the estimate and \
            the part that errs most. Nights are scored with the settings in force, or \
            with --preset (sleepLab, balanced, deepFirst, consistencyFirst). Last, each \
            night's morning summary (score, deep sleep, the part that cost the most, under \
            the settings in force), all in the language of --locale.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value("from", valueName: "date", help: "The first night shown, YYYY-MM-DD."),
            .value("to", valueName: "date", help: "The last night shown, YYYY-MM-DD."),
            .value("preset", valueName: "id", help: "Score with this preset instead of the settings in force."),
            LogStateFold.atOption,
            LocaleChoice.option(defaultTag: "en"),
            LogStateFold.skipInvalidOption,
        ] + CheckpointChoice.options
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let nights = try NightFilter(fromAndTo: arguments)
        var settings: ScoreSettings?
        if let id = arguments.value("preset") {
            guard let preset = ScorePreset.preset(id: id) else {
                let known = ScorePreset.all.map(\.id).joined(separator: ", ")
                throw UsageError(message: "The value '\(id)' is invalid for '--preset': expected one of \(known)", commandPath: arguments.commandPath)
            }
            settings = preset.settings
        }
        let locale = try LocaleChoice.locale(arguments, defaultTag: "en")
        let instant = try AtChoice(option: "at", in: arguments)?.instant(forLogAt: path, arguments: arguments, console: console)
        let fold = try LogStateFold.foldForFigures(path: path, at: instant, checkpoints: CheckpointChoice(arguments), console: console, invalidLines: LogStateFold.invalidLines(arguments))
        let words = MessageRenderer(locale: locale)
        let state = fold.runner.state
        // One default with `show` and `report`: without a range, the latest nights up to
        // the instant (ShowListWindow), and a line saying how to see the others.
        let scored = state.sleep.nightsWithData.filter(nights.contains)
        let window = fold.asOf.map { ShowListWindow.make(scored, asOfNight: state.nightPlans.night(holding: $0), range: nights) }
            ?? ShowListWindow(showingAll: scored)
        console.output(render(state, nights: window.shown, settings: settings, words: words, window: window)
            + summaries(state, nights: window.shown, renderer: words))
        return .success
    }

    /// Each night's morning summary (the score, deep sleep and the part that cost the most,
    /// under the settings in force) in the locale's words, a line a night.
    static func summaries(_ state: LogState, nights: [LocalDate], renderer: MessageRenderer) -> String {
        let lines = nights.compactMap { night -> String? in
            guard let summary = MorningSummary(night: night, state: state, tipLimit: 0) else { return nil }
            // Every shipped table has every message (a test pins it): the id stands in should one fail.
            let text = (try? summary.text(using: renderer)) ?? summary.messages.map(\.id.rawValue).joined(separator: " ")
            return night.iso + "  " + text + "\n"
        }
        guard !lines.isEmpty else { return "" }
        return renderer.text(.scoresSummaries, ["localeTag": .text(renderer.locale.identifier)]) + "\n" + lines.joined()
    }

    /// The settings, the table of `nights` (those with a sleep record, oldest first) and the
    /// comparison with Apple's estimate, in `words`' language; `window` says when nights
    /// with a score were left out (no range was given).
    static func render(_ state: LogState, nights: [LocalDate], settings: ScoreSettings?, words: MessageRenderer, window: ShowListWindow? = nil) -> String {
        let used = settings ?? state.scoreInputs.settings
        var text = words.text(.scoresSettings, [
            "preset": used.preset.map { .text($0) } ?? .message(Message(.scoresPresetCustom)),
            "durationWeight": .number(used.weights.duration), "deepWeight": .number(used.weights.deep), "remWeight": .number(used.weights.rem),
            "bedtimeWeight": .number(used.weights.bedtime), "interruptionsWeight": .number(used.weights.interruptions),
        ]) + "\n"
        guard !nights.isEmpty else { return text + words.text(.scoresNoNight) + "\n" }
        if let window, !window.showsEverything {
            text += words.text(.scoresWindow, ["shownNights": .integer(window.shown.count), "totalNights": .integer(window.total)]) + "\n"
        }
        let columns: [MessageID] = [
            .scoresColumnNight, .scoresColumnDuration, .scoresColumnDeep, .scoresColumnREM, .scoresColumnBedtime, .scoresColumnInterruptions,
            .scoresColumnTotal, .scoresColumnBand, .scoresColumnApple, .scoresColumnLogged, .scoresColumnError,
        ]
        let local = { (figure: String) in ReportFormat.localNumber(figure, words) }
        var rows: [[String]] = []
        var totals: [Double] = []
        for night in nights {
            guard let score = state.score(for: night, settings: settings) else { continue }
            totals.append(Double(score.total))
            let estimate = state.appleEstimate(for: night)
            let logged = state.scoreInputs.appleLogged[night]
            let error = zip2(estimate?.total, logged?.total).map { signed($0 - $1) } ?? "-"
            rows.append([night.iso] + ScorePart.allCases.map { score.points($0).map { local(tenth($0)) } ?? "-" } + [
                local("\(score.total)"), words.text(MessageID.reportBand(score.band)),
                estimate.map { local("\($0.total)") } ?? "-", logged.map { local("\($0.total)") } ?? "-", local(error),
            ])
        }
        text += table(header: columns.map { words.text($0) }, rows: rows)
        let mean = totals.reduce(0, +) / Double(totals.count)
        text += words.text(.scoresMean, ["meanScore": .text(local(tenth(mean))), "scoredNights": .integer(totals.count)]) + "\n"
        let comparison = state.appleScoreComparison(from: nights.first, to: nights.last)
        if let error = comparison.meanAbsoluteError {
            var parts = [Message(.scoresAppleError, ["meanError": .text(local(tenth(error))), "loggedNights": .integer(comparison.nights.count)])]
            if let part = comparison.partThatErrsMost { parts.append(Message(.scoresAppleErrsMost, ["applePart": .text(part.rawValue)])) }
            parts.append(Message(.scoresAppleSameBand, ["sameBand": .integer(comparison.nightsInTheSameBand), "loggedNights": .integer(comparison.nights.count)]))
            if case .message(let line) = ReportFormat.list(parts, joinedBy: .reportListSemicolon) { text += words.text(line) + "\n" }
        } else {
            text += words.text(.scoresAppleNone) + "\n"
        }
        return text
    }

    static func zip2(_ left: Int?, _ right: Int?) -> (Int, Int)? {
        guard let left, let right else { return nil }
        return (left, right)
    }

    static func tenth(_ value: Double) -> String {
        JSONViewDecimal.text(value, fractionDigits: 1) ?? "\(value)"
    }

    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : "\(value)"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : tenth(value)
    }

    /// The rows under `header`, each column as wide as its widest cell on a terminal
    /// (`ReportFormat.displayWidth`: a bidi mark takes no column).
    static func table(header: [String], rows: [[String]]) -> String {
        var widths = header.map { ReportFormat.displayWidth($0) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], ReportFormat.displayWidth(cell)) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : ReportFormat.padded(cell, to: widths[index])
            }.joined(separator: "  ") + "\n"
        }
        return line(header) + rows.map(line).joined()
    }
}
