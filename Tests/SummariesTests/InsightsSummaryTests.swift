import Localization
import Events
import Foundation
import Projections
import Summaries
import Testing
import TestSupport

/// The coach's weekly summary in words (docs/rules.md §9).
struct InsightsSummaryTests {
    static let english = MessageRenderer(locale: MessageLocale("en_US"))

    /// Two weeks from Monday 2026-11-30: work nights 23:30 → 07:00 asleep, the Friday and
    /// Saturday nights 01:00 → 09:30; or every night `asleep` minutes from 23:30. (The
    /// helper names samples by their onset's date, so a Saturday night starting after
    /// midnight and the Sunday night would share ids: 12 of the 14 nights would count.)
    static func fortnight(asleep: Int? = nil) throws -> LogState {
        var log = try SummaryLog.withGoal()
        var night = try date("2026-11-30")
        for _ in 0..<14 {
            let free = asleep == nil && [6, 7].contains(night.adding(days: 1).weekday)
            let onset = free ? "\(night.adding(days: 1).iso)T01:00:00+01:00" : "\(night.iso)T23:30:00+01:00"
            try log.night(onset, [(.asleep, asleep ?? (free ? 510 : 450))])
            night = night.adding(days: 1)
        }
        return try log.state()
    }

    static let asOf = "2026-12-14T12:00:00+01:00"

    @Test func theSummaryWordsTheBodyClockAndABedtimeToAimFor() throws {
        let state = try Self.fortnight()
        let summary = InsightsSummary(state.insights(at: try instant(Self.asOf)))
        #expect(summary.messages.map(\.id) == [.insightsBodyClock, .insightsChronotype, .insightsSuggestedGoal])
        let text = try summary.messages.map { try Self.english.render($0) }
        #expect(text[0].contains("3:15") && text[0].contains("5:15"), "\(text[0])")
        #expect(text[2].contains("11:30") && text[2].contains("10:45") && text[2].contains("3 nights"), "\(text[2])")
        #expect(text[2].hasSuffix("Nothing changes unless you set it."))
    }

    @Test func twoShortWeeksSuggestTalkingToADoctorAndNameNoCondition() throws {
        let state = try Self.fortnight(asleep: 340)
        let summary = InsightsSummary(state.insights(at: try instant(Self.asOf)))
        #expect(summary.messages.last?.id == .insightsLongShortStretch)
        let text = try Self.english.render(try #require(summary.messages.last))
        #expect(text == "You slept under 6 hours on each of your last 14 nights with sleep recorded. If this goes on, consider talking to a doctor.")
        #expect(try MedicalWordChecker.violations(in: text).isEmpty)
    }

    /// §9: routine and sleep is a comparison; no insight's words claim a cause.
    @Test func noInsightSaysBecause() {
        for id in MessageID.all where id.rawValue.hasPrefix("insights.") {
            let template = MessageCatalog.english.templates[id] ?? ""
            #expect(!template.lowercased().contains("because"), "\(id)")
            #expect(!template.lowercased().contains("caused"), "\(id)")
        }
    }
}
