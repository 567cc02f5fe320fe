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
            own line; an id already in the log with the same content prints its existing \
            seq. The log is created (mode 0600) when missing; a log its group or others can \
            write is refused (exit 66) until it is chmod 600.
            """,
        arguments: [ReplayTool.logArgument],
        options: [
            .value("expect-seq", valueName: "n", help: "Append only if the log's last seq is N (0 for an empty log); else exit 75 and append nothing."),
            .value("lock-timeout", valueName: "seconds", help: "How long to wait for another writer's lock before exit 75.", defaultDescription: "10"),
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let expected = try arguments.integer("expect-seq", in: 0...Int.max)
        let timeout = try arguments.number("lock-timeout", in: 0...3600) ?? 10
        guard let input = console.readInput() else {
            console.error("<stdin>: standard input could not be read; nothing was appended\n")
            return .noInput
        }
        let events: [Event]
        switch parse(input) {
        case .success(let parsed): events = parsed
        case .failure(let failure):
            console.error("<stdin>:\(failure.line): \(failure.message); nothing was appended\n")
            return .dataError
        }
        guard !events.isEmpty else {
            console.error("<stdin>: no events on standard input; nothing was appended\n")
            return .success
        }
        let log = try FileEventLog(path: path, lockTimeout: .milliseconds(Int64(timeout * 1000)))
        let outcomes = try log.append(events, expectedLastSeq: expected)
        console.output(outcomes.map { "\($0.seq)\n" }.joined())
        return .success
    }

    struct InputFailure: Error {
        var line: Int
        var message: String
    }

    /// Splits standard input into lines (the last may lack its `\n`) and decodes each.
    static func parse(_ input: [UInt8]) -> Result<[Event], InputFailure> {
        var decoder = EventLineDecoder()
        var events: [Event] = []
        var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            guard !line.isEmpty else {
                return .failure(InputFailure(line: index + 1, message: "blank line: one JSON event a line, no blank lines"))
            }
            do {
                events.append(try decoder.decodeUnsequenced(line: Array(line)))
            } catch {
                return .failure(InputFailure(line: index + 1, message: error.description))
            }
        }
        return .success(events)
    }
}
