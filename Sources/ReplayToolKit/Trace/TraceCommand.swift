import Commands
import EventLogFile
import Events
import Projections
import Store

/// `replay-tool trace LOG --figure debt|streak|sleep [--night D] [--from D] [--to D] [--at INSTANT]`:
/// how a sleep figure changed, step by step, and why.
///
/// One `ProjectionRunner` folds the log in (`at`, `seq`) order, a step at a time
/// (`TraceStep`: an event, a batch, or a HealthKit delivery). Before a step the figure
/// learns what the step can reach (`StepReach`) and keeps its values of those nights; after
/// it, it works out only those nights again, as of the step's last `at`, and says what
/// changed. So a trace costs one fold and, per step, the nights that step touched, never
/// every night again; with `--night` or `--from/--to`, a step that cannot touch those nights
/// costs nothing beyond the fold.
enum TraceCommand {
    static let specification = CommandSpecification(
        name: "trace",
        abstract: "Trace how a sleep figure changed, step by step, and why.",
        discussion: """
            Folds the log once in ('at', seq) order, like 'show', a step at a time, and \
            compares the figure before and after each step, as of the step's last 'at'. A \
            step is one event, except that a batch (consecutive events of one append) and a \
            HealthKit delivery (consecutive sample events of one source, tz and night, each \
            at most 15 minutes after the one before) are one step each, so a night never \
            shows half-delivered. Prints a line for each step that changed the figure: the \
            step (seq or first–last seq and count, type, the night it names, instant, \
            source), the nights whose part in the figure it touched, and old → new; then, \
            indented, why (the samples it brought, changed or deleted, and each touched \
            night's part). A change time alone made (the debt's windows moving to a new \
            night before the next event) is a step of its own, 'the window moved to night \
            D', never blamed on that event. Ends with where the figure comes from as of the \
            instant: --at, else the log's last 'at', or with --night D the end of that \
            night (said on standard error).

            Figures: 'debt', the 7- and 14-night sleep debt and their nights with data \
            (docs/rules.md §6); 'streak', the current and best bedtime streaks; 'sleep', each \
            night's record (asleep, stages, awake, interruptions, latency, efficiency, \
            naps, onset, final wake, sources); 'sri', the Sleep Regularity Index of the 14 \
            nights that are over and of the 14 before (docs/rules.md §12), each pair of \
            nights with its matching minutes. Minutes are whole, rounded half up as in \
            'show': a change smaller than that is not a change. --night, or --from and \
            --to, limit the nights shown and the steps to those that touched one of them, \
            and the work: a step that cannot touch them costs only its fold.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value("figure", valueName: "figure", help: "The figure to trace: debt, streak, sleep or sri.", isRequired: true),
            .value("night", valueName: "date", help: "Only this night, as the date of its evening (YYYY-MM-DD); not with --from or --to."),
            .value("from", valueName: "date", help: "Only nights from this one on (YYYY-MM-DD)."),
            .value("to", valueName: "date", help: "Only nights up to this one (YYYY-MM-DD)."),
            LogStateFold.atOption,
            SkipChoice.option,
            LogStateFold.skipInvalidOption,
        ]
    )

    /// The instant `trace --night D` answers as of without `--at`: the end of night D (the
    /// last millisecond before noon the next day, on the log's clock then), so that where
    /// the figure comes from is shown with D in its windows, not as of a later night that
    /// leaves D out; standard error says so. `nil` for a log that names no zone yet.
    static func endOfNight(_ night: LocalDate, forLogAt path: String, arguments: ParsedArguments, console: ToolConsole) throws -> Instant? {
        guard let local = LocalDateTime(date: night.adding(days: 1), hour: 11, minute: 59, second: 59, millisecond: 999),
              let reading = try AtChoice.reading(local, forLogAt: path, arguments: arguments)
        else { return nil }
        console.error("--night \(night.iso) without --at: as of the end of that night, \(reading.instant.rfc3339) on the clock of \(reading.zone) (--at gives another instant)\n")
        return reading.instant
    }

    /// The figures `--figure` names.
    enum Figure: String, CaseIterable {
        case debt, streak, sleep, sri
    }

    /// Runs `trace`: the text on standard output, exit 0; usage errors and log errors are
    /// thrown, and `ReplayTool` turns them into 64, 65, 66 like for `show`.
    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let figure = try Self.figure(in: arguments)
        let nights = try NightFilter(nightOrFromAndTo: arguments)
        let at = try AtChoice(option: "at", in: arguments)
        let skip = try SkipChoice(arguments)
        try LogSetAnnouncement.announce(path, console: console)
        var instant = try at?.instant(forLogAt: path, arguments: arguments, console: console)
        if at == nil, let night = try NightFilter.date(option: "night", in: arguments) {
            instant = try endOfNight(night, forLogAt: path, arguments: arguments, console: console)
        }
        let invalidLines = LogStateFold.invalidLines(arguments)
        let skipping = try skip?.resolve(forLogAt: path, invalidLines: invalidLines, arguments: arguments)
        // A trace reads every line (it uses no checkpoint): nothing to say about them.
        skipping?.announce(console: console, usesCheckpoints: false)
        let skipped = skipping?.places ?? []
        let text: String
        switch figure {
        case .debt: text = try trace(DebtFigure(), path: path, nights: nights, at: instant, invalidLines: invalidLines, skipping: skipped)
        case .streak: text = try trace(StreakFigure(), path: path, nights: nights, at: instant, invalidLines: invalidLines, skipping: skipped)
        case .sri: text = try trace(SRIFigure(), path: path, nights: nights, at: instant, invalidLines: invalidLines, skipping: skipped)
        case .sleep: text = try trace(SleepFigure(), path: path, nights: nights, at: instant, invalidLines: invalidLines, skipping: skipped)
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

    /// What a trace did besides its text: for the tests that hold it to linear work.
    struct Work: Equatable {
        /// Steps folded, and the most events one held.
        var steps = 0
        var largestStep = 0
        /// Night parts the figure worked out, in all and at most in one step.
        var recomputedNights = 0
        var mostRecomputedInAStep = 0
    }

    /// Folds the log at `path` step by step (`TraceStep`) and says how `figure` changed.
    static func trace<Figure: TracedFigure>(
        _ figure: Figure, path: String, nights: NightFilter, at instant: Instant?, invalidLines: EventLogReader.InvalidLines = .stop,
        skipping skipped: Set<ReplayPosition.Place> = []
    ) throws(EventLogFileError) -> String {
        try traceWithWork(figure, path: path, nights: nights, at: instant, invalidLines: invalidLines, skipping: skipped).text
    }

    /// `trace`, with the work it took. The events `skipped` names are left out of the fold
    /// (`--skip`), their `at` still counting for the default instant.
    static func traceWithWork<Figure: TracedFigure>(
        _ figure: Figure, path: String, nights: NightFilter, at instant: Instant?, invalidLines: EventLogReader.InvalidLines = .stop,
        skipping skippedEvents: Set<ReplayPosition.Place> = []
    ) throws(EventLogFileError) -> (text: String, work: Work) {
        let position = ReplayPosition(instant: instant, skipped: skippedEvents)
        var tracer = Tracer(figure: figure, position: position, nights: nights)
        var assembler = StepAssembler()
        var latest: Instant?
        func consume(_ event: RecordedEvent) {
            if latest.map({ event.at.millisecondsSince1970 >= $0.millisecondsSince1970 }) ?? true {
                latest = event.at
            }
            guard position.includes(event) else { return }
            if let step = assembler.add(event) { tracer.fold(step) }
        }
        var tornTails: [(notice: String?, tornTail: TornTail)] = []
        var setWarnings: [ProjectionWarnings.Warning] = []
        var skipped: [String] = []
        if LogSetDirectory.isDirectory(path) {
            // A log set: its events in fold order (docs/sync.md).
            let read = try LogSetFold.read(.logSet(LogSetDirectory(path: path)), invalidLines: invalidLines, skipping: skippedEvents)
            skipped = read.skippedLines.map { $0.issue.leftOutWarning(file: $0.stream?.fileName) }
            for event in read.events { consume(event) }
            // The latest instant counts the copies left out too, as a read of every line would.
            latest = read.latestLineAt
            setWarnings = read.conflicting.filter { position.includes($0.event) }.map(\.warning)
            tornTails = read.tornTails.map { ($0.stream.warningPrefix, $0.tornTail) }
        } else {
            let summary = try EventLogReader.forEachEventInTimeOrder(path: path, invalidLines: invalidLines, restart: {
                tracer = Tracer(figure: figure, position: position, nights: nights)
                assembler = StepAssembler()
                latest = nil
            }, consume)
            tornTails = summary.tornTail.map { [(nil, $0)] } ?? []
            skipped = summary.skippedLines.map { $0.leftOutWarning() }
        }
        if let step = assembler.finish() { tracer.fold(step) }
        if let asOf = instant ?? latest { tracer.passTime(to: asOf) }
        var runner = tracer.runner
        for warning in setWarnings { runner.warn(warning) }
        for line in skipped { runner.warn(.init(seq: nil, message: line)) }
        for (prefix, torn) in tornTails {
            runner.warn(.init(seq: nil, message: (prefix ?? "") + LogStateFold.foldWarning.text(torn)))
        }
        // A log set folds in (`at`, stream, `seq`) order (docs/sync.md); a file in (`at`, `seq`).
        let order = LogSetDirectory.isDirectory(path) ? "('at', stream, seq)" : "('at', seq)"
        var text = "\(figure.title), as of each step's last instant, for \(nights.description); events in \(order) order, a HealthKit delivery or a batch as one step:\n"
        text += tracer.lines.map { $0 + "\n" }.joined()
        let folded = runner.appliedCount
        let steps = tracer.work.steps
        text += "\(tracer.changedCount) of \(steps) step\(steps == 1 ? "" : "s") (\(folded) event\(folded == 1 ? "" : "s") folded) changed it"
        let moves = tracer.timeChangedCount
        text += moves == 0 ? ".\n\n" : ", and time alone \(moves == 1 ? "once" : "\(moves) times") (the window moving to a new night).\n\n"
        if let asOf = instant ?? latest {
            text += tracer.figure.origin(of: runner.state, at: asOf, nights: nights)
        } else {
            text += "where it comes from: nothing (the log holds no events; give --at)\n"
        }
        if !runner.warnings.isEmpty {
            text += "\n" + ShowCommand.renderWarnings(runner.warnings)
        }
        return (text, tracer.work)
    }

    /// The fold of a trace, step by step, and the lines of the steps that changed the figure.
    private struct Tracer<Figure: TracedFigure> {
        var figure: Figure
        var runner: ProjectionRunner<LogState>
        let nights: NightFilter
        var lines: [String] = []
        var changedCount = 0
        /// How many times time alone changed the figure (a window moving to a new night).
        var timeChangedCount = 0
        var work = Work()

        init(figure: Figure, position: ReplayPosition, nights: NightFilter) {
            self.figure = figure
            self.runner = ProjectionRunner<LogState>(position: position)
            self.nights = nights
        }

        /// A line under a step about one of its events, and the nights it is about.
        struct Note {
            var text: String
            var nights: [LocalDate]
        }

        /// Notes how the figure changed as time alone moved on to `now` (before a step, or at
        /// the trace's end): a step of its own, "the window moved to night D".
        mutating func passTime(to now: Instant) {
            let changes = figure.timePassed(state: runner.state, to: now, nights: nights).filter { nights.isAll || $0.nights.contains(where: nights.contains) }
            guard !changes.isEmpty else { return }
            timeChangedCount += 1
            let night = runner.state.nightPlans.night(holding: now)
            for change in changes {
                lines.append("the window moved to night \(night.iso) (time passed; no event) — " + change.summary)
                lines += change.reasons.map { "    " + $0 }
            }
        }

        /// Folds one step's events and notes how the figure changed.
        mutating func fold(_ events: [RecordedEvent]) {
            passTime(to: events[0].at)
            let reach = StepReach(events, state: runner.state)
            let recomputedBefore = figure.recomputedNights
            let isTraced = figure.prepare(reach, state: runner.state, firstAt: events[0].at, nights: nights)
            var applied: [RecordedEvent] = []
            var notes: [Note] = []
            for event in events {
                let heldSample = isTraced ? TraceEventNote.heldSample(for: event, in: runner.state) : nil
                let appliedBefore = runner.appliedCount
                runner.apply(event)
                guard runner.appliedCount > appliedBefore else { continue }
                applied.append(event)
                guard isTraced, let text = TraceEventNote.note(for: event, heldSample: heldSample, state: runner.state, newSamples: figure.notesNewSamples) else { continue }
                notes.append(Note(text: text, nights: Self.nights(of: event, heldSample: heldSample, state: runner.state)))
            }
            // A step none of whose events was folded (repeated ids, unknown types) changed nothing.
            guard let last = applied.last else { return }
            work.steps += 1
            work.largestStep = max(work.largestStep, applied.count)
            defer {
                let recomputed = figure.recomputedNights - recomputedBefore
                work.recomputedNights += recomputed
                work.mostRecomputedInAStep = max(work.mostRecomputedInAStep, recomputed)
            }
            guard isTraced else {
                figure.skipped(reach, state: runner.state, at: last.at)
                return
            }
            let changes = figure.changes(after: reach, state: runner.state, at: last.at).filter { nights.isAll || $0.nights.contains(where: nights.contains) }
            guard !changes.isEmpty else { return }
            changedCount += 1
            let step = TraceStep(events: applied)
            for change in changes {
                lines.append(step.line(nights: change.nights) + change.summary)
                for note in notes where applied.count == 1 || note.nights.isEmpty || note.nights.contains(where: change.nights.contains) {
                    lines.append("    " + note.text)
                }
                lines += change.reasons.map { "    " + $0 }
            }
        }

        /// The nights a note is about: its sample's, before and after, or its manual night.
        static func nights(of event: RecordedEvent, heldSample: SleepSample?, state: LogState) -> [LocalDate] {
            var nights: [LocalDate] = []
            if let held = heldSample?.night { nights.append(held) }
            switch event.payload {
            case .sleepSampleIngested(let sample):
                if let night = state.sleep.night(ofSampleId: sample.sampleId), !nights.contains(night) { nights.append(night) }
            case .manualSleepLogged(let manual):
                if case .date(let night) = manual.night { nights.append(night) }
            default:
                break
            }
            return nights
        }
    }

    /// An event in words: `seq 138: wentToBed (night 2026-11-23) at 2026-11-23T23:02:00+01:00 from phone`.
    static func eventTitle(_ event: RecordedEvent) -> String {
        var line = "\(event.place): \(event.typeName)"
        line += event.payload.night.map { " (night \($0.text))" } ?? ""
        line += " at \(event.at.rfc3339)"
        line += event.event.source.map { " from \($0.rawValue)" } ?? ""
        return line
    }

    /// A step's `title`, ` — `, and the nights touched (`touched 2026-11-16: `).
    static func lineStart(_ title: String, nights: [LocalDate]) -> String {
        var line = title + " — "
        if !nights.isEmpty {
            line += "touched \(nights.map(\.iso).joined(separator: ", ")): "
        }
        return line
    }
}
