import EventLogFile

/// `replay-tool`: inspect and maintain MoreSleep event logs. The binary's `main` only
/// calls `run`; everything else is here, so tests run it in process.
public enum ReplayTool {
    /// The tool's name in help and errors.
    public static let name = "replay-tool"

    /// The tool's version, the one place it is written: `replay-tool --version` prints it.
    public static let version = "0.13.0"

    static let logArgument = ArgumentSpecification(name: "log", help: "The event log (JSON lines, docs/log-format.md).")

    /// The log of a command that also folds a log set.
    static let logOrLogSetArgument = ArgumentSpecification(
        name: "log", help: "The event log (JSON lines, docs/log-format.md), or a log set: a directory of streams, one per device (docs/sync.md).")

    /// The command tree.
    public static let specification = CommandSpecification(
        name: name,
        abstract: "Inspect and maintain MoreSleep event logs.",
        discussion: """
            Exit codes: 0 success; 1 a check found problems; 64 wrong usage; 65 the log or \
            input is invalid; 66 an input file is missing or unreadable, or the log is \
            writable by others (chmod 600 it); 74 an I/O error \
            while writing; 75 try again (the log's lock was not had in time, or the log \
            moved past the expected seq). Results go to standard output, diagnostics to \
            standard error.
            """,
        options: [.flag("version", help: "Print the tool's version and exit.")],
        subcommands: [
            VerifyCommand.specification, StatsCommand.specification, ShowCommand.specification, WhyCommand.specification,
            TraceCommand.specification, ScoresCommand.specification, InsightsCommand.specification, ReportCommand.specification, RepairCommand.specification,
            CheckpointCommand.specification, AppendCommand.specification, ImportHealthCommand.specification, SimulateCommand.specification,
            SyncCommand.specification, MessagesCommand.specification, GoldenCommand.specification, DiffCommand.specification,
            InspectCommand.specification, ShareCommand.specification,
        ]
    )

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], console: ToolConsole) -> ExitCode {
        if arguments.first == "--version" {
            guard arguments.count == 1 else {
                let error = UsageError(message: "'--version' takes no other argument, but '\(arguments[1])' was given")
                console.error(HelpFormatter.errorText(error, root: specification, toolName: name))
                return .usage
            }
            console.output("\(name) \(version)\n")
            return .success
        }
        guard !arguments.isEmpty else {
            // No command: a usage error (a script that forgot its arguments must not pass),
            // with the help on standard error, where a person still sees it.
            console.error(HelpFormatter.help(for: [], root: specification, toolName: name))
            return .usage
        }
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser(root: specification).parse(arguments)
        } catch {
            console.error(HelpFormatter.errorText(error, root: specification, toolName: name))
            return .usage
        }
        switch outcome {
        case .help(let path):
            console.output(HelpFormatter.help(for: path, root: specification, toolName: name))
            return .success
        case .run(let parsed):
            do {
                switch parsed.commandPath.first {
                case VerifyCommand.specification.name: return try VerifyCommand.run(parsed, console: console)
                case StatsCommand.specification.name: return try StatsCommand.run(parsed, console: console)
                case ShowCommand.specification.name: return try ShowCommand.run(parsed, console: console)
                case WhyCommand.specification.name: return try WhyCommand.run(parsed, console: console)
                case TraceCommand.specification.name: return try TraceCommand.run(parsed, console: console)
                case ScoresCommand.specification.name: return try ScoresCommand.run(parsed, console: console)
                case InsightsCommand.specification.name: return try InsightsCommand.run(parsed, console: console)
                case ReportCommand.specification.name: return try ReportCommand.run(parsed, console: console)
                case SimulateCommand.specification.name: return try SimulateCommand.run(parsed, console: console)
                case RepairCommand.specification.name: return try RepairCommand.run(parsed, console: console)
                case CheckpointCommand.specification.name: return try CheckpointCommand.run(parsed, console: console)
                case AppendCommand.specification.name: return try AppendCommand.run(parsed, console: console)
                case ImportHealthCommand.specification.name: return try ImportHealthCommand.run(parsed, console: console)
                case SyncCommand.specification.name: return try SyncCommand.run(parsed, console: console)
                case MessagesCommand.specification.name: return try MessagesCommand.run(parsed, console: console)
                case GoldenCommand.specification.name: return try GoldenCommand.run(parsed, console: console)
                case DiffCommand.specification.name: return try DiffCommand.run(parsed, console: console)
                case InspectCommand.specification.name: return try InspectCommand.run(parsed, console: console)
                case ShareCommand.specification.name: return try ShareCommand.run(parsed, console: console)
                default:
                    console.error(HelpFormatter.help(for: [], root: specification, toolName: name))
                    return .usage
                }
            } catch let error as UsageError {
                console.error(HelpFormatter.errorText(error, root: specification, toolName: name))
                return .usage
            } catch let error as EventLogFileError {
                console.error("\(error.description)\n")
                return ExitCode(error)
            } catch {
                console.error("\(name): \(error)\n")
                return .ioError
            }
        }
    }
}
