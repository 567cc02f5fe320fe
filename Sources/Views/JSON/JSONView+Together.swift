import Events
import Projections

extension JSONView {
    /// `together` (docs/json-view.md §3.12; docs/rules.md §13): the latest week that is over
    /// and the week before it, each with its members ranked (`person`, `nightsPlanned`,
    /// `nightsOnTarget`, `sri` with one decimal or `null`), and last night with the names whose
    /// night share says they were on target.
    static func write(_ together: Together, into out: inout PrettyJSONEmitter) {
        func members(_ members: [Together.Member], into out: inout PrettyJSONEmitter) {
            out.key("members")
            out.beginArray()
            for member in members {
                out.element()
                out.beginObject()
                out.key("person")
                out.string(member.person)
                out.key("nightsPlanned")
                out.int(member.nightsPlanned)
                out.key("nightsOnTarget")
                out.int(member.nightsOnTarget)
                out.key("sri")
                if let tenths = member.sriTenths { out.number(literal: SleepRegularity.text(tenths: tenths)) } else { out.null() }
                out.endObject()
            }
            out.endArray()
        }
        out.beginObject()
        out.key("week")
        out.plainString(together.week.description)
        members(together.members, into: &out)
        out.key("previousWeek")
        out.beginObject()
        out.key("week")
        out.plainString(together.previousWeek.week.description)
        members(together.previousWeek.members, into: &out)
        out.endObject()
        out.key("lastNight")
        out.beginObject()
        out.key("night")
        out.plainString(together.lastNight.night.iso)
        out.key("onTarget")
        out.beginArray()
        for name in together.lastNight.onTarget {
            out.element()
            out.string(name)
        }
        out.endArray()
        out.endObject()
        out.endObject()
    }
}
