import ReplayToolKit
import Testing

/// A description of `replay-tool` shaped like the real one, shared by the
/// parser and help tests.
enum SampleTool {
    static let log = ArgumentSpecification(name: "log", help: "The event log (JSON lines).")

    static let verify = CommandSpecification(
        name: "verify",
        abstract: "Check that an event log is sound.",
        discussion: "Reads every line of LOG and reports each problem as FILE:LINE: message on standard error.",
        arguments: [log]
    )

    static let stats = CommandSpecification(
        name: "stats",
        abstract: "Summarize an event log.",
        arguments: [log]
    )

    static let repair = CommandSpecification(
        name: "repair",
        abstract: "Truncate a torn final line of an event log.",
        arguments: [log],
        options: [.flag("yes", shortName: "y", help: "Repair without asking for confirmation.")]
    )

    static let append = CommandSpecification(
        name: "append",
        abstract: "Append events read from standard input to an event log.",
        discussion: """
            Each line of standard input must hold one JSON event. Either all of the events \
            are appended or none are.

            Exits with status 75 when another writer holds the lock.
            """,
        arguments: [log],
        options: [
            .value("expect-seq", valueName: "n", help: "Fail unless the last sequence number in the log is N."),
            .value(
                "lock-timeout",
                valueName: "seconds",
                help: "How long to wait for another writer to release the log's lock before giving up.",
                defaultDescription: "5"
            ),
        ]
    )

    static let show = CommandSpecification(
        name: "show",
        abstract: "Show the schedule as of an instant or a sequence number.",
        arguments: [log],
        options: [
            .value("at", valueName: "instant", help: "Show the schedule as it was at this instant."),
            .value("until-seq", valueName: "n", help: "Replay events up to and including sequence number N."),
            .flag("json", help: "Write JSON instead of text."),
        ]
    )

    static let why = CommandSpecification(
        name: "why",
        abstract: "Explain how the schedule of one night was derived.",
        arguments: [log],
        options: [.value("night", valueName: "date", help: "The night, as YYYY-MM-DD.", isRequired: true)]
    )

    static let root = CommandSpecification(
        name: "replay-tool",
        abstract: "Inspect and maintain sleep-schedule event logs.",
        subcommands: [verify, stats, repair, append, show, why]
    )

    static let parser = ArgumentParser(root: root)
}

extension ParseOutcome {
    /// The parsed arguments when the outcome is to run a command.
    var parsedArguments: ParsedArguments? {
        if case .run(let parsed) = self { parsed } else { nil }
    }

    /// The command path when the outcome is to show help.
    var helpPath: [String]? {
        if case .help(let path) = self { path } else { nil }
    }
}

/// One argument vector and the outcome it should parse to.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var expected: ParseOutcome

    var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }

    static func run(
        _ arguments: [String],
        _ path: [String],
        positionals: [String: String] = [:],
        values: [String: String] = [:],
        flags: Set<String> = []
    ) -> ParseCase {
        ParseCase(
            arguments: arguments,
            expected: .run(ParsedArguments(commandPath: path, positionals: positionals, values: values, flags: flags))
        )
    }

    static func help(_ arguments: [String], _ path: [String]) -> ParseCase {
        ParseCase(arguments: arguments, expected: .help(commandPath: path))
    }
}

/// One argument vector and the usage error it should raise.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var path: [String]

    init(_ arguments: [String], _ message: String, path: [String]) {
        self.arguments = arguments
        self.message = message
        self.path = path
    }

    var testDescription: String { arguments.joined(separator: " ") }
}

@Suite("ArgumentParser")
struct ArgumentParserTests {
    static let successes: [ParseCase] = [
        .run(["verify", "events.jsonl"], ["verify"], positionals: ["log": "events.jsonl"]),
        .run(["stats", "-"], ["stats"], positionals: ["log": "-"]),
        .run(["repair", "events.jsonl"], ["repair"], positionals: ["log": "events.jsonl"]),
        .run(["repair", "events.jsonl", "--yes"], ["repair"], positionals: ["log": "events.jsonl"], flags: ["yes"]),
        .run(["repair", "-y", "events.jsonl"], ["repair"], positionals: ["log": "events.jsonl"], flags: ["yes"]),
        .run(
            ["append", "events.jsonl", "--expect-seq", "12"], ["append"],
            positionals: ["log": "events.jsonl"], values: ["expect-seq": "12"]
        ),
        .run(
            ["append", "--expect-seq=12", "events.jsonl", "--lock-timeout", "2.5"], ["append"],
            positionals: ["log": "events.jsonl"], values: ["expect-seq": "12", "lock-timeout": "2.5"]
        ),
        .run(
            ["append", "events.jsonl", "--expect-seq", "-5"], ["append"],
            positionals: ["log": "events.jsonl"], values: ["expect-seq": "-5"]
        ),
        .run(
            ["append", "events.jsonl", "--expect-seq="], ["append"],
            positionals: ["log": "events.jsonl"], values: ["expect-seq": ""]
        ),
        .run(
            ["append", "events.jsonl", "--expect-seq=--5"], ["append"],
            positionals: ["log": "events.jsonl"], values: ["expect-seq": "--5"]
        ),
        .run(["verify", "--", "--help"], ["verify"], positionals: ["log": "--help"]),
        .run(["verify", "--", "-v"], ["verify"], positionals: ["log": "-v"]),
        .run(["verify", "-5"], ["verify"], positionals: ["log": "-5"]),
        .run(
            ["show", "log", "--json", "--at", "2024-03-01T22:00:00Z", "--until-seq", "40"], ["show"],
            positionals: ["log": "log"], values: ["at": "2024-03-01T22:00:00Z", "until-seq": "40"], flags: ["json"]
        ),
        .run(
            ["why", "events.jsonl", "--night", "2024-03-01"], ["why"],
            positionals: ["log": "events.jsonl"], values: ["night": "2024-03-01"]
        ),
        .run(
            ["why", "--night=2024-03-01", "stats"], ["why"],
            positionals: ["log": "stats"], values: ["night": "2024-03-01"]
        ),
    ]

    static let helpRequests: [ParseCase] = [
        .help([], []),
        .help(["--help"], []),
        .help(["-h"], []),
        .help(["help"], []),
        .help(["help", "verify"], ["verify"]),
        .help(["help", "append", "--help"], ["append"]),
        .help(["verify", "--help"], ["verify"]),
        .help(["verify", "events.jsonl", "-h"], ["verify"]),
        .help(["append", "--expect-seq", "--help"], ["append"]),
        .help(["append", "--bogus", "--help"], ["append"]),
        .help(["nonsense", "--help"], []),
        .help(["--help", "verify"], []),
        .help(["why", "stats", "--help"], ["why"]),
    ]

    static let failures: [ErrorCase] = [
        ErrorCase(["verify"], "Missing expected argument '<log>'", path: ["verify"]),
        ErrorCase(["verify", "a", "b"], "Unexpected argument 'b'", path: ["verify"]),
        ErrorCase(["verify", "a", "--", "b"], "Unexpected argument 'b'", path: ["verify"]),
        ErrorCase(["show", "log", "--jsn"], "Unknown option '--jsn'. Did you mean '--json'?", path: ["show"]),
        ErrorCase(["show", "log", "--josn"], "Unknown option '--josn'. Did you mean '--json'?", path: ["show"]),
        ErrorCase(["show", "log", "--foo"], "Unknown option '--foo'", path: ["show"]),
        ErrorCase(["show", "log", "--x"], "Unknown option '--x'", path: ["show"]),
        ErrorCase(["show", "log", "-j"], "Unknown option '-j'", path: ["show"]),
        ErrorCase(
            ["append", "log", "-expect-seq", "3"], "Unknown option '-expect-seq'. Did you mean '--expect-seq'?",
            path: ["append"]
        ),
        ErrorCase(["append", "log", "--hepl"], "Unknown option '--hepl'. Did you mean '--help'?", path: ["append"]),
        ErrorCase(["append", "log", "--expect-sq=4"], "Unknown option '--expect-sq'. Did you mean '--expect-seq'?", path: ["append"]),
        ErrorCase(["append", "log", "--expect-seq"], "Missing value for '--expect-seq <n>'", path: ["append"]),
        ErrorCase(["append", "--expect-seq", "--", "log"], "Missing value for '--expect-seq <n>'", path: ["append"]),
        ErrorCase(
            ["append", "log", "--expect-seq", "--lock-timeout", "3"], "Missing value for '--expect-seq <n>'",
            path: ["append"]
        ),
        ErrorCase(
            ["append", "log", "--expect-seq", "1", "--expect-seq", "2"],
            "Option '--expect-seq' can only be given once", path: ["append"]
        ),
        ErrorCase(["show", "log", "--json", "--json"], "Option '--json' can only be given once", path: ["show"]),
        ErrorCase(["repair", "log", "--yes=no"], "The option '--yes' does not take any value, but 'no' was specified.", path: ["repair"]),
        ErrorCase(["why", "events.jsonl"], "Missing expected argument '--night <date>'", path: ["why"]),
        ErrorCase(
            ["verfy", "log"],
            "Unknown subcommand 'verfy'. Did you mean 'verify'? Valid subcommands: verify, stats, repair, append, show, why.",
            path: []
        ),
        ErrorCase(
            ["events.jsonl"],
            "Unknown subcommand 'events.jsonl'. Valid subcommands: verify, stats, repair, append, show, why.",
            path: []
        ),
        ErrorCase(
            ["help", "nonsense"],
            "Unknown subcommand 'nonsense'. Valid subcommands: verify, stats, repair, append, show, why.",
            path: []
        ),
        ErrorCase(["help", "verify", "extra"], "Unexpected argument 'extra'", path: ["verify"]),
        ErrorCase(["help", "--verbose"], "Unknown option '--verbose'", path: []),
        ErrorCase(["--hlp"], "Unknown option '--hlp'. Did you mean '--help'?", path: []),
        ErrorCase(["--version"], "Unknown option '--version'", path: []),
        ErrorCase(
            ["verify", "--help=me"], "The option '--help' does not take any value, but 'me' was specified.",
            path: ["verify"]
        ),
        ErrorCase(
            ["--help=verify"], "The option '--help' does not take any value, but 'verify' was specified.", path: []
        ),
    ]

    @Test("Valid command lines parse to the expected command and arguments", arguments: successes)
    func parsesValidCommandLines(_ testCase: ParseCase) throws {
        #expect(try SampleTool.parser.parse(testCase.arguments) == testCase.expected)
    }

    @Test("Help requests name the deepest subcommand named so far", arguments: helpRequests)
    func recognizesHelpRequests(_ testCase: ParseCase) throws {
        #expect(try SampleTool.parser.parse(testCase.arguments) == testCase.expected)
    }

    @Test("Invalid command lines raise the expected usage error", arguments: failures)
    func rejectsInvalidCommandLines(_ testCase: ErrorCase) {
        #expect(throws: UsageError(message: testCase.message, commandPath: testCase.path)) {
            try SampleTool.parser.parse(testCase.arguments)
        }
    }

    @Test("A usage error describes itself by its message")
    func usageErrorDescription() {
        let error = UsageError(message: "Unexpected argument 'x'", commandPath: ["verify"])
        #expect(error.description == "Unexpected argument 'x'")
        #expect("\(error)" == "Unexpected argument 'x'")
    }

    @Test("Repeatable options keep every value in order")
    func repeatableOptions() throws {
        let root = CommandSpecification(
            name: "tool",
            abstract: "A tool.",
            arguments: [ArgumentSpecification(name: "file", help: "A file.", isOptional: true)],
            options: [
                .value("tag", shortName: "t", valueName: "tag", help: "A tag.", isRepeatable: true),
                .flag("verbose", shortName: "v", help: "Say more.", isRepeatable: true),
            ]
        )
        let outcome = try ArgumentParser(root: root).parse(["-t", "a", "--tag=b", "-v", "--verbose", "-t", "c"])
        let parsed = try #require(outcome.parsedArguments)
        #expect(parsed.commandPath == [])
        #expect(parsed.values("tag") == ["a", "b", "c"])
        #expect(parsed.value("tag") == "c")
        #expect(parsed.flag("verbose"))
        #expect(parsed.positionals.isEmpty)
        #expect(throws: UsageError(message: "Missing expected argument '<file>'", commandPath: [])) {
            try parsed.positional("file")
        }
        #expect(try ArgumentParser(root: root).parse([]) == .run(ParsedArguments(commandPath: [])))
    }
}

/// One option value and how `ParsedArguments.integer(_:in:)` should treat it.
struct IntegerCase: Sendable, CustomTestStringConvertible {
    var text: String
    var range: ClosedRange<Int>
    var expected: Result<Int, UsageError>

    var testDescription: String { "'\(text)' in \(range)" }

    static func accepts(_ text: String, _ range: ClosedRange<Int>, _ value: Int) -> IntegerCase {
        IntegerCase(text: text, range: range, expected: .success(value))
    }

    static func rejects(_ text: String, _ range: ClosedRange<Int>, expecting expectation: String) -> IntegerCase {
        let message = "The value '\(text)' is invalid for '--expect-seq': expected \(expectation)"
        return IntegerCase(text: text, range: range, expected: .failure(UsageError(message: message, commandPath: ["append"])))
    }
}

/// One option value and how `ParsedArguments.number(_:in:)` should treat it.
struct NumberCase: Sendable, CustomTestStringConvertible {
    var text: String
    var range: ClosedRange<Double>
    var expected: Result<Double, UsageError>

    var testDescription: String { "'\(text)' in \(range)" }

    static func accepts(_ text: String, _ range: ClosedRange<Double>, _ value: Double) -> NumberCase {
        NumberCase(text: text, range: range, expected: .success(value))
    }

    static func rejects(_ text: String, _ range: ClosedRange<Double>, expecting expectation: String) -> NumberCase {
        let message = "The value '\(text)' is invalid for '--lock-timeout': expected \(expectation)"
        return NumberCase(text: text, range: range, expected: .failure(UsageError(message: message, commandPath: ["append"])))
    }
}

@Suite("ParsedArguments")
struct ParsedArgumentsTests {
    static let integerCases: [IntegerCase] = [
        .accepts("12", 0...Int.max, 12),
        .accepts("0", 0...Int.max, 0),
        .accepts("+7", 0...10, 7),
        .accepts("-3", Int.min...Int.max, -3),
        .rejects("-5", 0...Int.max, expecting: "an integer of at least 0"),
        .rejects("11", 0...10, expecting: "an integer from 0 through 10"),
        .rejects("1", Int.min...0, expecting: "an integer of at most 0"),
        .rejects("twelve", Int.min...Int.max, expecting: "an integer"),
        .rejects("", 0...Int.max, expecting: "an integer of at least 0"),
        .rejects("1.5", 0...Int.max, expecting: "an integer of at least 0"),
        .rejects("99999999999999999999", 0...Int.max, expecting: "an integer of at least 0"),
    ]

    static let numberCases: [NumberCase] = [
        .accepts("2.5", 0...3600, 2.5),
        .accepts("0", 0...3600, 0),
        .accepts("3600", 0...3600, 3600),
        .rejects("-1", 0...3600, expecting: "a number from 0 through 3600"),
        .rejects("0.5", 1...Double.greatestFiniteMagnitude, expecting: "a number of at least 1"),
        .rejects("nan", 0...3600, expecting: "a number from 0 through 3600"),
        .rejects("inf", -Double.infinity...Double.infinity, expecting: "a number"),
        .rejects("soon", 0.25...2.5, expecting: "a number from 0.25 through 2.5"),
    ]

    @Test("Integer option values are checked against their range", arguments: integerCases)
    func integerValues(_ testCase: IntegerCase) throws {
        let parsed = ParsedArguments(commandPath: ["append"], values: ["expect-seq": testCase.text])
        switch testCase.expected {
        case .success(let value):
            #expect(try parsed.integer("expect-seq", in: testCase.range) == value)
        case .failure(let error):
            #expect(throws: error) { try parsed.integer("expect-seq", in: testCase.range) }
        }
    }

    @Test("Decimal option values are checked against their range", arguments: numberCases)
    func numberValues(_ testCase: NumberCase) throws {
        let parsed = ParsedArguments(commandPath: ["append"], values: ["lock-timeout": testCase.text])
        switch testCase.expected {
        case .success(let value):
            #expect(try parsed.number("lock-timeout", in: testCase.range) == value)
        case .failure(let error):
            #expect(throws: error) { try parsed.number("lock-timeout", in: testCase.range) }
        }
    }

    @Test("Absent options and flags read as nil and false")
    func absentOptions() throws {
        let parsed = ParsedArguments(commandPath: ["show"], positionals: ["log": "events.jsonl"])
        #expect(try parsed.integer("until-seq", in: 0...Int.max) == nil)
        #expect(try parsed.number("lock-timeout", in: 0...1) == nil)
        #expect(parsed.value("at") == nil)
        #expect(parsed.values("at").isEmpty)
        #expect(!parsed.flag("json"))
        #expect(try parsed.positional("log") == "events.jsonl")
    }

    @Test("The range error reaches a caller of the parser for --expect-seq -5")
    func negativeExpectedSequence() throws {
        let outcome = try SampleTool.parser.parse(["append", "events.jsonl", "--expect-seq", "-5"])
        let parsed = try #require(outcome.parsedArguments)
        #expect(
            throws: UsageError(
                message: "The value '-5' is invalid for '--expect-seq': expected an integer of at least 0",
                commandPath: ["append"]
            )
        ) {
            try parsed.integer("expect-seq", in: 0...Int.max)
        }
    }
}
