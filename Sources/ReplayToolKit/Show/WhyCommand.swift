import EventLogFile
import Events
import Projections

/// `replay-tool why LOG --night YYYY-MM-DD [--at INSTANT] [--skip SEQS]`.
enum WhyCommand {
    static let specification = CommandSpecification(
        name: "why",
        abstract: "Explain a night's plan: every revision and its cause.",
        discussion: """
            Folds the log as of the instant, like 'show', and prints the plan of the night \
            (bedtime, zone, wind-down, wake time, status), then its revisions, oldest \
            first: the event that caused each (seq, type, instant, source, id) and what \
            changed (created, bedtime, zone, sleep need). A night lists the revisions of \
            its own week (caused on the night 7 nights before it or later) and at most one \
            from before, standing for the plan as it stood then: the latest from before \
            that set the bedtime (the goal or override it came from), with how many other \
            ones it stands for; --all lists every revision instead. A plan created again \
            after a goal was cleared starts a fresh list. When the night has no plan as of \
            the instant, says so on standard output and exits 1.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [
            .value("night", valueName: "date", help: "The night, as the date of its evening (YYYY-MM-DD).", isRequired: true),
            LogStateFold.atOption,
            .flag("all", help: "List every revision of the night's plan, not only its week's and the one standing for those before."),
            SkipChoice.option,
            LogStateFold.skipInvalidOption,
        ] + CheckpointChoice.options
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let night = try Self.night(in: arguments)
        let skip = try SkipChoice(arguments)
        let instant = try AtChoice(option: "at", in: arguments)?.instant(forLogAt: path, arguments: arguments, console: console)
        let invalidLines = LogStateFold.invalidLines(arguments)
        let skipping = try skip?.resolve(forLogAt: path, invalidLines: invalidLines, arguments: arguments)
        let fold = try LogStateFold.fold(
            path: path, at: instant, untilSeq: nil, checkpoints: CheckpointChoice(arguments), console: console,
            invalidLines: invalidLines, skipping: skipping)
        let (text, found) = render(night: night, state: fold.runner.state, warnings: fold.runner.warnings, asOf: fold.asOf, listingEveryRevision: arguments.flag("all"))
        console.output(text)
        return found ? .success : .checkFailed
    }

    static func night(in arguments: ParsedArguments) throws(UsageError) -> LocalDate {
        guard let text = arguments.value("night") else {
            throw UsageError(message: "Missing expected argument '--night <date>'", commandPath: arguments.commandPath)
        }
        do {
            return try LocalDate(iso: text)
        } catch {
            throw UsageError(message: "The value '\(text)' is invalid for '--night': \(error.description)", commandPath: arguments.commandPath)
        }
    }

    /// The explanation, and whether the night has a plan; with `listingEveryRevision`, every
    /// revision of the plan instead of those within the revision horizon.
    static func render(night: LocalDate, state: LogState, warnings: ProjectionWarnings, asOf: Instant?, listingEveryRevision: Bool = false) -> (String, Bool) {
        let asOfText = asOf.map { "as of \(ZoneText(state.nightPlans.latestTimeZone).text($0))" } ?? "in an empty log"
        let plan = listingEveryRevision ? state.nightPlans.planListingEveryRevision(for: night) : state.nightPlans.plan(for: night)
        guard let asOf, let plan else {
            return ("night \(night.iso) has no plan \(asOfText)\n" + warningLines(warnings), false)
        }
        let zone = ZoneText(plan.timeZone)
        var text = "night \(night.iso) \(asOfText)\n"
        text += "  bedtime \(plan.bedtime.text) in \(plan.timeZone): \(zone.text(plan.bedtimeAt))\n"
        text += "  wind-down \(zone.text(plan.windDownStart)), wake \(zone.text(plan.wakeTime)), sleep need \(plan.values.sleepNeedMinutes) min\n"
        text += "  status \(plan.status(at: asOf).rawValue)\n"
        text += plan.revisions.count == 1 ? "1 revision:\n" : "\(plan.revisions.count) revisions, oldest first:\n"
        for (index, revision) in plan.revisions.enumerated() {
            let cause = revision.cause
            text += "  \(index + 1). \(cause.place): \(cause.typeName) at \(cause.at.rfc3339)"
            text += cause.source.map { " from \($0.rawValue)" } ?? ""
            text += " (id \(cause.id))\n"
            if revision.standsForEarlierPlan {
                let earlier = revision.earlierRevisionsNotListed
                let omitted = earlier == 0 ? "" : earlier == 1 ? "; 1 other revision from before not listed, see --all" : "; \(earlier) other revisions from before not listed, see --all"
                text += "     the bedtime as it stood before the night's week, set by this event (night \(revision.causeNight.iso)\(omitted)): \(revision.changeDescription)\n"
            } else {
                text += "     \(revision.changeDescription)\n"
            }
        }
        return (text + warningLines(warnings), true)
    }

    /// The fold's warnings, when there are any (a skipped event may be why a plan is not
    /// what was expected).
    static func warningLines(_ warnings: ProjectionWarnings) -> String {
        guard !warnings.isEmpty else { return "" }
        return ShowCommand.renderWarnings(warnings)
    }
}
