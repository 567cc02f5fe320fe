import EventLogFile
import Events
import Projections

/// A log folded into `LogState` as of an instant and a seq (domain.md §8), for `show` and
/// `why`.
struct LogStateFold {
    /// The folded state and the warnings of the fold (a torn tail included).
    var runner: ProjectionRunner<LogState>
    /// What the read found.
    var summary: EventLogReader.Summary
    /// The query instant: the one asked for, else the largest `at` among the lines read
    /// (the first `untilSeq` with `--until-seq`); `nil` for an empty log without one.
    var asOf: Instant?

    /// Folds the log at `path` in (`at`, `seq`) order: the events whose `at` is at or
    /// before `instant` (all when `nil`), among the first `untilSeq` lines (all when
    /// `nil`). Without `instant`, `asOf` is the largest `at` among those lines, opaque
    /// events included (domain.md §8: "the largest `at` in the log"), so folding everything
    /// and folding as of that instant are the same.
    static func fold(path: String, at instant: Instant?, untilSeq: Int?) throws(EventLogFileError) -> LogStateFold {
        let position = ReplayPosition(instant: instant, untilSeq: untilSeq)
        var runner = ProjectionRunner<LogState>(position: position)
        var latest: Instant?
        let summary = try EventLogReader.forEachEventInTimeOrder(path: path, restart: {
            runner = ProjectionRunner<LogState>(position: position)
            latest = nil
        }, { event in
            if untilSeq.map({ event.seq <= $0 }) ?? true,
               latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
                latest = event.at
            }
            runner.apply(event)
        })
        if let torn = summary.tornTail {
            runner.warn(.init(seq: nil, message: "\(torn.description) — not read; 'replay-tool repair' removes it"))
        }
        return LogStateFold(runner: runner, summary: summary, asOf: instant ?? latest)
    }

    /// The line a command that reads a log for its figures (`report`, `scores`) writes on
    /// standard error when the log ends with a torn tail: where it is, that it was not
    /// read, and the command that removes it.
    static func tornTailNotice(_ torn: TornTail, path: String) -> String {
        "\(path):\(torn.firstLine): \(torn.description) — not read; run '\(ReplayTool.name) repair \(path)' to remove it\n"
    }

    /// The instant of the option `name`: RFC 3339 with an offset, or a usage error naming
    /// the option; `nil` when the option was not given.
    static func instant(option name: String, in arguments: ParsedArguments) throws(UsageError) -> Instant? {
        guard let text = arguments.value(name) else { return nil }
        do {
            return try Instant(rfc3339: text)
        } catch {
            throw UsageError(
                message: "The value '\(text)' is invalid for '--\(name)': \(error.description)",
                commandPath: arguments.commandPath
            )
        }
    }

    /// The option shared by `show` and `why`.
    static let atOption = OptionSpecification.value(
        "at", valueName: "instant",
        help: "Fold the events whose 'at' is at or before this instant, and answer as of it: RFC 3339 with an offset, such as 2026-11-30T21:00:00+01:00.",
        defaultDescription: "the largest 'at' in the log"
    )
}
