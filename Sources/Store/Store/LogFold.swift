import Commands
import EventLogFile
import Events
import Projections

/// Folding a whole log into a projection: the one place that streams a log in (`at`,
/// `seq`) order into a `ProjectionRunner`, starts again from empty when the reader starts
/// again (events that arrived late), and turns a torn tail into a warning.
///
/// Used by the store (`MoreSleepStore`), every `replay-tool` command that folds a log and
/// `replay-bench`. It reads the file synchronously: a front end does not call it on the
/// main actor; it opens the store with `MoreSleepStore.open(path:environment:)`, which folds
/// on a thread of its own.
///
/// Public and `@inlinable` on purpose: callers in other modules then get it specialised for
/// their state; as `package` the full replay was slower (docs/ARCHITECTURE.md).
public enum LogFold {
    /// Folds the log file at `path`, streamed (a file is never held whole).
    ///
    /// - Parameters:
    ///   - position: which events are folded (all by default).
    ///   - notice: how a torn tail is worded as a warning of the fold (`seq` `nil`); `nil`
    ///     leaves it out (the summary still has it).
    ///   - invalidLines: whether an invalid line stops the fold (the default) or is left
    ///     out with a warning (`LogIssue.leftOutWarning(file:)`), the sound lines folded.
    ///   - restart: called when the reader starts again from the first event: the runner
    ///     is then fresh, and whatever the caller gathers in `beforeEach` must start again.
    ///   - beforeEach: called with each event before the runner applies it (to gather more,
    ///     or to apply other events first).
    /// - Returns: the runner (state and warnings) and what the reader found.
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
    ///
    /// - Returns: the runner (state and warnings) and the torn tail, if the log ends with one.
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

    /// The fold itself, over any reader that streams events in (`at`, `seq`) order and
    /// says what it found (`Read`), with the torn tail in it.
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
