import Commands
import Store
import EventLogFile

/// How a reading command uses a log's checkpoints (`--checkpoints DIR`, `--no-checkpoint`),
/// and what it says about them on standard error: which checkpoint it started from, and
/// each one it passed over and why. The output on standard output is byte-identical with a
/// checkpoint or without.
struct CheckpointChoice {
    /// The folder, `nil` with `--no-checkpoint`; `LOG.checkpoints` beside the log by default.
    var folderOption: String?
    var isOff: Bool

    /// The options every reading command takes.
    static let options: [OptionSpecification] = [
        .value(
            "checkpoints", valueName: "dir",
            help: "Start from the newest valid checkpoint in this folder (see 'replay-tool checkpoint').",
            defaultDescription: "LOG.checkpoints beside a log file; DIR/checkpoints in a log set"
        ),
        .flag("no-checkpoint", help: "Fold every line, ignoring checkpoints (the output is the same, only slower)."),
    ]

    /// Checkpoints not used, and nothing said (tests of a fold's output).
    static let unused = CheckpointChoice(folderOption: nil, isOff: true)

    init(folderOption: String?, isOff: Bool) {
        self.folderOption = folderOption
        self.isOff = isOff
    }

    init(_ arguments: ParsedArguments) {
        folderOption = arguments.value("checkpoints")
        isOff = arguments.flag("no-checkpoint")
    }

    /// The folder of the checkpoints of the log at `path`, or `nil` when they are not used:
    /// `LOG.checkpoints` beside a log file, `DIR/checkpoints` inside a log set, unless
    /// `--checkpoints` names one.
    func folder(forLogAt path: String) -> String? {
        guard !isOff else { return nil }
        if let folderOption { return folderOption }
        return LogSetDirectory.isDirectory(path) ? CheckpointFolder.defaultPath(forLogSetAt: path) : CheckpointFolder.defaultPath(forLogAt: path)
    }

    /// Writes on standard error which checkpoint `fold` started from, and each checkpoint it
    /// passed over; nothing when the folder held none.
    func report(_ fold: CheckpointedFold, console: ToolConsole) {
        report(problems: fold.problems, startedFrom: fold.startedFrom, linesAfter: fold.linesAfterCheckpoint, anyValid: !fold.validCheckpoints.isEmpty, console: console)
    }

    private func report(problems: [CheckpointProblem], startedFrom: CheckpointEntry?, linesAfter: Int, anyValid: Bool, console: ToolConsole) {
        for problem in problems {
            console.error("\(ReplayTool.name): \(problem.warning)\n")
        }
        if let entry = startedFrom {
            let lines = linesAfter == 1 ? "1 line" : "\(linesAfter) lines"
            let covers = entry.header.isLogSet ? "covering \(entry.header.eventCount) events" : "seq \(entry.header.lastSeq)"
            console.error("\(ReplayTool.name): started from checkpoint \(entry.fileName) (\(covers)), then folded \(lines) after it; --no-checkpoint folds every line\n")
        } else if !problems.isEmpty || anyValid {
            console.error("\(ReplayTool.name): no checkpoint could be the start (the lines after each are dated before it, or it folds what the position leaves out): folded every line\n")
        }
    }
}
