import StrictJSON
import Events
import Projections

extension JSONView {
    /// `insights` (docs/json-view.md; docs/rules.md §9): the window, the body clock, a
    /// bedtime to aim for, the nine checklist reminders in offset order, routine and sleep,
    /// and the two-weeks-short flag. Clock readings as "HH:mm" (rounded half up to a minute);
    /// a figure whose nights are too few is `null`. `null` with no instant.
    package static func insights(_ insights: Insights?) -> JSONValue {
        guard let insights else { return .null }
        func clock(_ minutesAfterNoon: Double?) -> JSONValue {
            minutesAfterNoon.map { .string(Insights.clockText(minutesAfterNoon: $0)) } ?? .null
        }
        func integer(_ value: Int?) -> JSONValue {
            value.map { .number(JSONNumber(Int64($0))) } ?? .null
        }
        var window = JSONObject()
        window.append("from", .string(insights.window.from.iso))
        window.append("to", .string(insights.window.to.iso))
        window.append("nights", integer(insights.window.nights))

        let body = insights.bodyClock
        var bodyClock = JSONObject()
        bodyClock.append("workNights", integer(body.workNights))
        bodyClock.append("freeNights", integer(body.freeNights))
        bodyClock.append("workMidSleep", clock(body.workMidSleep))
        bodyClock.append("freeMidSleep", clock(body.freeMidSleep))
        bodyClock.append("socialJetlagMinutes", integer(body.socialJetlagMinutes))
        bodyClock.append("chronotype", clock(body.chronotype))

        let aim = insights.bedtime
        var bedtime = JSONObject()
        bedtime.append("usualBedtime", clock(aim.usualBedtime))
        bedtime.append("usualWake", clock(aim.usualWake))
        bedtime.append("suggestedTarget", aim.suggestedTarget.map { .string($0.text) } ?? .null)
        bedtime.append("suggestedGoal", aim.suggestedGoal.map { goal in
            .object(JSONObject([
                .init(key: "currentBedtime", value: .string(goal.currentBedtime.text)),
                .init(key: "targetBedtime", value: .string(goal.targetBedtime.text)),
                .init(key: "days", value: integer(goal.days)),
            ]))
        } ?? .null)

        let reminders: [JSONValue] = insights.reminders.map { habit in
            var object = JSONObject()
            object.append("template", .string(habit.template))
            object.append("nights", integer(habit.nights))
            object.append("doneBeforeReminder", integer(habit.doneBeforeReminder))
            object.append("doneAfter", integer(habit.doneAfter))
            object.append("why", integer(habit.why))
            object.append("done", integer(habit.done))
            object.append("dismissed", integer(habit.dismissed))
            object.append("ignored", integer(habit.ignored))
            object.append("retired", .bool(habit.retired))
            object.append("retireSuggested", .bool(habit.retireSuggested))
            return .object(object)
        }

        func group(_ group: Insights.RoutineGroup) -> JSONValue {
            .object(JSONObject([
                .init(key: "nights", value: integer(group.nights)),
                .init(key: "asleepMinutes", value: integer(group.asleepMinutes)),
                .init(key: "score", value: integer(group.score)),
            ]))
        }
        var routine = JSONObject()
        routine.append("followed", group(insights.routine.followed))
        routine.append("notFollowed", group(insights.routine.notFollowed))

        var object = JSONObject()
        object.append("window", .object(window))
        object.append("bodyClock", .object(bodyClock))
        object.append("bedtime", .object(bedtime))
        object.append("reminders", .array(reminders))
        object.append("routine", .object(routine))
        object.append("longShortStretch", .bool(insights.longShortStretch))
        return .object(object)
    }
}
