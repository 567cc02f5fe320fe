import ReplayToolKit
import Testing

/// A leaf root command exercising the layout's edge cases: a first line of
/// exactly 80 columns, indented example lines, an optional argument, a label
/// of 23 columns (help on the same line) and one of 24 (help on the next),
/// a short name, a repeatable option, and a default without help text.
private let layoutCommand = CommandSpecification(
    name: "ignored-root-name",
    abstract: "Exercise the help layout.",
    discussion: """
        This paragraph is long enough that it must be wrapped; its first line is exactly 80 columns wide.

        Examples:
            layout --tag first --tag second --include-cancellations --window 14 nights.jsonl

        """,
    arguments: [ArgumentSpecification(name: "file", help: "A file to read instead of standard input.", isOptional: true)],
    options: [
        .flag("include-cancellations", help: "Count every cancelled night as well as each night that replaced one."),
        .flag("include-every-revision", help: "Short."),
        .value("tag", shortName: "t", valueName: "tag", help: "A tag to attach.", isRepeatable: true),
        .value("window", valueName: "days", help: "", defaultDescription: "7"),
    ]
)

/// One subcommand path and the usage line expected for it.
struct UsageCase: Sendable, CustomTestStringConvertible {
    var path: [String]
    var expected: String

    init(_ path: [String], _ expected: String) {
        self.path = path
        self.expected = expected
    }

    var testDescription: String { path.isEmpty ? "(root)" : path.joined(separator: " ") }
}

/// One usage error and the standard-error text expected for it.
struct ErrorTextCase: Sendable, CustomTestStringConvertible {
    var error: UsageError
    var expected: String

    var testDescription: String { error.message }
}

@Suite("HelpFormatter")
struct HelpFormatterTests {
    @Test("Help for the root command lists the subcommands")
    func rootHelp() {
        let expected = """
            OVERVIEW: Inspect and maintain sleep-schedule event logs.

            USAGE: replay-tool <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              verify                  Check that an event log is sound.
              stats                   Summarize an event log.
              repair                  Truncate a torn final line of an event log.
              append                  Append events read from standard input to an event
                                      log.
              show                    Show the schedule as of an instant or a sequence
                                      number.
              why                     Explain how the schedule of one night was derived.

              See 'replay-tool help <subcommand>' for detailed help.

            """
        #expect(HelpFormatter.help(for: [], root: SampleTool.root, toolName: "replay-tool") == expected)
    }

    @Test("Help for verify matches swift-argument-parser's layout")
    func verifyHelp() {
        let expected = """
            OVERVIEW: Check that an event log is sound.

            Reads every line of LOG and reports each problem as FILE:LINE: message on
            standard error.

            USAGE: replay-tool verify <log>

            ARGUMENTS:
              <log>                   The event log (JSON lines).

            OPTIONS:
              -h, --help              Show help information.

            """
        #expect(HelpFormatter.help(for: ["verify"], root: SampleTool.root, toolName: "replay-tool") == expected)
    }

    @Test("Help for append wraps a long option name and long help text")
    func appendHelp() {
        let expected = """
            OVERVIEW: Append events read from standard input to an event log.

            Each line of standard input must hold one JSON event. Either all of the events
            are appended or none are.

            Exits with status 75 when another writer holds the lock.

            USAGE: replay-tool append <log> [--expect-seq <n>] [--lock-timeout <seconds>]

            ARGUMENTS:
              <log>                   The event log (JSON lines).

            OPTIONS:
              --expect-seq <n>        Fail unless the last sequence number in the log is N.
              --lock-timeout <seconds>
                                      How long to wait for another writer to release the
                                      log's lock before giving up. (default: 5)
              -h, --help              Show help information.

            """
        #expect(HelpFormatter.help(for: ["append"], root: SampleTool.root, toolName: "replay-tool") == expected)
    }

    @Test("Help for why shows a required option without brackets")
    func whyHelp() {
        let expected = """
            OVERVIEW: Explain how the schedule of one night was derived.

            USAGE: replay-tool why <log> --night <date>

            ARGUMENTS:
              <log>                   The event log (JSON lines).

            OPTIONS:
              --night <date>          The night, as YYYY-MM-DD.
              -h, --help              Show help information.

            """
        #expect(HelpFormatter.help(for: ["why"], root: SampleTool.root, toolName: "replay-tool") == expected)
    }

    @Test("Layout edge cases: 80-column lines, 23- and 24-column labels, indented examples")
    func layoutEdgeCases() {
        let expected = """
            OVERVIEW: Exercise the help layout.

            This paragraph is long enough that it must be wrapped; its first line is exactly
            80 columns wide.

            Examples:
                layout --tag first --tag second --include-cancellations --window 14
                nights.jsonl

            USAGE: layout [<file>] [--include-cancellations] [--include-every-revision] [--tag <tag> ...] [--window <days>]

            ARGUMENTS:
              <file>                  A file to read instead of standard input.

            OPTIONS:
              --include-cancellations Count every cancelled night as well as each night that
                                      replaced one.
              --include-every-revision
                                      Short.
              -t, --tag <tag>         A tag to attach.
              --window <days>         (default: 7)
              -h, --help              Show help information.

            """
        #expect(HelpFormatter.help(for: [], root: layoutCommand, toolName: "layout") == expected)
    }

    @Test("Help uses the given tool name and ignores unknown path components")
    func toolNameAndUnknownPath() {
        let help = HelpFormatter.help(for: ["stats", "nonsense"], root: SampleTool.root, toolName: "rt")
        let expected = """
            OVERVIEW: Summarize an event log.

            USAGE: rt stats <log>

            ARGUMENTS:
              <log>                   The event log (JSON lines).

            OPTIONS:
              -h, --help              Show help information.

            """
        #expect(help == expected)
    }

    static let usageCases: [UsageCase] = [
        UsageCase([], "replay-tool <subcommand>"),
        UsageCase(["verify"], "replay-tool verify <log>"),
        UsageCase(["stats"], "replay-tool stats <log>"),
        UsageCase(["repair"], "replay-tool repair <log> [--yes]"),
        UsageCase(["append"], "replay-tool append <log> [--expect-seq <n>] [--lock-timeout <seconds>]"),
        UsageCase(["show"], "replay-tool show <log> [--at <instant>] [--until-seq <n>] [--json]"),
        UsageCase(["why"], "replay-tool why <log> --night <date>"),
        UsageCase(["nonsense"], "replay-tool <subcommand>"),
        UsageCase(["why", "extra"], "replay-tool why <log> --night <date>"),
    ]

    @Test("Usage lines", arguments: usageCases)
    func usageLines(_ testCase: UsageCase) {
        #expect(HelpFormatter.usageLine(for: testCase.path, root: SampleTool.root, toolName: "replay-tool") == testCase.expected)
    }

    static let errorTextCases: [ErrorTextCase] = [
        ErrorTextCase(
            error: UsageError(message: "Missing expected argument '<log>'", commandPath: ["verify"]),
            expected: """
                Error: Missing expected argument '<log>'
                Usage: replay-tool verify <log>
                  See 'replay-tool verify --help' for more information.

                """
        ),
        ErrorTextCase(
            error: UsageError(message: "Missing value for '--expect-seq <n>'", commandPath: ["append"]),
            expected: """
                Error: Missing value for '--expect-seq <n>'
                Usage: replay-tool append <log> [--expect-seq <n>] [--lock-timeout <seconds>]
                  See 'replay-tool append --help' for more information.

                """
        ),
        ErrorTextCase(
            error: UsageError(message: "Unknown option '--hlp'. Did you mean '--help'?", commandPath: []),
            expected: """
                Error: Unknown option '--hlp'. Did you mean '--help'?
                Usage: replay-tool <subcommand>
                  See 'replay-tool --help' for more information.

                """
        ),
        ErrorTextCase(
            error: UsageError(message: "Something odd", commandPath: ["nonsense"]),
            expected: """
                Error: Something odd
                Usage: replay-tool <subcommand>
                  See 'replay-tool --help' for more information.

                """
        ),
    ]

    @Test("Error text for standard error", arguments: errorTextCases)
    func errorText(_ testCase: ErrorTextCase) {
        #expect(HelpFormatter.errorText(testCase.error, root: SampleTool.root, toolName: "replay-tool") == testCase.expected)
    }

    @Test(
        "Every help text ends with one newline and has no line wider than 80 columns or trailing spaces",
        arguments: [[], ["verify"], ["stats"], ["repair"], ["append"], ["show"], ["why"]] as [[String]]
    )
    func helpIsTidy(_ path: [String]) {
        let help = HelpFormatter.help(for: path, root: SampleTool.root, toolName: "replay-tool")
        #expect(help.hasSuffix("\n"))
        #expect(!help.hasSuffix("\n\n"))
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= HelpFormatter.lineWidth, "Too wide: \(line)")
            #expect(!line.hasSuffix(" "), "Trailing space: \(line)")
        }
    }

    @Test("A command line requesting help renders the help for the path it names")
    func helpFromParsedCommandLine() throws {
        let path = try #require(try SampleTool.parser.parse(["help", "repair"]).helpPath)
        let expected = """
            OVERVIEW: Truncate a torn final line of an event log.

            USAGE: replay-tool repair <log> [--yes]

            ARGUMENTS:
              <log>                   The event log (JSON lines).

            OPTIONS:
              -y, --yes               Repair without asking for confirmation.
              -h, --help              Show help information.

            """
        #expect(HelpFormatter.help(for: path, root: SampleTool.root, toolName: "replay-tool") == expected)
    }
}
