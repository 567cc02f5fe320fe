import StrictJSON
import Events
import Projections

extension JSONView {
    /// `insights` (docs/json-view.md; docs/rules.md §9): the window, the body clock, a
    /// bedtime to aim for, the nine checklist reminders in offset order, routine and sleep,
    /// and the two-weeks-short flag. Clock readings as "HH:mm" (rounded half up to a minute);
    /// a figure whose nights are too few is `null`. `null` with no instant.
    static func write(_ insights: Insights?, into out: inout PrettyJSONEmitter) {
        guard let insights else {
            out.null()
            return
        }
        func clock(_ minutesAfterNoon: Double?, into out: inout PrettyJSONEmitter) {
            if let minutesAfterNoon { out.plainString(Insights.clockText(minutesAfterNoon: minutesAfterNoon)) } else { out.null() }
        }
        out.beginObject()
        out.key("window")
        out.beginObject()
        out.key("from")
        out.plainString(insights.window.from.iso)
        out.key("to")
        out.plainString(insights.window.to.iso)
        out.key("nights")
        out.int(insights.window.nights)
        out.endObject()

        let body = insights.bodyClock
        out.key("bodyClock")
        out.beginObject()
        out.key("workNights")
        out.int(body.workNights)
        out.key("freeNights")
        out.int(body.freeNights)
        out.key("workMidSleep")
        clock(body.workMidSleep, into: &out)
        out.key("freeMidSleep")
        clock(body.freeMidSleep, into: &out)
        out.key("socialJetlagMinutes")
        out.int(body.socialJetlagMinutes)
        out.key("chronotype")
        clock(body.chronotype, into: &out)
        out.endObject()

        let aim = insights.bedtime
        out.key("bedtime")
        out.beginObject()
        out.key("usualBedtime")
        clock(aim.usualBedtime, into: &out)
        out.key("usualWake")
        clock(aim.usualWake, into: &out)
        out.key("suggestedTarget")
        out.string(aim.suggestedTarget?.text)
        out.key("suggestedGoal")
        if let goal = aim.suggestedGoal {
            out.beginObject()
            out.key("currentBedtime")
            out.plainString(goal.currentBedtime.text)
            out.key("targetBedtime")
            out.plainString(goal.targetBedtime.text)
            out.key("days")
            out.int(goal.days)
            out.endObject()
        } else {
            out.null()
        }
        out.endObject()

        out.key("reminders")
        out.beginArray()
        for habit in insights.reminders {
            out.element()
            out.beginObject()
            out.key("template")
            out.string(habit.template)
            out.key("nights")
            out.int(habit.nights)
            out.key("doneBeforeReminder")
            out.int(habit.doneBeforeReminder)
            out.key("doneAfter")
            out.int(habit.doneAfter)
            out.key("why")
            out.int(habit.why)
            out.key("done")
            out.int(habit.done)
            out.key("dismissed")
            out.int(habit.dismissed)
            out.key("ignored")
            out.int(habit.ignored)
            out.key("retired")
            out.bool(habit.retired)
            out.key("retireSuggested")
            out.bool(habit.retireSuggested)
            out.endObject()
        }
        out.endArray()

        func group(_ key: StaticString, _ group: Insights.RoutineGroup, into out: inout PrettyJSONEmitter) {
            out.key(key)
            out.beginObject()
            out.key("nights")
            out.int(group.nights)
            out.key("asleepMinutes")
            out.int(group.asleepMinutes)
            out.key("score")
            out.int(group.score)
            out.endObject()
        }
        out.key("routine")
        out.beginObject()
        group("followed", insights.routine.followed, into: &out)
        group("notFollowed", insights.routine.notFollowed, into: &out)
        out.endObject()
        out.key("longShortStretch")
        out.bool(insights.longShortStretch)
        out.endObject()
    }
}
