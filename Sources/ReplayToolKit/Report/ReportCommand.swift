import Localization
import EventLogFile
import Events
import Foundation
import Projections

/// `replay-tool report LOG [--from D --to D] [--at INSTANT] [--html FILE] [--skip SEQS]`.
enum ReportCommand {
    static let specification = CommandSpecification(
        name: "report",
        abstract: "Summarise a period of a log: nights, sleep, scores, exits, debt and streaks.",
        discussion: """
            Prints, for each night of the period, the planned and actual bedtime, time \
            asleep and its stages, awakenings, the score and Apple's estimate, and the \
            exits; each night's stages as a strip of bars; the sleep debt night by night; \
            streaks; the latest score; and the exits. Without --from and --to the period is \
            the last 14 nights that have a plan or data, up to the night of --at. A period \
            that holds none of the log's nights is said in one line (exit 0). Colour is \
            used only on a terminal, and never when NO_COLOR is set.

            With --html FILE it also writes one self-contained page (no network, no \
            external files) with a hypnogram per night, planned vs actual bedtime, sleep \
            debt over time, the latest score ring and exits per night, each chart with a \
            text equivalent. The page holds health data: it is written with mode 0600, \
            whole or not at all, and never over the log itself. FILE must name a file ('-' \
            is refused: the text goes to standard output) in a folder that exists and can \
            be written; that is checked before anything is printed (exit 74).
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value("from", valueName: "date", help: "The first night of the period, YYYY-MM-DD."),
            .value("to", valueName: "date", help: "The last night of the period, YYYY-MM-DD."),
            .value("html", valueName: "file", help: "Also write the report as a self-contained HTML page to this file."),
            LogStateFold.atOption,
            LocaleChoice.option(defaultTag: "en-GB"),
            SkipChoice.option,
            LogStateFold.skipInvalidOption,
        ] + CheckpointChoice.options
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let nights = try NightFilter(fromAndTo: arguments)
        let at = try AtChoice(option: "at", in: arguments)
        let skip = try SkipChoice(arguments)
        let htmlPath = try htmlDestination(arguments, log: path)
        let locale = try LocaleChoice.locale(arguments, defaultTag: "en-GB")
        if let htmlPath {
            // Before any output: a page that cannot be written is said at once, not after
            // the whole text.
            do {
                try ReportFile.checkDestination(htmlPath)
            } catch {
                console.error("\(ReplayTool.name): \(error.description)\n")
                return .ioError
            }
        }
        let instant = try at?.instant(forLogAt: path, arguments: arguments, console: console)
        let invalidLines = LogStateFold.invalidLines(arguments)
        let skipping = try skip?.resolve(forLogAt: path, invalidLines: invalidLines, arguments: arguments)
        let fold = try LogStateFold.foldForFigures(
            path: path, at: instant, checkpoints: CheckpointChoice(arguments), console: console, invalidLines: invalidLines, skipping: skipping)
        let words = MessageRenderer(locale: locale)
        // Whether a page was asked for and is therefore not written: said in the status line.
        let page: MessageArgument = .text(htmlPath == nil ? "none" : "skipped")
        guard let asOf = fold.asOf else {
            console.output(words.text(.reportStatusNoEvents, ["page": page]) + "\n")
            return .success
        }
        var report: PeriodReport
        do {
            let warningCount = fold.runner.warnings.all.count - fold.tornTails.count
            guard let made = try PeriodReport.make(
                state: fold.runner.state, asOf: asOf, from: nights.from, to: nights.to, warningCount: warningCount
            ) else {
                console.output(words.text(.reportStatusNoNights, ["page": page]) + "\n")
                return .success
            }
            report = made
            report.renderer = words
        } catch .noNight(let from, let to, let known) {
            let logNights = known.lowerBound == known.upperBound
                ? Message(.reportStatusLogOnlyNight, ["night": .text(known.lowerBound.iso)])
                : Message(.reportStatusLogNights, ["first": .text(known.lowerBound.iso), "last": .text(known.upperBound.iso)])
            let status = from == to
                ? Message(.reportStatusNightNotInLog, ["night": .text(from.iso), "known": .message(logNights), "page": page])
                : Message(.reportStatusNightsNotInLog, ["from": .text(from.iso), "to": .text(to.iso), "known": .message(logNights), "page": page])
            console.output(words.text(status) + "\n")
            return .success
        } catch {
            throw UsageError(message: error.message, commandPath: arguments.commandPath)
        }
        let colour = Painter.allowsColour(outputIsTerminal: console.outputIsTerminal, environment: console.environment)
        console.output(ReportTextRenderer.render(report, colour: colour))
        if let htmlPath {
            do {
                try ReportFile.write(ReportPageRenderer.render(report), to: htmlPath)
            } catch {
                console.error("\(ReplayTool.name): \(error.description)\n")
                return .ioError
            }
            console.output("\n" + words.text(.reportStatusWritten, ["path": .text(htmlPath)]) + "\n")
        }
        return .success
    }

    /// The page's file from `--html`, `nil` without it; a usage error for an empty name, for
    /// `-` (the text report owns standard output, and a page is meant to be opened from a
    /// file), and for the log itself.
    static func htmlDestination(_ arguments: ParsedArguments, log: String) throws(UsageError) -> String? {
        guard let htmlPath = arguments.value("html") else { return nil }
        let problem: String? = switch htmlPath {
        case "": "name a file, such as report.html"
        case "-": "the page is not written to standard output (the text report goes there); name a file, such as report.html"
        case _ where ReportFile.isSameFile(htmlPath, as: log): "it is the log itself; name another file"
        default: nil
        }
        if let problem {
            throw UsageError(message: "The value '\(htmlPath)' is invalid for '--html': \(problem)", commandPath: arguments.commandPath)
        }
        return htmlPath
    }
}

extension PeriodReport.PeriodProblem {
    /// The problem in a sentence, with what to do.
    var message: String {
        switch self {
        case .tooLong(let nights):
            return "The period holds \(nights) nights; a report shows at most \(PeriodReport.maximumNightCount): narrow it with --from and --to"
        case .noNight(let from, let to, _):
            return "The period \(from.iso) to \(to.iso) holds none of the log's nights"
        }
    }
}
