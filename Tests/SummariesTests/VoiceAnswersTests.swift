import Localization
import Events
import Foundation
import Projections
import Summaries
import Testing
import TestSupport

/// Answers for a voice assistant or a widget, over small logs.
struct VoiceAnswersTests {
    static let answers = VoiceAnswers(renderer: MessageRenderer(locale: MessageLocale("en_US")))

    /// 42 nights from 2026-11-30 (no goal, so bedtime is judged against the usual onset),
    /// each asleep from 23:30 in one unstaged sample: 420 minutes for the first three weeks,
    /// then 450, with no data on 2026-12-30 and 2026-12-31, and 390 on the last night,
    /// 2027-01-10.
    static func sixWeeks() throws -> SummaryLog {
        var log = SummaryLog()
        let first = try date("2026-11-30")
        for index in 0..<42 {
            let night = first.adding(days: index)
            if night.iso == "2026-12-30" || night.iso == "2026-12-31" { continue }
            let minutes = index < 21 ? 420 : (index == 41 ? 390 : 450)
            try log.night("\(night.iso)T23:30:00+01:00", [(.asleep, minutes)])
        }
        return log
    }

    /// The morning after the last night.
    static let morning = "2027-01-11T08:00:00+01:00"

    struct Case: Sendable, CustomTestStringConvertible {
        let question: VoiceQuestion
        let asOf: String
        let ids: [MessageID]
        let text: String
        var testDescription: String { "\(question) as of \(asOf)" }
    }

    @Test(arguments: [
        Case(question: .lastNight, asOf: morning, ids: [.voiceLastNight],
             text: "Last night you fell asleep at 11:30\u{202F}PM and slept 6 hours, 30 minutes, with a score of 80."),
        // Still "last night" in the evening, before tonight has a record.
        Case(question: .lastNight, asOf: "2027-01-11T21:00:00+01:00", ids: [.voiceLastNight],
             text: "Last night you fell asleep at 11:30\u{202F}PM and slept 6 hours, 30 minutes, with a score of 80."),
        // Days later, the latest night is named by its date, never called "last night".
        Case(question: .lastNight, asOf: "2027-01-14T09:00:00+01:00", ids: [.voiceLatestNight],
             text: "The latest night with sleep recorded is the night of Sunday, January 10: you fell asleep at 11:30\u{202F}PM and slept 6 hours, 30 minutes, with a score of 80."),
        Case(question: .nightsAgo(1), asOf: morning, ids: [.voiceNightsAgo],
             text: "On the night of Sunday, January 10, you fell asleep at 11:30\u{202F}PM and slept 6 hours, 30 minutes, with a score of 80."),
        Case(question: .nightsAgo(5), asOf: morning, ids: [.voiceNightsAgo],
             text: "On the night of Wednesday, January 6, you fell asleep at 11:30\u{202F}PM and slept 7 hours, 30 minutes, with a score of 93."),
        Case(question: .nightsAgo(11), asOf: morning, ids: [.voiceNightsAgoNone],
             text: "There is no sleep recorded for the night of Thursday, December 31."),
        Case(question: .nightsAgo(0), asOf: morning, ids: [.voiceNightsAgo],
             text: "On the night of Sunday, January 10, you fell asleep at 11:30\u{202F}PM and slept 6 hours, 30 minutes, with a score of 80."),
        // Recent: 18 nights of 93 and one of 80 (mean 92.3), 446.8 min; before: 81 then 20 × 87 (86.7), 420 min.
        Case(question: .recentWeeks, asOf: morning, ids: [.voiceWeeks, .voiceWeeksUp],
             text: "Over the last three weeks your average score was 92, and you slept 7 hours, 27 minutes a night on average. That is up from an average of 87 in the three weeks before, when you slept 7 hours a night."),
        // Balances 30 × 6 and 90: 270 minutes; the three latest average +50, so no estimate.
        Case(question: .sleepDebt, asOf: morning, ids: [.voiceDebtSome, .voiceDebtRecoveryUnknown],
             text: "Your sleep debt over the last 7 nights is 4 hours, 30 minutes. Your latest nights were not longer than your sleep need, so it is not shrinking yet."),
    ])
    func answersOverSixWeeks(_ expected: Case) throws {
        let log = try Self.sixWeeks()
        let now = try instant(expected.asOf)
        let answer = try Self.answers.answer(expected.question, state: try log.state(asOf: expected.asOf), at: now)
        #expect(answer.messages.map(\.id) == expected.ids)
        #expect(answer.text == expected.text)
        #expect(answer.question == expected.question)
    }

    @Test func anAnswerReRendersInAnotherLanguageFromItsMessages() throws {
        let log = try Self.sixWeeks()
        let answer = try Self.answers.answer(.lastNight, state: try log.state(asOf: Self.morning), at: try instant(Self.morning))
        let german = MessageRenderer(catalog: try CatalogSamples.german(), locale: MessageLocale("de_DE"))
        #expect(try german.render(answer.messages) == "Letzte Nacht bist du um 23:30 eingeschlafen und hast 6 Stunden und 30 Minuten geschlafen, mit einem Schlafwert von 80.")
        let answers = VoiceAnswers(renderer: german)
        let weeks = try answers.answer(.recentWeeks, state: try log.state(asOf: Self.morning), at: try instant(Self.morning))
        #expect(weeks.text == "In den letzten drei Wochen lag dein Schlafwert im Schnitt bei 92, und du hast im Schnitt 7 Stunden und 27 Minuten pro Nacht geschlafen. In den drei Wochen davor lag er bei 87, mit 7 Stunden Schlaf pro Nacht; er ist also gestiegen.")
    }

    @Test func anEmptyLogAnswersEveryQuestionHonestly() throws {
        let state = try SummaryLog().state()
        let now = try instant(Self.morning)
        #expect(try Self.answers.answer(.lastNight, state: state, at: now).text == "There is no sleep recorded yet.")
        #expect(try Self.answers.answer(.recentWeeks, state: state, at: now).text == "There is no sleep recorded in the last three weeks.")
        #expect(try Self.answers.answer(.sleepDebt, state: state, at: now).text == "There is no sleep recorded in the last 7 nights, so there is no sleep debt to tell.")
        #expect(try Self.answers.answer(.nightsAgo(2), state: state, at: now).messages.map(\.id) == [.voiceNightsAgoNone])
    }

    @Test func weeksWithoutAnEarlierWindowAreNotCompared() throws {
        var log = SummaryLog()
        try log.night("2026-11-30T23:30:00+01:00", [(.asleep, 420)])
        let answer = try Self.answers.answer(.recentWeeks, state: try log.state(), at: try instant("2026-12-01T09:00:00+01:00"))
        #expect(answer.text == "Over the last three weeks your average score was 81, and you slept 7 hours a night on average. There is no sleep recorded in the three weeks before to compare with.")
    }

    struct DebtCase: Sendable, CustomTestStringConvertible {
        let asleep: [Int]
        let ids: [MessageID]
        let text: String
        var testDescription: String { "\(asleep)" }
    }

    /// Need 480 (no goal). Balances: none short; 120, 120, −30, −30, −60 (debt 120, the
    /// three latest average −40 → 3 nights); 35, 35, −20, −20, −20 (debt 10 → 1 night).
    @Test(arguments: [
        DebtCase(asleep: [500, 480], ids: [.voiceDebtNone], text: "You have no sleep debt over the last 7 nights."),
        DebtCase(asleep: [360, 360, 510, 510, 540], ids: [.voiceDebtSome, .voiceDebtRecoveryNights],
                 text: "Your sleep debt over the last 7 nights is 2 hours. At the rate of your latest nights, it would clear in about 3 nights."),
        DebtCase(asleep: [445, 445, 500, 500, 500], ids: [.voiceDebtSome, .voiceDebtRecoveryNights],
                 text: "Your sleep debt over the last 7 nights is 10 minutes. At the rate of your latest nights, it would clear in about one night."),
    ])
    func sleepDebtAndItsRecovery(_ expected: DebtCase) throws {
        var log = SummaryLog()
        let first = try date("2026-11-30")
        for (index, minutes) in expected.asleep.enumerated() {
            try log.night("\(first.adding(days: index).iso)T23:30:00+01:00", [(.asleep, minutes)])
        }
        let morning = "\(first.adding(days: expected.asleep.count).iso)T09:00:00+01:00"
        let answer = try Self.answers.answer(.sleepDebt, state: try log.state(asOf: morning), at: try instant(morning))
        #expect(answer.messages.map(\.id) == expected.ids)
        #expect(answer.text == expected.text)
    }

    @Test func aMissingTranslationIsATypedErrorNotACrash() throws {
        let empty = MessageCatalog(strings: [:])
        let answers = VoiceAnswers(renderer: MessageRenderer(catalog: empty, locale: MessageLocale("en_US"), fallback: empty))
        #expect(throws: MessageError.unknownMessage(.voiceNoNights)) {
            try answers.answer(.lastNight, state: try SummaryLog().state(), at: try instant(Self.morning))
        }
    }
}
