import Localization
import Events
import Foundation
import Projections
import Summaries
import Testing
import TestSupport

/// The morning summary (docs/rules.md §7.4) and its sleep tips.
struct MorningSummaryTests {
    static let english = MessageRenderer(locale: MessageLocale("en_US"))

    /// Night 2026-11-30 (planned bedtime 23:45), 418 minutes asleep from 23:50: staged
    /// (core 150, deep 52, REM 33, core 183) against a 70-minute deep target, or one
    /// unstaged `asleep` sample.
    static func exampleNight(staged: Bool = true) throws -> LogState {
        var log = try SummaryLog.withGoal()
        try log.settings(deepTarget: .minutes(70), at: "2026-11-30T12:00:00+01:00")
        try log.night("2026-11-30T23:50:00+01:00", staged ? [(.core, 150), (.deep, 52), (.rem, 33), (.core, 183)] : [(.asleep, 418)])
        return try log.state()
    }

    /// Night 2026-12-01 (bedtime 23:30), 460 minutes asleep with four 10-minute awakenings:
    /// interruptions cost the most.
    static func interruptedNight() throws -> LogState {
        var log = try SummaryLog.withGoal()
        try log.night("2026-12-01T23:30:00+01:00", [(.core, 60), (.awake, 10), (.core, 60), (.awake, 10), (.deep, 70), (.awake, 10), (.rem, 100), (.awake, 10), (.core, 170)])
        return try log.state()
    }

    @Test func theSummaryOfAScoredNightIsTheTemplate() throws {
        let state = try Self.exampleNight()
        let summary = try #require(MorningSummary(night: try date("2026-11-30"), state: state))
        #expect(try summary.text(using: Self.english) == "Score 78. Deep sleep 52 of 70 min. Duration cost the most: 9 points.")
        #expect(summary.score == 78)
        #expect(summary.band == .good)
        #expect(summary.deepMinutes == 52)
        #expect(summary.deepTargetMinutes == 70)
        #expect(summary.costliestPart == .duration)
        #expect(summary.costliestPointsLost == 9)
        #expect(summary.messages.map(\.id) == [.summaryScore, .summaryDeep, .summaryCostliestDuration])
        // The same figures as the score itself.
        let score = try #require(state.score(for: try date("2026-11-30")))
        #expect(summary.score == score.total)
        #expect(summary.costliestPart == score.costliestPart)
    }

    @Test func aNightWithoutAStagedSourceSaysSoInsteadOfDeepSleep() throws {
        let summary = try #require(MorningSummary(night: try date("2026-11-30"), state: try Self.exampleNight(staged: false)))
        #expect(try summary.text(using: Self.english) == "Score 86. No sleep stages were recorded for this night, so deep sleep is not shown. Duration cost the most: 14 points.")
        #expect(summary.deepMinutes == nil)
        #expect(summary.messages.map(\.id) == [.summaryScore, .summaryDeepUnstaged, .summaryCostliestDuration])
        #expect(summary.tips.map(\.id) == [SleepTip.planID, "sunlight"], "only duration lost points")
    }

    @Test func aNightWithoutARecordHasNoSummary() throws {
        let state = try Self.exampleNight()
        #expect(MorningSummary(night: try date("2026-12-01"), state: state) == nil)
        #expect(MorningSummary.latest(in: try SummaryLog.withGoal().state(), at: try instant("2026-12-01T09:00:00+01:00")) == nil)
        #expect(MorningSummary.latest(in: state, at: try instant("2026-12-01T09:00:00+01:00"))?.night == (try date("2026-11-30")))
    }

    @Test func aNightThatLostNoWholePointSaysSoWithoutTips() throws {
        var log = try SummaryLog.withGoal()
        try log.night("2026-11-30T23:45:00+01:00", [(.core, 150), (.deep, 70), (.rem, 120), (.core, 140)])
        let summary = try #require(MorningSummary(night: try date("2026-11-30"), state: try log.state()))
        #expect(try summary.text(using: Self.english) == "Score 100. Deep sleep 70 of 60 min. Every part scored close to full marks.")
        #expect(summary.tips.isEmpty)
    }

    // MARK: Tips

    @Test func tipsFollowTheWeakestPartsOneEachFirst() throws {
        let summary = try #require(MorningSummary(night: try date("2026-11-30"), state: try Self.exampleNight()))
        // Duration lost 9.0, REM 6.5, deep 6.4: each gets its first tip.
        #expect(summary.tips.map(\.id) == [SleepTip.planID, "screens_off", "cool_room"])
        #expect(summary.tips.map(\.part) == [.duration, .rem, .deep])
        #expect(try summary.tipTexts(using: Self.english) == [
            "Move bedtime in small steps: 1 h a day earlier kept sleep and the clock aligned, 2 h a day was too fast. Evidence: moderate.",
            "Reading on a light-emitting screen before bed delays sleep and the melatonin rhythm. Evidence: moderate.",
            "Heat disturbs sleep; a cool room (about 18 °C / 65 °F) suits most people. Evidence: moderate.",
        ])
    }

    struct TipCase: Sendable, CustomTestStringConvertible {
        let limit: Int
        let ids: [String]
        var testDescription: String { "limit \(limit)" }
    }

    @Test(arguments: [
        TipCase(limit: 0, ids: []),
        TipCase(limit: 1, ids: ["cool_room"]),
        TipCase(limit: 3, ids: ["cool_room", SleepTip.planID, "stop_eating"]),
        TipCase(limit: 9, ids: ["cool_room", SleepTip.planID, "stop_eating", "sunlight", "last_water"]),
    ])
    func tipsCarryTheirStudiesAndGradesWeakIncluded(_ tipCase: TipCase) throws {
        let state = try Self.interruptedNight()
        let summary = try #require(MorningSummary(night: try date("2026-12-01"), state: state, tipLimit: tipCase.limit))
        #expect(summary.costliestPart == .interruptions)
        #expect(try summary.text(using: Self.english) == "Score 89. Deep sleep 70 of 60 min. Interruptions cost the most: 7 points.")
        #expect(summary.tips.map(\.id) == tipCase.ids)
        for tip in summary.tips {
            let reference = tip.id == SleepTip.planID ? ScienceLibrary.plan : try #require(ReminderTemplate.template(id: tip.id)).science
            #expect(tip.reference == reference, "\(tip.id): the science data, unchanged")
            #expect(!tip.studies.isEmpty, "\(tip.id) has studies")
            #expect(tip.grade == reference.grade)
            #expect(tip.title == ReminderTemplate.template(id: tip.id)?.title)
            let text = try Self.english.render(tip.message)
            #expect(text == "\(reference.claim) Evidence: \(reference.grade.rawValue).", "the grade is shown as it is")
        }
    }

    @Test func aWeakClaimIsShownAsWeak() throws {
        let tips = try #require(MorningSummary(night: try date("2026-12-01"), state: try Self.interruptedNight(), tipLimit: 5)).tips
        let stopEating = try #require(tips.first { $0.id == "stop_eating" })
        #expect(stopEating.grade == .weak)
        #expect(stopEating.studies.map(\.authors) == ["Chung, Bin, Cistulli & Chow", "Crispim et al."])
        #expect(stopEating.studies.map(\.year) == [2020, 2011])
        #expect(stopEating.message.id == .tipWeak)
        #expect(try Self.english.render(stopEating.message) == "Eating within 3 h of bedtime is linked to more night waking. Evidence: weak.")
        let german = MessageRenderer(catalog: try CatalogSamples.german(), locale: MessageLocale("de_DE"))
        #expect(try german.render(stopEating.message).hasSuffix("Evidenz: schwach."))
    }

    @Test(arguments: ScorePart.allCases)
    func everyPartHasTipsWithCheckedScience(_ part: ScorePart) throws {
        let ids = try #require(SleepTip.candidates[part])
        #expect(!ids.isEmpty)
        for id in ids {
            let tip = try #require(SleepTip.tip(id: id, for: part), "\(id) is a reminder or the plan")
            #expect(!tip.studies.isEmpty)
            #expect(tip.part == part)
        }
        #expect(SleepTip.tip(id: "snooze", for: part) == nil)
    }

    @Test func theSummaryUsesOnlyTheTablesMessages() throws {
        for state in [try Self.exampleNight(), try Self.exampleNight(staged: false), try Self.interruptedNight()] {
            for night in state.sleep.nightsWithData {
                let summary = try #require(MorningSummary(night: night, state: state, tipLimit: 5))
                for message in summary.messages + summary.tips.map(\.message) {
                    #expect(MessageID.all.contains(message.id))
                }
                let german = MessageRenderer(catalog: try CatalogSamples.german(), locale: MessageLocale("de_DE"))
                #expect(!(try summary.text(using: german)).isEmpty)
            }
        }
    }
}
