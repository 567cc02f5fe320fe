import EventLogFile
import Events

/// `replay-tool append LOG [--expect-seq N] [--lock-timeout SECONDS]`.
enum AppendCommand {
    static let specification = CommandSpecification(
        name: "append",
        abstract: "Append events read from standard input, as one atomic, durable batch.",
        discussion: """
            Each line of standard input holds one event in the log format with seq (and \
            batch) left out. All lines are checked first: if any is invalid, nothing is \
            appended (exit 65, naming the input line). Then they are appended together, \
            through the same code as the library, and each assigned seq is printed on its \
            own line; an id already in the log with the same content prints 'already at \
            seq N' and writes nothing for it. The log is created (mode 0600) when missing; a log \
            its group or others can write is refused (exit 66) until it is chmod 600.

            A 'source' outside the format's list (phone, watch, siri, widget, health, \
            import, system, demo, share) is invalid. Input with an event projections would skip \
            (an unknown type, a newer 'v', an exit confirmed without a request, a night \
            without a plan, …) is refused whole (exit 65, nothing appended), each such line \
            named with the reason and, for a mistyped type, the type meant. \
            --allow-skipped appends it all the same, as the format keeps such events (a \
            newer app's events, a repair by hand), with a warning per line.

            LOG may be a log set (a directory of streams): --stream then names the \
            stream to append to, this device's own (its file NAME.jsonl is created when \
            missing); a device appends only to its own stream (docs/sync.md).
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value("stream", valueName: "name", help: "With a log set: the stream to append to (this device's own)."),
            .value("expect-seq", valueName: "n", help: "Append only if the log's last seq is N (0 for an empty log); else exit 75 and append nothing."),
            .value("lock-timeout", valueName: "seconds", help: "How long to wait for another writer's lock before exit 75.", defaultDescription: "10"),
            .flag("allow-skipped", help: "Append events projections would skip (a newer app's types, repairs by hand), with a warning per line, instead of refusing the input."),
            .flag("strict", help: "Refuse the whole input if projections would skip any of its events: the default, kept for scripts that pass it."),
        ]
    )

    /// The file to append to: LOG, or with a log set the file of `--stream`.
    static func streamPath(_ arguments: ParsedArguments) throws -> String {
        let path = try arguments.positional("log")
        let stream = arguments.value("stream")
        guard LogSetDirectory.isDirectory(path) else {
            if stream != nil {
                throw UsageError(message: "--stream names a stream of a log set, but '\(path)' is not a directory", commandPath: arguments.commandPath)
            }
            return path
        }
        guard let stream else {
            throw UsageError(message: "'\(path)' is a log set: name the stream to append to, this device's own, with --stream", commandPath: arguments.commandPath)
        }
        guard let name = StreamName(stream) else {
            throw UsageError(message: "--stream '\(stream)' is not a stream name: \(StreamName.problem(with: stream) ?? "")", commandPath: arguments.commandPath)
        }
        return LogSetDirectory(path: path).path(of: name)
    }

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try streamPath(arguments)
        let expected = try arguments.integer("expect-seq", in: 0...Int.max)
        let timeout = try arguments.number("lock-timeout", in: 0...3600) ?? 10
        if arguments.flag("allow-skipped"), arguments.flag("strict") {
            throw UsageError(message: "--allow-skipped and --strict say opposite things: give one", commandPath: arguments.commandPath)
        }
        guard let input = console.readInput() else {
            console.error("<stdin>: standard input could not be read; nothing was appended\n")
            return .noInput
        }
        let events: [Event]
        switch UnsequencedInput.parse(input) {
        case .success(let parsed): events = parsed
        case .failure(let failure):
            console.error("<stdin>:\(failure.line): \(failure.message); nothing was appended\n")
            return .dataError
        }
        guard !events.isEmpty else {
            console.error("<stdin>: no events on standard input; nothing was appended\n")
            return .success
        }
        let notes = AppendPreview.notes(path: path, events: events) ?? []
        if !arguments.flag("allow-skipped"), !notes.isEmpty {
            for note in notes {
                console.error("<stdin>:\(note.index + 1): projections would skip this event: \(note.message)\n")
            }
            let count = Set(notes.map(\.index)).count
            console.error("<stdin>: \(count == 1 ? "1 event" : "\(count) events") would be skipped by projections; nothing was appended (--allow-skipped appends such events all the same)\n")
            return .dataError
        }
        let log = try FileEventLog(path: path, lockTimeout: .milliseconds(Int64(timeout * 1000)))
        let outcomes = try log.append(events, expectedLastSeq: expected)
        console.output(outcomes.map { $0.alreadyPresent ? "already at seq \($0.seq)\n" : "\($0.seq)\n" }.joined())
        for note in notes where !outcomes[note.index].alreadyPresent {
            console.error("<stdin>:\(note.index + 1): warning: seq \(outcomes[note.index].seq) was appended, but projections skip it: \(note.message)\n")
        }
        return .success
    }
}
