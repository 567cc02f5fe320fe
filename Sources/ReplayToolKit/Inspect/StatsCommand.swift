import Commands
import EventLogFile
import Events
import Projections
import Store

/// `replay-tool stats LOG`.
enum StatsCommand {
    static let specification = CommandSpecification(
        name: "stats",
        abstract: "Summarize an event log.",
        discussion: """
            Prints the events by type, the first and last instant, the time zones seen, \
            and every warning (unknown types or newer versions kept but skipped, repeated \
            ids, a torn tail). Reads the log as a stream. For a log set, the events of \
            every stream, an id that reaches two streams counted once, and a line per \
            stream.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [LogStateFold.skipInvalidOption]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        if try LogSetAnnouncement.announce(path, console: console) != nil {
            let folded = try LogSetFold.fold(
                .logSet(LogSetDirectory(path: path)), tornTail: TornTailNotice(.none, .repairRemovesIt(tool: ReplayTool.name)), as: LogStatistics.self,
                invalidLines: LogStateFold.invalidLines(arguments))
            var summary = EventLogReader.Summary()
            // An id that reached two streams is one event.
            summary.eventCount = folded.streams.reduce(0) { $0 + $1.eventCount } - folded.copiesLeftOut
            summary.lineCount = folded.streams.reduce(0) { $0 + $1.lineCount }
            var text = render(folded.runner, summary: summary, streamCount: folded.streams.count)
            text += "streams:\n"
            for stream in folded.streams {
                text += "  \(stream.name?.text ?? ""): \(stream.eventCount) events in \(stream.lineCount) lines, last seq \(stream.lastSeq)\n"
            }
            if folded.copiesLeftOut > 0 {
                text += "copies of an id in another stream, counted once: \(folded.copiesLeftOut)\n"
            }
            console.output(text)
            return .success
        }
        let (runner, summary): (ProjectionRunner<LogStatistics>, _) = try LogFold.fold(
            path: path, tornTail: TornTailNotice(.line, .repairRemovesIt(tool: ReplayTool.name)), invalidLines: LogStateFold.invalidLines(arguments)
        )
        console.output(render(runner, summary: summary))
        return .success
    }

    /// The summary; `streamCount` for a log set (whose seqs count per stream).
    static func render(_ runner: ProjectionRunner<LogStatistics>, summary: EventLogReader.Summary, streamCount: Int? = nil) -> String {
        let statistics = runner.state
        var text = streamCount.map { "events: \(summary.eventCount) in \(summary.lineCount) lines of \($0) stream\($0 == 1 ? "" : "s")\n" }
            ?? "events: \(summary.eventCount) in \(summary.lineCount) lines, last seq \(summary.lastSeq)\n"
        text += "by type:\n"
        let width = statistics.countsByType.keys.map(\.count).max() ?? 0
        for (type, count) in statistics.countsByType.sorted(by: { $0.key < $1.key }) {
            text += "  \(type)\(String(repeating: " ", count: width - type.count))  \(count)\n"
        }
        let opaque = summary.eventCount - statistics.eventCount
        if opaque > 0 { text += "  (kept but skipped)\(String(repeating: " ", count: max(0, width - 18)))  \(opaque)\n" }
        text += "first: \(statistics.firstInstant?.rfc3339 ?? "none")\n"
        text += "last: \(statistics.lastInstant?.rfc3339 ?? "none")\n"
        text += "zones: \(statistics.zones.isEmpty ? "none" : statistics.zones.joined(separator: ", "))\n"
        if summary.lateEventCount > 0 {
            text += "late events (folded at their instant): \(summary.lateEventCount)\n"
        }
        text += "warnings: \(runner.warnings.all.count)\n"
        for warning in runner.warnings.all {
            text += "  \(warning.description)\n"
        }
        return text
    }
}
