import Events
import Localization
import Projections

/// The coach's weekly summary in words (docs/rules.md §9): the body clock and social
/// jetlag, a bedtime to aim for, the reminders ready to retire, routine and sleep, and the
/// regularity and the habits' comparisons (docs/rules.md §12), and the two-weeks-short note,
/// each one whole message of the catalogue (``MessageID``), in that order. Descriptive only:
/// the routine and the habits are comparisons, never a cause, regularity is no grade of
/// health, and the two-weeks note suggests talking to a doctor if it goes on, naming no
/// condition.
public struct InsightsSummary: Sendable, Hashable {
    /// The figures it words.
    public let insights: Insights
    /// The regularity it words, if given.
    public let regularity: SleepRegularity?
    /// The habits it words, if given.
    public let habits: Habits?
    /// The sentences, in order.
    public let messages: [Message]

    /// The whole weekly summary as of `asOf`: the insights, the regularity and the habits of
    /// `state` (docs/rules.md §9 and §12).
    public init(_ state: LogState, at asOf: Instant) {
        self.init(state.insights(at: asOf), regularity: state.regularity(at: asOf), habits: state.habits(at: asOf))
    }

    /// The summary of `insights`, and of `regularity` and `habits` when given (each as of the
    /// same instant: ``LogState/regularity(at:)``, ``LogState/habits(at:)``).
    public init(_ insights: Insights, regularity: SleepRegularity? = nil, habits: Habits? = nil) {
        self.insights = insights
        self.regularity = regularity
        self.habits = habits
        var messages: [Message] = []
        let body = insights.bodyClock
        if let work = body.workMidSleep, let free = body.freeMidSleep, let jetlag = body.socialJetlagMinutes {
            messages.append(Message(.insightsBodyClock, [
                "workMidSleep": .timeOfDay(Insights.clock(minutesAfterNoon: work)),
                "freeMidSleep": .timeOfDay(Insights.clock(minutesAfterNoon: free)),
                "jetlag": .minutes(jetlag),
            ]))
            if let chronotype = body.chronotype {
                messages.append(Message(.insightsChronotype, ["chronotype": .timeOfDay(Insights.clock(minutesAfterNoon: chronotype))]))
            }
        } else {
            messages.append(Message(.insightsBodyClockNotEnough))
        }
        let aim = insights.bedtime
        if let wake = aim.usualWake, let target = aim.suggestedTarget, let goal = aim.suggestedGoal {
            messages.append(Message(.insightsSuggestedGoal, [
                "usualWake": .timeOfDay(Insights.clock(minutesAfterNoon: wake)),
                "target": .timeOfDay(target),
                "current": .timeOfDay(goal.currentBedtime),
                "days": .integer(goal.days),
            ]))
        } else if let wake = aim.usualWake, let usual = aim.usualBedtime {
            messages.append(Message(.insightsBedtimeAlready, [
                "usualBedtime": .timeOfDay(Insights.clock(minutesAfterNoon: usual)),
                "usualWake": .timeOfDay(Insights.clock(minutesAfterNoon: wake)),
            ]))
        } else {
            messages.append(Message(.insightsBedtimeNotEnough))
        }
        for habit in insights.reminders where habit.retireSuggested {
            messages.append(Message(.insightsRetireSuggested, [
                "item": ReminderTemplate.template(id: habit.template) != nil ? .message(Message(.reminderTitle(habit.template))) : .text(habit.template),
                "doneBefore": .integer(habit.doneBeforeReminder),
                "habitNights": .integer(habit.nights),
            ]))
        }
        let routine = insights.routine
        if let followed = routine.followed.asleepMinutes, let other = routine.notFollowed.asleepMinutes {
            messages.append(Message(.insightsRoutine, ["followedAsleep": .minutes(followed), "otherAsleep": .minutes(other)]))
            if let followedScore = routine.followed.score, let otherScore = routine.notFollowed.score {
                messages.append(Message(.insightsRoutineScore, ["followedScore": .integer(followedScore), "otherScore": .integer(otherScore)]))
            }
        }
        if let comparison = regularity?.comparison {
            switch comparison {
            case .more: messages.append(Message(.insightsRegularityMore))
            case .about: messages.append(Message(.insightsRegularityAbout))
            case .less: messages.append(Message(.insightsRegularityLess))
            }
        }
        if let habits {
            messages += Self.comparison(habits.caffeineLate, habits.caffeineEarlier, Self.caffeine)
            messages += Self.comparison(habits.workoutsLate, habits.workoutsEarlier, Self.lateWorkout)
            messages += Self.comparison(habits.workoutsAny, habits.workoutsNone, Self.workout)
        }
        if insights.longShortStretch {
            messages.append(Message(.insightsLongShortStretch, ["shortNights": .integer(min(14, insights.countedNights.count))]))
        }
        self.messages = messages
    }

    /// The six messages of one habits comparison: latency longer, shorter, the same; asleep
    /// more, less, the same.
    private typealias Wording = (longer: MessageID, shorter: MessageID, sameLatency: MessageID, more: MessageID, less: MessageID, sameAsleep: MessageID)

    private static let caffeine: Wording = (
        .insightsCaffeineLatencyLonger, .insightsCaffeineLatencyShorter, .insightsCaffeineLatencySame,
        .insightsCaffeineAsleepMore, .insightsCaffeineAsleepLess, .insightsCaffeineAsleepSame)
    private static let lateWorkout: Wording = (
        .insightsLateWorkoutLatencyLonger, .insightsLateWorkoutLatencyShorter, .insightsLateWorkoutLatencySame,
        .insightsLateWorkoutAsleepMore, .insightsLateWorkoutAsleepLess, .insightsLateWorkoutAsleepSame)
    private static let workout: Wording = (
        .insightsWorkoutLatencyLonger, .insightsWorkoutLatencyShorter, .insightsWorkoutLatencySame,
        .insightsWorkoutAsleepMore, .insightsWorkoutAsleepLess, .insightsWorkoutAsleepSame)

    /// The sentences comparing `group` with `other` (docs/rules.md §12): none unless both have
    /// their means (each has 5 nights or more); the latency's only when both have one. The
    /// word follows the sign of group's mean − other's; equal means are "about the same".
    private static func comparison(_ group: Habits.Group, _ other: Habits.Group, _ words: Wording) -> [Message] {
        guard let asleep = group.asleepMinutes, let otherAsleep = other.asleepMinutes else { return [] }
        func message(_ difference: Int, _ up: MessageID, _ down: MessageID, _ same: MessageID) -> Message {
            var arguments: [String: MessageArgument] = ["groupNights": .integer(group.nights.count), "otherNights": .integer(other.nights.count)]
            if difference != 0 { arguments["difference"] = .minutes(abs(difference)) }
            return Message(difference > 0 ? up : difference < 0 ? down : same, arguments)
        }
        var messages: [Message] = []
        if let latency = group.latencyMinutes, let otherLatency = other.latencyMinutes {
            messages.append(message(latency - otherLatency, words.longer, words.shorter, words.sameLatency))
        }
        messages.append(message(asleep - otherAsleep, words.more, words.less, words.sameAsleep))
        return messages
    }
}
