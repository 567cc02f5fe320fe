import EventLogFile
import Events
import Foundation
import Projections

/// `replay-tool report LOG [--from D --to D] [--at INSTANT] [--html FILE]`.
enum ReportCommand {
    static let specification = CommandSpecification(
        name: "report",
        abstract: "Summarise a period of a log: nights, sleep, scores, exits, debt and streaks.",
        discussion: """
            Prints, for each night of the period, the planned and actual bedtime, time \
            asleep and its stages, awakenings, the score and Apple's estimate, and the \
            exits; each night's stages as a strip of bars; the sleep debt night by night; \
            streaks; the latest score; and the exits. Without --from and --to the period is \
            the last 14 nights that have a plan or data, up to the night of --at. Colour \
            is used only on a terminal, and never when NO_COLOR is set.

            With --html FILE it also writes one self-contained page (no network, no \
            external files) with a hypnogram per night, planned vs actual bedtime, sleep \
            debt over time, the latest score ring and exits per night, each chart with a \
            text equivalent. The page holds health data: it is written with mode 0600, \
            whole or not at all, and never over the log itself.
            """,
        arguments: [ReplayTool.logArgument],
        options: [
            .value("from", valueName: "date", help: "The first night of the period, YYYY-MM-DD."),
            .value("to", valueName: "date", help: "The last night of the period, YYYY-MM-DD."),
            .value("html", valueName: "file", help: "Also write the report as a self-contained HTML page to this file."),
            LogStateFold.atOption,
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let from = try NightFilter.date(option: "from", in: arguments)
        let to = try NightFilter.date(option: "to", in: arguments)
        let instant = try LogStateFold.instant(option: "at", in: arguments)
        if let from, let to, from > to {
            throw UsageError(message: "The period is empty: '--from' \(from.iso) is after '--to' \(to.iso)", commandPath: arguments.commandPath)
        }
        let htmlPath = arguments.value("html")
        if let htmlPath, ReportFile.isSameFile(htmlPath, as: path) {
            throw UsageError(message: "The value '\(htmlPath)' is invalid for '--html': it is the log itself; name another file", commandPath: arguments.commandPath)
        }
        let fold = try LogStateFold.fold(path: path, at: instant, untilSeq: nil)
        guard let asOf = fold.asOf else {
            console.output("The log has no events: nothing to report.\n")
            return .success
        }
        let report: PeriodReport
        do {
            guard let made = try PeriodReport.make(
                state: fold.runner.state, asOf: asOf, from: from, to: to, warningCount: fold.runner.warnings.all.count
            ) else {
                console.output("The log has no night with a plan or sleep data: nothing to report.\n")
                return .success
            }
            report = made
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
            console.output("\nHTML report written to \(htmlPath)\n")
        }
        return .success
    }
}

extension PeriodReport.PeriodProblem {
    /// The problem in a sentence, with what to do.
    var message: String {
        switch self {
        case .reversed(let from, let to):
            return "The period is empty: it would start on \(from.iso), after its last night \(to.iso); give --from and --to in order"
        case .tooLong(let nights):
            return "The period holds \(nights) nights; a report shows at most \(PeriodReport.maximumNightCount): narrow it with --from and --to"
        }
    }
}
