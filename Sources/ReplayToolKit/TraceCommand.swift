import EventLogFile
import Events
import Projections

/// `replay-tool trace LOG --figure debt|streak|sleep [--night D] [--from D] [--to D] [--at INSTANT]`:
/// how a sleep figure changed, event by event, and why.
///
/// One `ProjectionRunner` folds the log in (`at`, `seq`) order; after each event it applies,
/// the figure is asked of the state folded up to and including that event, as of that
/// event's `at` (`LogState.sleepDebt(at:)`, `streaks(at:)`, the sleep records), and
/// compared with the figure after the event before. So a trace costs one fold and one
/// figure per event.
enum TraceCommand {
    static let specification = CommandSpecification(
        name: "trace",
        abstract: "Trace how a sleep figure changed, event by event, and why.",
        discussion: """
            Folds the log one event at a time in ('at', seq) order, like 'show', and after \
            each event asks for the figure of the state folded up to and including it, as \
            of that event's 'at'. Prints a line for each event that changed the figure: the \
            event (seq, type, the night it names, instant, source), the nights whose part \
            in the figure it touched, and old → new; then, indented, why (the sample it \
            brought, changed or deleted, and each touched night's part). Ends with where the figure comes from as of the instant.

            Figures: 'debt', the 7- and 14-night sleep debt and their nights with data \
            (domain.md §6); 'streak', the current and best bedtime streaks; 'sleep', each \
            night's record (asleep, stages, awake, interruptions, latency, efficiency, \
            naps, onset, final wake, sources). Minutes are whole, rounded half up as in \
            'show': a change smaller than that is not a change. --night, or --from and \
            --to, limit the nights shown and the events to those that touched one of them.
            """,
        arguments: [ReplayTool.logArgument],
        options: [
            .value("figure", valueName: "figure", help: "The figure to trace: debt, streak or sleep.", isRequired: true),
            .value("night", valueName: "date", help: "Only this night, as the date of its evening (YYYY-MM-DD); not with --from or --to."),
            .value("from", valueName: "date", help: "Only nights from this one on (YYYY-MM-DD)."),
            .value("to", valueName: "date", help: "Only nights up to this one (YYYY-MM-DD)."),
            LogStateFold.atOption,
        ]
    )

    /// The figures `--figure` names.
    enum Figure: String, CaseIterable {
        case debt, streak, sleep
    }

    /// Runs `trace`: the text on standard output, exit 0; usage errors and log errors are
    /// thrown, and `ReplayTool` turns them into 64, 65, 66 like for `show`.
    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let figure = try Self.figure(in: arguments)
        let nights = try NightFilter(nightOrFromAndTo: arguments)
        let instant = try LogStateFold.instant(option: "at", in: arguments)
        let text: String
        switch figure {
        case .debt: text = try trace(DebtFigure(), path: path, nights: nights, at: instant)
        case .streak: text = try trace(StreakFigure(), path: path, nights: nights, at: instant)
        case .sleep: text = try trace(SleepFigure(), path: path, nights: nights, at: instant)
        }
        console.output(text)
        return .success
    }

    /// The `--figure` asked for, or a usage error naming the figures there are.
    static func figure(in arguments: ParsedArguments) throws(UsageError) -> Figure {
        guard let text = arguments.value("figure") else {
            throw UsageError(message: "Missing expected argument '--figure <figure>'", commandPath: arguments.commandPath)
        }
        guard let figure = Figure(rawValue: text) else {
            let allowed = Figure.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw UsageError(message: "The value '\(text)' is invalid for '--figure': expected one of \(allowed)", commandPath: arguments.commandPath)
        }
        return figure
    }

    /// Folds the log at `path` event by event and says how `figure` changed.
    static func trace<Figure: TracedFigure>(_ figure: Figure, path: String, nights: NightFilter, at instant: Instant?) throws(EventLogFileError) -> String {
        let position = ReplayPosition(instant: instant)
        var runner = ProjectionRunner<LogState>(position: position)
        var lines: [String] = []
        var previous: Figure.Snapshot?
        var latest: Instant?
        var changedCount = 0
        let summary = try EventLogReader.forEachEventInTimeOrder(path: path, restart: {
            runner = ProjectionRunner<LogState>(position: position)
            lines = []
            previous = nil
            latest = nil
            changedCount = 0
        }, { event in
            if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
                latest = event.at
            }
            let heldSample = TraceEventNote.heldSample(for: event, in: runner.state)
            let before = previous ?? figure.snapshot(of: runner.state, at: event.at)
            let appliedBefore = runner.appliedCount
            runner.apply(event)
            guard runner.appliedCount > appliedBefore else { return }
            let after = figure.snapshot(of: runner.state, at: event.at)
            previous = after
            let changes = figure.changes(from: before, to: after).filter { nights.isAll || $0.nights.contains(where: nights.contains) }
            guard !changes.isEmpty else { return }
            changedCount += 1
            let note = TraceEventNote.note(for: event, heldSample: heldSample, state: runner.state, newSamples: figure.notesNewSamples)
            for change in changes {
                lines.append(eventLine(event, nights: change.nights) + change.summary)
                if let note { lines.append("    " + note) }
                lines += change.reasons.map { "    " + $0 }
            }
        })
        if let torn = summary.tornTail {
            runner.warn(.init(seq: nil, message: "\(torn.description) — not read; 'replay-tool repair' removes it"))
        }
        var text = "\(figure.title), as of each event's instant, for \(nights.description); events in ('at', seq) order:\n"
        text += lines.map { $0 + "\n" }.joined()
        let folded = runner.appliedCount
        text += "\(changedCount) of \(folded) event\(folded == 1 ? "" : "s") folded changed it.\n\n"
        if let asOf = instant ?? latest {
            text += figure.origin(of: runner.state, at: asOf, nights: nights)
        } else {
            text += "where it comes from: nothing (the log holds no events; give --at)\n"
        }
        if !runner.warnings.isEmpty {
            text += "\n" + ShowCommand.renderWarnings(runner.warnings)
        }
        return text
    }

    /// The start of an event's line, up to the figure's old → new:
    /// `seq 138: wentToBed (night 2026-11-23) at 2026-11-23T23:02:00+01:00 from phone — touched 2026-11-16: `.
    static func eventLine(_ event: RecordedEvent, nights: [LocalDate]) -> String {
        var line = "seq \(event.seq): \(event.typeName)"
        line += event.payload.night.map { " (night \($0.text))" } ?? ""
        line += " at \(event.at.rfc3339)"
        line += event.event.source.map { " from \($0.rawValue)" } ?? ""
        line += " — "
        if !nights.isEmpty {
            line += "touched \(nights.map(\.iso).joined(separator: ", ")): "
        }
        return line
    }
}
