import Events
import Localization
import Projections

/// The group's progress in words (docs/rules.md §13): who hit their bedtime target last night
/// ("Sam hit their bedtime target last night"), then the latest week that is over, ranked by
/// regularity, one row per member, each one whole message of the catalogue (``MessageID``).
/// The names are the people's own, shown as they chose them (a share's name never holds
/// control or bidirectional formatting characters); the own row is worded "You".
public struct TogetherSummary: Sendable, Hashable {
    /// The figures it words.
    public let together: Together
    /// Last night: one sentence per name on target, or one saying no one shared it.
    public let lastNight: [Message]
    /// The week: its heading, then one row per member in rank order.
    public let week: [Message]

    /// The words of `together` (``LogState/together(at:)``).
    public init(_ together: Together) {
        self.together = together
        lastNight = together.lastNight.onTarget.isEmpty
            ? [Message(.togetherLastNightNone)]
            : together.lastNight.onTarget.map { Message(.togetherLastNightHit, ["name": .text($0)]) }
        week = [Message(.togetherWeekHeading, ["week": .text(together.week.description)])]
            + together.members.enumerated().map { index, member in Self.row(rank: index + 1, member) }
    }

    /// A member's row: rank, name (the own row's in the person's language), regularity when it
    /// has an index, and the nights on target of the nights planned.
    static func row(rank: Int, _ member: Together.Member) -> Message {
        var arguments: [String: MessageArgument] = [
            "rank": .integer(rank),
            "name": member.isYou ? .message(Message(.togetherYou)) : .text(member.person),
            "onTarget": .integer(member.nightsOnTarget),
            "planned": .integer(member.nightsPlanned),
        ]
        guard let sri = member.sri else { return Message(.togetherWeekMemberNoIndex, arguments) }
        arguments["index"] = .number(sri)
        return Message(.togetherWeekMember, arguments)
    }
}
