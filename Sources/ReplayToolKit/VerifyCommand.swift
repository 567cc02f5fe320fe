import EventLogFile

/// `replay-tool verify LOG`.
enum VerifyCommand {
    static let specification = CommandSpecification(
        name: "verify",
        abstract: "Check that an event log is sound.",
        discussion: """
            Reads every line of LOG and reports each problem as FILE:LINE: message on \
            standard error: invalid JSON, missing or mistyped keys, seq gaps, repeats or \
            decreases, duplicate ids, short batches, and a torn tail (a crash mid-append; \
            see 'replay-tool repair'). Exits 0 when the log is sound, 65 when it is not.
            """,
        arguments: [ReplayTool.logArgument]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let report = try FileEventLog.verify(path: path)
        for issue in report.issues {
            console.error("\(path):\(issue.line): \(issue.message)\n")
        }
        if report.isSound {
            console.output("\(path): sound: \(report.eventCount) events, last seq \(report.lastSeq)\n")
            return .success
        }
        let problems = report.issues.count == 1 ? "1 problem" : "\(report.issues.count) problems"
        console.error("\(path): \(problems) in \(report.lineCount) lines\n")
        return .dataError
    }
}
