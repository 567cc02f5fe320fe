import Commands
import EventLogFile
import Events
import Projections

/// `replay-tool stats LOG`.
enum StatsCommand {
    static let specification = CommandSpecification(
        name: "stats",
        abstract: "Summarize an event log.",
        discussion: """
            Prints the events by type, the first and last instant, the time zones seen, \
            and every warning (unknown types or newer versions kept but skipped, repeated \
            ids, a torn tail). Reads the log as a stream.
            """,
        arguments: [ReplayTool.logArgument]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let (runner, summary): (ProjectionRunner<LogStatistics>, _) = try LogFold.fold(
            path: path, tornTail: TornTailNotice(.line, .repairRemovesIt(tool: ReplayTool.name))
        )
        console.output(render(runner, summary: summary))
        return .success
    }

    static func render(_ runner: ProjectionRunner<LogStatistics>, summary: EventLogReader.Summary) -> String {
        let statistics = runner.state
        var text = "events: \(summary.eventCount) in \(summary.lineCount) lines, last seq \(summary.lastSeq)\n"
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
