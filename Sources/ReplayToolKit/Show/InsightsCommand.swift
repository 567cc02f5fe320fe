import EventLogFile
import Events
import Projections

/// `replay-tool insights LOG [--at INSTANT]`: the coach's figures and the nights behind each.
enum InsightsCommand {
    static let specification = CommandSpecification(
        name: "insights",
        abstract: "Explain the coach's figures: the nights behind each insight.",
        discussion: """
            The figures of show --json's 'insights' (docs/rules.md §9) as of the instant, \
            each with the nights it was computed from: the window's counted nights (work or \
            free, onset, final wake, mid-sleep, duration, asleep) for the body clock and \
            the bedtime to aim for; for each of the nine checklist reminders, its nights, \
            oldest first, and whether the item was done before the reminder, after it, not done \
            with an answer to the notification, or ignored; the routine comparison's nights \
            with the items done by bedtime; and the nights of the two-weeks-short flag. \
            Clock readings are local, in the zone of each night's record.
            """,
        arguments: [ReplayTool.logOrLogSetArgument],
        options: [LogStateFold.atOption, LogStateFold.skipInvalidOption] + CheckpointChoice.options
    )

    static func run(_ arguments: ParsedArguments, console: ToolConsole) throws -> ExitCode {
        let path = try arguments.positional("log")
        let instant = try AtChoice(option: "at", in: arguments)?.instant(forLogAt: path, arguments: arguments, console: console)
        let fold = try LogStateFold.foldForFigures(path: path, at: instant, checkpoints: CheckpointChoice(arguments), console: console, invalidLines: LogStateFold.invalidLines(arguments))
        guard let asOf = fold.asOf else {
            console.output("no events: no insights\n")
            return .success
        }
        console.output(render(fold.runner.state.insights(at: asOf), state: fold.runner.state))
        return .success
    }

    static func render(_ insights: Insights, state: LogState) -> String {
        // A figure not known yet is said in words, never "null" (the JSON view's word).
        func clock(_ minutes: Double?) -> String { minutes.map { Insights.clockText(minutesAfterNoon: $0) } ?? "not known yet" }
        var text = "window: \(insights.window.from.iso) … \(insights.window.to.iso), \(insights.window.nights) of \(LogState.insightWindowNights) nights with a sleep record\n"
        let counted = insights.countedNights
        if !counted.isEmpty {
            text += ScoresCommand.table(
                header: ["night", "kind", "onset", "final wake", "mid-sleep", "duration", "asleep"],
                rows: counted.map { night in
                    [night.night.iso, night.isFreeNight ? "free" : "work", clock(night.onset), clock(night.finalWake), clock(night.midSleep),
                     minutes(night.durationMinutes), "\(night.asleepMinutes) min"]
                })
        }
        let body = insights.bodyClock
        text += "\nbody clock: \(body.workNights) work nights, mid-sleep \(clock(body.workMidSleep)); \(body.freeNights) free nights, mid-sleep \(clock(body.freeMidSleep)) (each needs 2 nights)\n"
        text += "  social jetlag \(body.socialJetlagMinutes.map { "\($0) min" } ?? "not known yet"); chronotype (MSFsc) \(clock(body.chronotype))\n"
        let aim = insights.bedtime
        text += "\nbedtime to aim for (needs 5 work nights): usual bedtime \(clock(aim.usualBedtime)) (median onset of the counted nights), usual wake \(clock(aim.usualWake)) (median final wake of the work nights)\n"
        text += "  suggested target \(aim.suggestedTarget?.text ?? "none yet")"
        if let goal = aim.suggestedGoal {
            text += "; a goal \(goal.currentBedtime.text) → \(goal.targetBedtime.text) over \(goal.days) nights\n"
        } else {
            text += "; no goal suggested\n"
        }
        text += "\nreminders (each over its \(LogState.habitNights) most recent planned nights whose reminder has fired):\n"
        for habit in insights.reminders {
            text += "  \(habit.template): \(habit.nights) nights, done before \(habit.doneBeforeReminder), after \(habit.doneAfter), ignored \(habit.ignored); why \(habit.why), done \(habit.done), dismissed \(habit.dismissed)"
            text += habit.retired ? "; retired" : ""
            text += habit.retireSuggested ? "; retiring it is suggested (done before it on \(LogState.retireSuggestedAfter) or more)" : ""
            text += "\n"
            if !habit.detail.isEmpty {
                text += "    " + habit.detail.reversed().map { "\($0.night.iso) \(label($0.outcome))" }.joined(separator: ", ") + "\n"
            }
        }
        text += "\nroutine (\(LogState.routineFollowedItems) of 9 items done by bedtime), a comparison, not a cause:\n"
        for night in insights.routineNights {
            let record = state.sleep.record(for: night.night)
            let score = state.score(for: night.night).map { "score \($0.total)" } ?? "no score"
            text += "  \(night.night.iso): \(night.itemsDoneByBedtime) done by bedtime, \(night.followed ? "followed" : "not followed"); asleep \(record.map { "\(Insights.wholeMinutes(Double($0.asleepMilliseconds) / 60_000)) min" } ?? "-"), \(score)\n"
        }
        let routine = insights.routine
        text += "  followed: \(group(routine.followed)); not followed: \(group(routine.notFollowed))\n"
        let latest = counted.suffix(14)
        text += "\ntwo weeks short: \(insights.longShortStretch) (the latest \(latest.count) nights with data: \(latest.filter { $0.asleepMinutes < 360 }.count) under 6 h; needs 10 or more, all under)\n"
        return text
    }

    /// One side of the routine's comparison: `7 nights, asleep 430 min, score 88`, or `no
    /// nights` when none fell on that side.
    static func group(_ group: Insights.RoutineGroup) -> String {
        guard group.nights > 0 else { return "no nights" }
        let nights = group.nights == 1 ? "1 night" : "\(group.nights) nights"
        let asleep = group.asleepMinutes.map { "asleep \($0) min" } ?? "no sleep record"
        let score = group.score.map { "score \($0)" } ?? "no score"
        return "\(nights), \(asleep), \(score)"
    }

    static func label(_ outcome: Insights.ReminderHabit.Outcome) -> String {
        switch outcome {
        case .doneBeforeReminder: return "before"
        case .doneAfter: return "after"
        case .notDoneWithInteraction: return "answered"
        case .ignored: return "ignored"
        }
    }

    static func minutes(_ value: Double) -> String {
        let whole = Insights.wholeMinutes(value)
        return "\(whole / 60) h \(whole % 60) min"
    }
}
