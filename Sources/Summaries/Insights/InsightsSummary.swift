import Events
import Localization
import Projections

/// The coach's weekly summary in words (docs/rules.md §9): the body clock and social
/// jetlag, a bedtime to aim for, the reminders ready to retire, routine and sleep, and the
/// two-weeks-short note, each one whole message of the catalogue (``MessageID``), in that
/// order. Descriptive only: the routine is a comparison, never a cause, and the two-weeks
/// note suggests talking to a doctor if it goes on, naming no condition.
public struct InsightsSummary: Sendable, Hashable {
    /// The figures it words.
    public let insights: Insights
    /// The sentences, in order.
    public let messages: [Message]

    /// The summary of `insights`.
    public init(_ insights: Insights) {
        self.insights = insights
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
        if insights.longShortStretch {
            messages.append(Message(.insightsLongShortStretch, ["shortNights": .integer(min(14, insights.countedNights.count))]))
        }
        self.messages = messages
    }
}
