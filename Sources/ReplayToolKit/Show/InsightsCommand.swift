import EventLogFile
import Events
import Projections

/// `replay-tool insights LOG [--at INSTANT]`: the coach's figures and the nights behind each
/// (docs/rules.md §9), then the regularity and the habits (§12).
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
            Then show --json's 'regularity' and 'habits' (§12): the Sleep Regularity \
            Index's window, its pairs with their matching minutes, the index, the 14 \
            nights before and the words that compare them; and each habits group's \
            nights (runs of three or more as 'first … last'), its means when compared, \
            and each comparison's differences. Last, show --json's 'copy' (§14): each \
            reminder's test of its three phrasings, with the nights each phrasing was \
            shown and engaged, and the phrasing chosen and when, or that it is still \
            testing. Clock readings are local, in the zone of each night's record.
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
        let state = fold.runner.state
        console.output(render(state.insights(at: asOf), state: state) + "\n" + render(state.regularity(at: asOf)) + "\n" + render(state.habits(at: asOf))
            + "\n" + render(state.phrasingTests(at: asOf)))
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

    /// The phrasing tests (docs/rules.md §14): per reminder, each phrasing's shown and engaged
    /// nights, and the one chosen (when the test settled) or that it is still testing.
    static func render(_ tests: [PhrasingTest]) -> String {
        var text = "phrasings (each reminder's three, rotated weekly until one is chosen; shown nights: fired while pending; engaged: why or done):\n"
        for test in tests {
            let variants = test.variants.map { "\($0.variant): shown \($0.shown), engaged \($0.engaged)" }.joined(separator: "; ")
            text += "  \(test.template): \(variants)"
            if let chosen = test.chosen, let settledAt = test.settledAt {
                text += "; chosen \(chosen) at \(settledAt.rfc3339)\n"
            } else {
                text += "; testing (each phrasing needs \(ReminderTemplate.phrasingTestNights) shown nights)\n"
            }
        }
        return text
    }

    /// The regularity (docs/rules.md §12): the window, its pairs with their matching minutes,
    /// the index, the 14 nights before and the words comparing them, or why there are none.
    static func render(_ regularity: SleepRegularity) -> String {
        func index(_ tenths: Int?) -> String { tenths.map { SleepRegularity.text(tenths: $0) } ?? "not known yet" }
        let windowNights = SleepRegularity.windowNights
        var text = "regularity (Sleep Regularity Index, \(SleepRegularity.minimumPairs) pairs of consecutive nights with sleep needed; a description, not a grade of health):\n"
        text += "  window \(regularity.from.iso) … \(regularity.to.iso): \(regularity.pairs) pair\(regularity.pairs == 1 ? "" : "s"), index \(index(regularity.sriTenths))\n"
        if !regularity.matches.isEmpty {
            text += "    " + regularity.matches.map { "\($0.night.iso) \($0.minutes)" }.joined(separator: ", ")
                + " (each pair by its first night: minutes of 1440 in the same state)\n"
        }
        text += "  the \(windowNights) nights before (\(regularity.from.adding(days: -windowNights).iso) … \(regularity.from.adding(days: -1).iso)): index \(index(regularity.previousSriTenths))\n"
        switch regularity.comparison {
        case .more?: text += "  words: more regular than the two weeks before (the index 5 or more above)\n"
        case .less?: text += "  words: less regular than the two weeks before (the index 5 or more below)\n"
        case .about?: text += "  words: about as regular as the two weeks before (the indexes less than 5 apart)\n"
        case nil: text += "  words: none (both indexes are needed)\n"
        }
        return text
    }

    /// The habits (docs/rules.md §12): each group with the nights behind it and its means when
    /// compared, then each comparison's differences and words, or why it is not made.
    static func render(_ habits: Habits) -> String {
        var text = "habits over nights \(habits.from.iso) … \(habits.to.iso), \(habits.nights) of \(Habits.windowNights) with a sleep record (a comparison, not a cause; means only when both groups compared have \(Habits.minimumNights) nights or more):\n"
        func line(_ name: String, _ group: Habits.Group) -> String {
            let count = group.nights.count
            var line = "  \(name): \(count) night\(count == 1 ? "" : "s")"
            if let asleep = group.asleepMinutes {
                line += ", asleep \(asleep) min, \(group.latencyMinutes.map { "\($0) min" } ?? "no latency") to fall asleep"
            }
            line += "\n"
            if !group.nights.isEmpty { line += "    " + nightList(group.nights) + "\n" }
            return line
        }
        func comparison(_ name: String, _ group: Habits.Group, _ other: Habits.Group) -> String {
            guard let asleep = group.asleepMinutes, let otherAsleep = other.asleepMinutes else {
                return "  \(name): not compared (\(group.nights.count) and \(other.nights.count) nights)\n"
            }
            var parts: [String] = []
            if let latency = group.latencyMinutes, let otherLatency = other.latencyMinutes {
                parts.append("to fall asleep \(difference(latency - otherLatency, up: "longer", down: "shorter"))")
            } else {
                parts.append("to fall asleep: no latency on one side")
            }
            parts.append("asleep \(difference(asleep - otherAsleep, up: "more", down: "less"))")
            return "  \(name): " + parts.joined(separator: "; ") + "\n"
        }
        text += line("caffeine late (in the 6 hours before sleep)", habits.caffeineLate)
        text += line("caffeine earlier only", habits.caffeineEarlier)
        text += line("workouts late (ending in the 3 hours before sleep)", habits.workoutsLate)
        text += line("workouts earlier only", habits.workoutsEarlier)
        text += line("workouts any", habits.workoutsAny)
        text += line("workouts none", habits.workoutsNone)
        text += comparison("caffeine late vs earlier", habits.caffeineLate, habits.caffeineEarlier)
        text += comparison("workouts late vs earlier", habits.workoutsLate, habits.workoutsEarlier)
        text += comparison("workouts any vs none", habits.workoutsAny, habits.workoutsNone)
        return text
    }

    /// A difference of means in words: `12 min longer`, `5 min less`, `about the same`.
    static func difference(_ minutes: Int, up: String, down: String) -> String {
        minutes == 0 ? "about the same" : "\(abs(minutes)) min \(minutes > 0 ? up : down)"
    }

    /// Nights, oldest first, compactly: runs of three or more consecutive nights as `first …
    /// last`, the others one by one (`2026-11-01 … 2026-11-05, 2026-11-08, 2026-11-09`).
    static func nightList(_ nights: [LocalDate]) -> String {
        var runs: [[LocalDate]] = []
        for night in nights {
            if let last = runs.last?.last, last.adding(days: 1) == night {
                runs[runs.count - 1].append(night)
            } else {
                runs.append([night])
            }
        }
        return runs.flatMap { run in
            run.count >= 3 ? ["\(run[0].iso) … \(run[run.count - 1].iso)"] : run.map(\.iso)
        }.joined(separator: ", ")
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
