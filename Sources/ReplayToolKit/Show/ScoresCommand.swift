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
            For each night with a sleep record: the points of each part of the tunable \
            score (duration, deep, REM, bedtime, interruptions; '-' without data), the \
            total and its band, the estimate of Apple's Sleep Score, the score typed in \
            from Health and the error (estimate − logged). Then the mean score and, over \
            the nights with a logged score, the mean absolute error of the estimate and \
            the part that errs most. Nights are scored with the settings in force, or \
            with --preset (sleepLab, balanced, deepFirst, consistencyFirst). Last, each \
            night's morning summary (score, deep sleep, the part that cost the most, under \
            the settings in force) in the language of --locale.
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
        var text = render(fold.runner.state, from: nights.from, to: nights.to, settings: settings)
        text += summaries(fold.runner.state, from: nights.from, to: nights.to, renderer: MessageRenderer(locale: locale))
        console.output(text)
        return .success
    }

    /// Each night's morning summary (the score, deep sleep and the part that cost the most,
    /// under the settings in force) in the locale's words, a line a night.
    static func summaries(_ state: LogState, from: LocalDate?, to: LocalDate?, renderer: MessageRenderer) -> String {
        let nights = state.sleep.nightsWithData.filter(NightFilter(from: from, to: to).contains)
        let lines = nights.compactMap { night -> String? in
            guard let summary = MorningSummary(night: night, state: state, tipLimit: 0) else { return nil }
            // Every shipped table has every message (a test pins it): the id stands in should one fail.
            let text = (try? summary.text(using: renderer)) ?? summary.messages.map(\.id.rawValue).joined(separator: " ")
            return night.iso + "  " + text + "\n"
        }
        guard !lines.isEmpty else { return "" }
        return "morning summaries (\(renderer.locale.identifier)):\n" + lines.joined()
    }

    static func render(_ state: LogState, from: LocalDate?, to: LocalDate?, settings: ScoreSettings?) -> String {
        let nights = state.sleep.nightsWithData.filter(NightFilter(from: from, to: to).contains)
        let used = settings ?? state.scoreInputs.settings
        var text = "settings: \(used.preset ?? "custom") (duration \(number(used.weights.duration)), deep \(number(used.weights.deep)), REM \(number(used.weights.rem)), bedtime \(number(used.weights.bedtime)), interruptions \(number(used.weights.interruptions)))\n"
        guard !nights.isEmpty else { return text + "no night with a sleep record\n" }
        let header = ["night", "duration", "deep", "REM", "bedtime", "interrupt.", "total", "band", "apple est.", "logged", "error"]
        var rows: [[String]] = []
        var totals: [Double] = []
        for night in nights {
            guard let score = state.score(for: night, settings: settings) else { continue }
            totals.append(Double(score.total))
            let estimate = state.appleEstimate(for: night)
            let logged = state.scoreInputs.appleLogged[night]
            let error = zip2(estimate?.total, logged?.total).map { signed($0 - $1) } ?? "-"
            rows.append([night.iso] + ScorePart.allCases.map { score.points($0).map { tenth($0) } ?? "-" } + [
                "\(score.total)", score.band.rawValue,
                estimate.map { "\($0.total)" } ?? "-", logged.map { "\($0.total)" } ?? "-", error,
            ])
        }
        text += table(header: header, rows: rows)
        let mean = totals.reduce(0, +) / Double(totals.count)
        text += "mean score: \(tenth(mean)) over \(totals.count) nights\n"
        let comparison = state.appleScoreComparison(from: from, to: to)
        if let error = comparison.meanAbsoluteError {
            text += "Apple estimate: mean absolute error \(tenth(error)) points over \(comparison.nights.count) logged nights"
            if let part = comparison.partThatErrsMost { text += "; \(part) errs most" }
            text += "; \(comparison.nightsInTheSameBand) of \(comparison.nights.count) in the same band\n"
        } else {
            text += "Apple estimate: no logged score to compare with\n"
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

    static func table(header: [String], rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ") + "\n"
        }
        return line(header) + rows.map(line).joined()
    }
}
