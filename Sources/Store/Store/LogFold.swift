import Commands
import EventLogFile
import Events
import Projections

/// Folds a whole log into a projection in (`at`, `seq`) order, starting again from empty
/// when the reader does (late events), and turns a torn tail into a warning. It reads
/// synchronously: a front end opens `MoreSleepStore`, which folds off the main actor.
///
/// Public and `@inlinable` so other modules get it specialised (docs/ARCHITECTURE.md).
public enum LogFold {
    /// Folds the log file at `path`, streamed (a file is never held whole).
    ///
    /// - Parameters:
    ///   - notice: how a torn tail is worded as a warning; `nil` leaves it out.
    ///   - invalidLines: whether an invalid line stops the fold or is left out with a warning.
    ///   - restart: called when the reader starts again from the first event (so must `beforeEach`'s gathering).
    ///   - beforeEach: called with each event before the runner applies it.
    @inlinable
    public static func fold<State: Projection>(
        path: String,
        position: ReplayPosition = .end,
        tornTail notice: TornTailNotice?,
        invalidLines: EventLogReader.InvalidLines = .stop,
        restart: () -> Void = {},
        beforeEach: (RecordedEvent, inout ProjectionRunner<State>) -> Void = { _, _ in }
    ) throws(EventLogFileError) -> (runner: ProjectionRunner<State>, summary: EventLogReader.Summary) {
        let (folded, summary) = try fold(position: position, tornTail: notice, restart: restart, beforeEach: beforeEach, reading: { restart, body throws(EventLogFileError) in
            try EventLogReader.forEachEventInTimeOrder(path: path, invalidLines: invalidLines, restart: restart, body)
        }, tornTailOf: \.tornTail)
        var runner = folded
        for issue in summary.skippedLines {
            runner.warn(.init(seq: nil, message: issue.leftOutWarning()))
        }
        return (runner, summary)
    }

    /// Folds `log` (a file streamed, memory sorted), as ``fold(path:position:tornTail:restart:beforeEach:)``.
    @inlinable
    public static func fold<State: Projection>(
        log: any EventLogStorage,
        position: ReplayPosition = .end,
        tornTail notice: TornTailNotice?,
        restart: () -> Void = {},
        beforeEach: (RecordedEvent, inout ProjectionRunner<State>) -> Void = { _, _ in }
    ) throws(EventLogFileError) -> (runner: ProjectionRunner<State>, tornTail: TornTail?) {
        try fold(position: position, tornTail: notice, restart: restart, beforeEach: beforeEach, reading: { restart, body throws(EventLogFileError) in
            try log.forEachEventInTimeOrder(restart: restart, body)
        }, tornTailOf: { $0 })
    }

    /// The fold itself, over any reader that streams events in (`at`, `seq`) order.
    @inlinable
    static func fold<State: Projection, Read>(
        position: ReplayPosition,
        tornTail notice: TornTailNotice?,
        restart: () -> Void,
        beforeEach: (RecordedEvent, inout ProjectionRunner<State>) -> Void,
        reading read: (_ restart: () -> Void, _ body: (RecordedEvent) -> Void) throws(EventLogFileError) -> Read,
        tornTailOf tornTail: (Read) -> TornTail?
    ) throws(EventLogFileError) -> (ProjectionRunner<State>, Read) {
        var runner = ProjectionRunner<State>(position: position)
        // `read` only calls these while it runs: they do not escape.
        let found = try withoutActuallyEscaping(restart) { restart throws(EventLogFileError) in
            try withoutActuallyEscaping(beforeEach) { beforeEach throws(EventLogFileError) in
                try read({
                    runner = ProjectionRunner<State>(position: position)
                    restart()
                }, { event in
                    beforeEach(event, &runner)
                    runner.apply(event)
                })
            }
        }
        if let notice, let torn = tornTail(found) {
            runner.warn(.init(seq: nil, message: notice.text(torn)))
        }
        return (runner, found)
    }
}
