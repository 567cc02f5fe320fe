import EventLogFile

/// `replay-tool sync FROM TO [--device NAME]`.
enum SyncCommand {
    static let specification = CommandSpecification(
        name: "sync",
        abstract: "Append to a log set the lines of each stream it lacks from another.",
        discussion: """
            FROM and TO are log sets: directories of streams, one NAME.jsonl file per \
            device. For each stream of FROM, TO's copy (its replica) must be a byte prefix \
            of FROM's; the whole lines it lacks are appended a batch at a time, each with \
            one write and one fsync, under the file's lock, so a crash leaves at most a \
            torn tail ('replay-tool repair'). Only FROM's sound prefix is sent: from a torn tail or an invalid line \
            on, nothing is. A stream whose replica diverged (not a prefix), or, with \
            --device, a longer copy of TO's own stream, is refused and left unchanged. One \
            line per stream says what was added or why it was refused; the other streams \
            are synced either way, and the exit code is then 65 (74 when a file could not be \
            read or written). Syncing twice changes nothing.
            """,
        arguments: [
            ArgumentSpecification(name: "from", help: "The log set to copy from (a directory of streams)."),
            ArgumentSpecification(name: "to", help: "The log set to append to (an existing directory)."),
        ],
        options: [
            .value("device", valueName: "name", help: "TO's own stream: only that device writes it, so a longer copy of it is refused."),
            .value("lock-timeout", valueName: "seconds", help: "How long to wait for a stream file's lock.", defaultDescription: "10"),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let from = try arguments.positional("from")
        let to = try arguments.positional("to")
        let timeout = try arguments.number("lock-timeout", in: 0...3600) ?? 10
        var own: StreamName?
        if let device = arguments.value("device") {
            guard let name = StreamName(device) else {
                throw UsageError(message: "--device '\(device)' is not a stream name: \(StreamName.problem(with: device) ?? "")")
            }
            own = name
        }
        // FROM is read: a directory with no stream is not a log set (TO may be a new device's
        // empty folder).
        if LogSetDirectory.isDirectory(from) { _ = try LogSetDirectory(path: from).listForReading() }
        let reports = try StreamSync.sync(
            from: LogSetDirectory(path: from), to: LogSetDirectory(path: to), ownStream: own,
            lockTimeout: .milliseconds(Int64(timeout * 1000)))
        var exit = ExitCode.success
        for report in reports {
            console.output("\(report.stream): \(Self.describe(report))\n")
            if report.failure != nil {
                exit = .ioError
            } else if report.isRefused, exit == .success {
                exit = .dataError
            }
        }
        return exit
    }

    /// One stream's line.
    static func describe(_ report: StreamSync.Report) -> String {
        var parts: [String] = []
        if let failure = report.failure {
            parts.append("failed, nothing added: \(failure.description)")
        }
        switch report.outcome {
        case .appended(let count, let first, let last)?:
            parts.append(count == 1 ? "added 1 line (seq \(first))" : "added \(count) lines (seq \(first)–\(last))")
        case .upToDate(let last)?:
            parts.append(last == 1 ? "up to date (1 line)" : "up to date (\(last) lines)")
        case .refused(let reason)?:
            parts.append("refused, nothing changed: \(reason)")
        case nil:
            break
        }
        if let unsent = report.unsent {
            parts.append("FROM's \(unsent)")
        }
        return parts.joined(separator: "; ")
    }
}
