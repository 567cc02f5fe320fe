import Events
import Localization
import Projections
import Summaries
import Testing

/// docs/rules.md §13: the group's progress in words, in English, German and Arabic.
@Suite("Together in words")
struct TogetherSummaryTests {
    static func together(onTarget: [String]) throws -> Together {
        let week = try ISOWeek(text: "2026-W48")
        let members = [
            Together.Member(person: "Sam", isYou: false, nightsPlanned: 7, nightsOnTarget: 5, sriTenths: 812),
            Together.Member(person: "you", isYou: true, nightsPlanned: 7, nightsOnTarget: 2, sriTenths: nil),
        ]
        return Together(
            week: week, members: members,
            previousWeek: Together.Week(week: try ISOWeek(text: "2026-W47"), members: []),
            lastNight: Together.LastNight(night: try LocalDate(iso: "2026-11-30"), onTarget: onTarget))
    }

    @Test func whoHitTheirTargetLastNightOneSentenceEach() throws {
        let english = MessageRenderer(locale: MessageLocale("en"))
        let summary = TogetherSummary(try Self.together(onTarget: ["Ana", "Sam"]))
        #expect(try summary.lastNight.map { try english.render($0) } == [
            "Ana hit their bedtime target last night.", "Sam hit their bedtime target last night.",
        ])
        let none = TogetherSummary(try Self.together(onTarget: []))
        #expect(none.lastNight == [Message(.togetherLastNightNone)])
    }

    @Test func theWeekRankedByRegularityWithTheOwnRowInThePersonsLanguage() throws {
        let summary = TogetherSummary(try Self.together(onTarget: []))
        let english = MessageRenderer(locale: MessageLocale("en"))
        #expect(try summary.week.map { try english.render($0) } == [
            "Week 2026-W48, ranked by how regular each person's sleep was:",
            "1. Sam: regularity 81.2, on target 5 nights of 7 planned",
            "2. You: too few nights for a regularity index, on target 2 nights of 7 planned",
        ])
        let german = try summary.week.map { try MessageRenderer(locale: MessageLocale("de")).render($0) }
        #expect(german[1] == "1. Sam: Regelmäßigkeit 81,2, im Ziel in 5 Nächten von 7 geplanten")
        #expect(german[2].hasPrefix("2. Du: "))
        let arabic = try summary.week.map { try MessageRenderer(locale: MessageLocale("ar")).render($0) }
        #expect(arabic[1].contains("Sam") && arabic[2].contains("أنت"))
        #expect(arabic[2].contains("ليلتين"), "two nights take Arabic's dual")
    }
}
