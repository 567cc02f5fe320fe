import EventLogFile
import Events
import Projections
import Store

/// `replay-tool inspect LOG [--from D] [--to D] --html FILE`: a page to step through a range
/// of nights event by event, with what each step changed (``StepHistory``, ``InspectPage``).
enum InspectCommand {
    static let specification = CommandSpecification(
        name: "inspect",
        abstract: "Write a page to step through a range of nights event by event, with what each changed.",
        discussion: """
            Folds the log once from its first line, step by step as 'trace' does (an event, \
            a batch, or a HealthKit delivery is one step), and writes one self-contained \
            HTML page (nothing loaded from outside) holding only the range's events: a \
            timeline by night (noon to noon) and by device (the stream in a log set, the \
            source in a log file), filters by event type, device and night, and for the \
            selected event its step's change in the JSON view (the view just before the \
            step and just after it, as of the step's last instant: exactly what \
            'diff LOG --seq N' prints) and its cause chain (causedBy). The arrow keys step \
            through the events shown; each event has a link, PAGE#SEQ (PAGE#STREAM:SEQ in \
            a log set). An event belongs to the night holding its 'at' on the clock of its \
            own offset. Without --from and --to the range is the log's last 7 nights; with \
            --to alone, the 7 nights ending there; with --from alone, from there to the \
            last night.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value("html", valueName: "file", help: "The page to write (required).", isRequired: true),
            .value("from", valueName: "date", help: "The first night (YYYY-MM-DD)."),
            .value("to", valueName: "date", help: "The last night (YYYY-MM-DD)."),
            LogStateFold.skipInvalidOption,
        ]
    )

    /// The nights shown without `--from` or `--to`.
    static let defaultNightCount = 7

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let htmlPath = try ReportCommand.htmlDestination(arguments, log: path) ?? ""
        let from = try NightFilter.date(option: "from", in: arguments)
        let to = try NightFilter.date(option: "to", in: arguments)
        if let from, let to, to < from {
            throw UsageError(message: "'--to \(to.iso)' is before '--from \(from.iso)'", commandPath: arguments.commandPath)
        }
        do {
            try ReportFile.checkDestination(htmlPath)
        } catch {
            console.error("\(ReplayTool.name): \(error.description)\n")
            return .ioError
        }
        try LogSetAnnouncement.announce(path, console: console)
        let invalidLines = LogStateFold.invalidLines(arguments)
        let range: ClosedRange<LocalDate>
        if let from, let to {
            range = from...to
        } else {
            guard let nights = try StepHistory.nights(path: path, invalidLines: invalidLines) else {
                console.output("The log holds no events: nothing to inspect, no page written.\n")
                return .success
            }
            let last = to ?? nights.upperBound
            let first = from ?? last.adding(days: -(defaultNightCount - 1))
            guard first <= last else {
                console.output("The log's last night is \(nights.upperBound.iso), before --from \(first.iso): nothing to inspect, no page written.\n")
                return .success
            }
            range = first...last
        }
        let history = try StepHistory.walk(path: path, choice: .nights(range), invalidLines: invalidLines)
        for notice in history.notices { console.error("\(path): \(notice)\n") }
        let nights = range.lowerBound == range.upperBound ? "night \(range.lowerBound.iso)" : "nights \(range.lowerBound.iso) to \(range.upperBound.iso)"
        guard !history.changes.isEmpty else {
            console.output("The \(nights) hold none of the log's \(history.eventCount) events: nothing to inspect, no page written.\n")
            return .success
        }
        let page = InspectPage(logName: path, nights: range, history: history)
        do {
            try ReportFile.write(page.html, to: htmlPath)
        } catch {
            console.error("\(ReplayTool.name): \(error.description)\n")
            return .ioError
        }
        let events = history.changes.reduce(0) { $0 + $1.step.events.count }
        console.output("Wrote \(htmlPath): \(events) event\(events == 1 ? "" : "s") in \(history.changes.count) step\(history.changes.count == 1 ? "" : "s") of the \(nights) (the log holds \(history.eventCount)).\n")
        return .success
    }
}
