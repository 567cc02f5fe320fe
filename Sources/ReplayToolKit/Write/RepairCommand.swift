import EventLogFile

/// `replay-tool repair LOG [--dry-run]`.
enum RepairCommand {
    static let specification = CommandSpecification(
        name: "repair",
        abstract: "Remove a torn tail left by a crash mid-append.",
        discussion: """
            Says exactly what it removes (lines, bytes, why), then truncates the log \
            there, under the log's lock. Only a torn tail of a MoreSleep log is ever \
            removed: a log with corruption elsewhere, or a file that is not a log (no whole \
            event line, and its bytes do not begin as a log's line does), is left \
            untouched (exit 65; see 'replay-tool verify'). \
            Like append, it refuses a log its group or others can write (exit 66, nothing \
            changed) until it is chmod 600. A log set is repaired stream by stream.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .flag("dry-run", help: "Say what would be removed, and change nothing."),
            .value("lock-timeout", valueName: "seconds", help: "How long to wait for another writer's lock.", defaultDescription: "10"),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let timeout = try arguments.number("lock-timeout", in: 0...3600) ?? 10
        guard let listing = try LogSetAnnouncement.announce(path, console: console) else { return try repair(path, timeout: timeout, arguments, console: console) }
        let logSet = LogSetDirectory(path: path)
        for stream in listing.streams { _ = try repair(logSet.path(of: stream), timeout: timeout, arguments, console: console) }
        return .success
    }

    /// Repairs (or, with --dry-run, describes the repair of) the one file at `path`.
    static func repair(_ path: String, timeout: Double, _ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        if arguments.flag("dry-run") {
            let report = try FileEventLog.verify(path: path)
            if let torn = report.tornTail {
                console.output("\(path): would remove \(torn.description)\n")
            } else {
                console.output("\(path): no torn tail; nothing to remove\n")
            }
            return .success
        }
        let removed = try FileEventLog.repair(path: path, lockTimeout: .milliseconds(Int64(timeout * 1000))) { torn in
            console.output("\(path): removing \(torn.description)\n")
        }
        if let removed {
            console.output("\(path): removed \(removed.byteCount) bytes; the log now ends at byte \(removed.byteOffset)\n")
        } else {
            console.output("\(path): no torn tail; nothing removed\n")
        }
        return .success
    }
}
