import Commands
import EventLogFile
import Events
import Goldens
import Projections
import Store

/// A log folded into `LogState` as of an instant and a seq (docs/rules.md §8.1), for `show` and
/// `why`.
struct LogStateFold {
    /// The folded state and the warnings of the fold (a torn tail included).
    var runner: ProjectionRunner<LogState>
    /// The torn tails the read ended with: the log's, or each stream's of a log set, with
    /// the file's path.
    var tornTails: [(path: String, tornTail: TornTail)]
    /// The query instant: the one asked for, else the largest `at` among the lines read
    /// (the first `untilSeq` with `--until-seq`); `nil` for an empty log without one.
    var asOf: Instant?

    /// Folds the log at `path` in (`at`, `seq`) order: the events whose `at` is at or
    /// before `instant` (all when `nil`), among the first `untilSeq` lines (all when
    /// `nil`), from the newest usable checkpoint in `checkpoints` (none when `nil`; see
    /// ``CheckpointChoice``, which says on standard error which one was used and which were
    /// passed over). Without `instant`, `asOf` is the largest `at` among those lines, opaque
    /// events included (docs/rules.md §8.1: "the largest `at` in the log"), so folding
    /// everything and folding as of that instant are the same.
    ///
    /// With `invalidLines` `.skip` (`--skip-invalid`) the log is read from its first line
    /// whatever the checkpoints, the sound lines are folded, and each invalid line is left
    /// out with a warning, also written on standard error.
    ///
    /// With `skipping` (`--skip`, ``SkipChoice``) the events it found are left out as if their
    /// lines were not there, every line is folded (no checkpoint), and standard error says
    /// so; `asOf` still counts their `at`.
    static func fold(
        path: String, at instant: Instant?, untilSeq: Int?, checkpoints: CheckpointChoice = .unused, console: ToolConsole? = nil,
        invalidLines: EventLogReader.InvalidLines = .stop, skipping: SkipChoice.Resolved? = nil
    ) throws(EventLogFileError) -> LogStateFold {
        let position = ReplayPosition(instant: instant, untilSeq: untilSeq, skipped: skipping?.places ?? [])
        if let console {
            try LogSetAnnouncement.announce(path, console: console)
            skipping?.announce(console: console, usesCheckpoints: !checkpoints.isOff)
        } else if LogSetDirectory.isDirectory(path) {
            _ = try LogSetDirectory(path: path).listForReading()
        }
        // A log file, or a log set (every stream, in fold order), from its newest usable checkpoint.
        let source = LogSource(path: path)
        let folder = position.skipped.isEmpty ? checkpoints.folder(forLogAt: path) : nil
        let fold = try CheckpointedFold.fold(source, checkpoints: folder, position: position, invalidLines: invalidLines)
        if let console {
            checkpoints.report(fold, console: console)
            reportSkipped(fold.skippedLines, of: path, console: console)
        }
        return LogStateFold(
            runner: fold.warnedRunner(foldWarning), tornTails: fold.tornTails.map { (source.path(of: $0.stream), $0.tornTail) },
            asOf: instant ?? fold.latestLineAt)
    }

    /// ``fold(path:at:untilSeq:checkpoints:console:invalidLines:skipping:)`` of every line, for a command that reads a
    /// log for its figures (`report`, `scores`): when the log ends with a torn tail, it also
    /// writes on standard error where the tail is, that it was not read, and the command that
    /// removes it.
    static func foldForFigures(
        path: String, at instant: Instant?, checkpoints: CheckpointChoice, console: ToolConsole, invalidLines: EventLogReader.InvalidLines = .stop,
        skipping: SkipChoice.Resolved? = nil
    ) throws(EventLogFileError) -> LogStateFold {
        let fold = try fold(
            path: path, at: instant, untilSeq: nil, checkpoints: checkpoints, console: console, invalidLines: invalidLines, skipping: skipping)
        for (file, torn) in fold.tornTails {
            console.error(TornTailNotice(.file(path: file), .runRepair(tool: ReplayTool.name, path: file)).text(torn) + "\n")
        }
        return fold
    }

    /// The warning a fold of the tool adds for a torn tail (`show`, `why`, `trace`, `report`,
    /// `scores`): what it is, that it was not read, and the command that removes it.
    /// (The words golden views use too, so that `golden` and `show --json` print the same.)
    static let foldWarning = GoldenViews.tornTailNotice

    /// Says on standard error which invalid lines a fold left out, and how many.
    static func reportSkipped(_ skipped: [String], of path: String, console: ToolConsole) {
        guard !skipped.isEmpty else { return }
        for line in skipped { console.error("\(path): \(line)\n") }
        let count = skipped.count == 1 ? "1 invalid line was" : "\(skipped.count) invalid lines were"
        console.error("\(path): --skip-invalid: \(count) left out; the figures are of the sound lines only\n")
    }

    /// `--skip-invalid`, for every command that reads a log (never `append`).
    static let skipInvalidOption = OptionSpecification.flag(
        "skip-invalid",
        help: "Read on past invalid lines: fold the sound ones, and list each line left out on standard error and among the warnings (the log is read from its first line, no checkpoint used)."
    )

    /// What `--skip-invalid` asks of the read.
    static func invalidLines(_ arguments: ParsedArguments) -> EventLogReader.InvalidLines {
        arguments.flag("skip-invalid") ? .skip : .stop
    }

    /// The `--at` option of every command that answers as of an instant (``AtChoice``).
    static let atOption = OptionSpecification.value(
        "at", valueName: "instant",
        help: AtChoice.help,
        defaultDescription: "the largest 'at' in the log"
    )
}
