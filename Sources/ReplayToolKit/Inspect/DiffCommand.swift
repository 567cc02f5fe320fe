import EventLogFile
import Events
import Store
import Foundation
import Goldens
import StrictJSON

/// `replay-tool diff A.json B.json`: two JSON views compared field by field; and
/// `replay-tool diff LOG --seq N`: what one step of a log changed (``StepChange``).
enum DiffCommand {
    static let specification = CommandSpecification(
        name: "diff",
        abstract: "Compare two JSON views field by field, or show what one event of a log changed.",
        discussion: """
            With two files: reads two JSON views (what 'show --json' prints: of two logs, or \
            of one log under two versions of the library) and prints each field that differs \
            on a line of its own, by its path from the root, with its value in A then in B \
            ('plans[3].bedtime: "23:15" → "23:30"'; (absent) where one lacks it). Keys in \
            another order agree.

            With a log and --seq N: folds the log from its first line and prints what the \
            step holding that event changed in the JSON view: the view just before the step \
            and just after it, both as of the step's last instant, with the nights the step \
            can touch in plans, sleep, exits.byNight and scores. A step is what 'trace' calls \
            one: an event, a batch, or a HealthKit delivery. In a log set name the event as \
            STREAM:SEQ.

            Exits 1 when the views differ (the step changed something), 0 when every field \
            agrees.
            """,
        arguments: [
            ArgumentSpecification(name: "a", help: "The first JSON view (a file), or with --seq the log (a file or a log set's folder)."),
            ArgumentSpecification(name: "b", help: "The second JSON view (a file); not with --seq.", isOptional: true),
        ],
        options: [
            .value("seq", valueName: "seq", help: "The event whose step to show: its seq, or STREAM:SEQ in a log set."),
            LogStateFold.skipInvalidOption,
        ]
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let first = try arguments.positional("a")
        if let seq = arguments.value("seq") {
            guard (try? arguments.positional("b")) == nil else {
                throw UsageError(message: "'--seq' compares one log's step with itself: give the log alone, not a second file", commandPath: arguments.commandPath)
            }
            return try showStep(seq, log: first, arguments: arguments, console: console)
        }
        guard (try? arguments.positional("b")) != nil else {
            throw UsageError(message: "Missing expected argument '<b>' (or '--seq N' to show what one event of the log '\(first)' changed)", commandPath: arguments.commandPath)
        }
        guard !arguments.flag("skip-invalid") else {
            throw UsageError(message: "'--skip-invalid' reads a log: use it with '--seq'", commandPath: arguments.commandPath)
        }
        let second = try arguments.positional("b")
        let left = try read(first), right = try read(second)
        let differences = JSONDifference.between(expected: left, actual: right)
        for difference in differences { console.output("\(difference)\n") }
        console.output(differences.isEmpty ? "the views agree\n" : "\(differences.count) field\(differences.count == 1 ? "" : "s") differ\n")
        return differences.isEmpty ? .success : .checkFailed
    }

    /// `diff LOG --seq N`.
    private static func showStep(_ text: String, log path: String, arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        try LogSetAnnouncement.announce(path, console: console)
        let place = try EventPlaceArgument.one(text, option: "seq", isLogSet: LogSetDirectory.isDirectory(path), commandPath: arguments.commandPath)
        let history = try StepHistory.walk(path: path, choice: .holding(place), invalidLines: LogStateFold.invalidLines(arguments))
        for notice in history.notices { console.error("\(path): \(notice)\n") }
        guard let change = history.changes.first else {
            throw UsageError(message: "the log has no event at \(EventPlace.name(seq: place.seq, stream: place.stream)) (it holds \(history.eventCount) event\(history.eventCount == 1 ? "" : "s")); nothing was compared", commandPath: arguments.commandPath)
        }
        console.output(change.text)
        let event = change.step.events.first { $0.seq == place.seq && $0.stream == place.stream } ?? change.step.first
        let chain = history.causes(of: event)
        if !chain.isEmpty {
            console.output("caused by: " + chain.map(\.text).joined(separator: " ← ") + "\n")
        }
        return change.differences.isEmpty ? .success : .checkFailed
    }

    /// The text of the JSON file at `path`.
    ///
    /// - Throws: `EventLogFileError`: `.notFound` when it cannot be read, `.invalidLine` (a
    ///   data error) when it is not JSON, naming where.
    private static func read(_ path: String) throws(EventLogFileError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: path) else {
            throw EventLogFileError(code: .notFound, message: "no such JSON file; nothing was compared", path: path)
        }
        let text = String(decoding: data, as: UTF8.self)
        do {
            _ = try JSONParser.parse(text)
        } catch {
            throw EventLogFileError(code: .invalidLine, message: "not a JSON view: \(error); nothing was compared", path: path)
        }
        return text
    }
}
