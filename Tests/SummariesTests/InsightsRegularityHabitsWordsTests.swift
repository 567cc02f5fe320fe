import Events
import Foundation
import Localization
@testable import Projections
import Summaries
import Testing
import TestSupport

/// The coach's words for regularity and the habits (docs/rules.md §12): each sentence exactly
/// when its rule holds, in English, German and Arabic, never a cause or a grade of health.
struct InsightsRegularityHabitsWordsTests {
    static let english = MessageRenderer(locale: MessageLocale("en_US"))

    /// The summary of an empty log's insights with `regularity` and `habits`.
    static func summary(regularity: SleepRegularity? = nil, habits: Habits? = nil) throws -> InsightsSummary {
        let state = try SummaryLog().state(asOf: "2026-12-14T12:00:00+01:00")
        return InsightsSummary(state.insights(at: try instant("2026-12-14T12:00:00+01:00")), regularity: regularity, habits: habits)
    }

    static func regularity(_ sri: Int?, _ previous: Int?) -> SleepRegularity {
        SleepRegularity(from: LocalDate(daysSince1970: 0), to: LocalDate(daysSince1970: 13), pairs: 13, sriTenths: sri, previousSriTenths: previous, matches: [])
    }

    /// A group of `count` nights (from 2026-11-01) with these means.
    static func group(_ count: Int, latency: Int? = nil, asleep: Int? = nil) -> Habits.Group {
        Habits.Group(nights: (0..<count).map { LocalDate(daysSince1970: 20_758 + $0) }, latencyMinutes: latency, asleepMinutes: asleep)
    }

    static func habits(
        caffeine: (Habits.Group, Habits.Group) = (group(0), group(0)),
        late: (Habits.Group, Habits.Group) = (group(0), group(0)),
        any: (Habits.Group, Habits.Group) = (group(0), group(0))
    ) -> Habits {
        Habits(
            from: LocalDate(daysSince1970: 20_700), to: LocalDate(daysSince1970: 20_755), nights: 56,
            caffeineLate: caffeine.0, caffeineEarlier: caffeine.1, workoutsLate: late.0, workoutsEarlier: late.1,
            workoutsAny: any.0, workoutsNone: any.1)
    }

    static let regularityIDs: Set<MessageID> = [.insightsRegularityMore, .insightsRegularityAbout, .insightsRegularityLess]

    /// Every message id of §12's words.
    static let tenIDs: [MessageID] = MessageID.all.filter {
        ["insights.regularity.", "insights.caffeine.", "insights.lateWorkout.", "insights.workout."].contains(where: $0.rawValue.hasPrefix)
    }

    // MARK: Regularity

    @Test("regularity: more at +5 or more in the shown values, less at −5 or less, else about; no sentence when either index is null", arguments: [
        (784, 734, MessageID.insightsRegularityMore), (784, 735, .insightsRegularityAbout), (734, 784, .insightsRegularityLess),
        (735, 784, .insightsRegularityAbout), (700, 700, .insightsRegularityAbout), (-50, -100, .insightsRegularityMore),
    ])
    func regularityWords(sri: Int, previous: Int, expected: MessageID) throws {
        let ids = try Self.summary(regularity: Self.regularity(sri, previous)).messages.map(\.id).filter(Self.regularityIDs.contains)
        #expect(ids == [expected])
    }

    @Test func noRegularitySentenceWithoutBothIndexes() throws {
        for regularity in [Self.regularity(nil, 784), Self.regularity(784, nil), Self.regularity(nil, nil)] {
            #expect(try Self.summary(regularity: regularity).messages.allSatisfy { !Self.regularityIDs.contains($0.id) })
        }
        #expect(try Self.summary().messages.allSatisfy { !Self.tenIDs.contains($0.id) })
    }

    @Test func theRegularitySentenceReadsAsTheDesignSays() throws {
        let summary = try Self.summary(regularity: Self.regularity(801, 712))
        let message = try #require(summary.messages.first { Self.regularityIDs.contains($0.id) })
        #expect(try Self.english.render(message) == "Over the last two weeks your sleep was more regular than in the two weeks before.")
        // After the routine, before the two-weeks-short note (none here): the body clock's and the bedtime's come first.
        #expect(summary.messages.last?.id == .insightsRegularityMore)
    }

    // MARK: Habits

    @Test func theCaffeineComparisonSaysLongerAndLessWithTheCountsAndTheDifference() throws {
        let habits = Self.habits(caffeine: (Self.group(9, latency: 31, asleep: 400), Self.group(19, latency: 19, asleep: 425)))
        let messages = try Self.summary(habits: habits).messages.filter { Self.tenIDs.contains($0.id) }
        #expect(messages.map(\.id) == [.insightsCaffeineLatencyLonger, .insightsCaffeineAsleepLess])
        #expect(messages[0].arguments == ["groupNights": .integer(9), "otherNights": .integer(19), "difference": .minutes(12)])
        #expect(try Self.english.render(messages[0])
            == "On the 9 nights with caffeine in the 6 hours before sleep you took 12 minutes longer to fall asleep than on the 19 nights with caffeine only earlier.")
        #expect(try Self.english.render(messages[1])
            == "On the 9 nights with caffeine in the 6 hours before sleep you slept 25 minutes less than on the 19 nights with caffeine only earlier.")
    }

    @Test("the sign chooses the word; equal means are about the same; each comparison in its order", arguments: [
        (10, 20, 430, 400, [MessageID.insightsLateWorkoutLatencyShorter, .insightsLateWorkoutAsleepMore]),
        (20, 20, 400, 400, [.insightsLateWorkoutLatencySame, .insightsLateWorkoutAsleepSame]),
        (21, 20, 399, 400, [.insightsLateWorkoutLatencyLonger, .insightsLateWorkoutAsleepLess]),
    ])
    func signs(latency: Int, otherLatency: Int, asleep: Int, otherAsleep: Int, expected: [MessageID]) throws {
        let habits = Self.habits(late: (Self.group(5, latency: latency, asleep: asleep), Self.group(6, latency: otherLatency, asleep: otherAsleep)))
        let messages = try Self.summary(habits: habits).messages.filter { Self.tenIDs.contains($0.id) }
        #expect(messages.map(\.id) == expected)
        for message in messages {
            #expect(message.arguments["difference"] == (latency == otherLatency && asleep == otherAsleep ? nil : .minutes(message.id.rawValue.contains("latency") ? abs(latency - otherLatency) : abs(asleep - otherAsleep))))
        }
    }

    @Test func allThreeComparisonsInOrderAndNoLatencySentenceWithoutBothLatencies() throws {
        let habits = Self.habits(
            caffeine: (Self.group(5, latency: 15, asleep: 400), Self.group(5, latency: nil, asleep: 410)),
            late: (Self.group(7, latency: 12, asleep: 420), Self.group(8, latency: 14, asleep: 420)),
            any: (Self.group(15, latency: 13, asleep: 420), Self.group(41, latency: 13, asleep: 415)))
        let ids = try Self.summary(habits: habits).messages.map(\.id).filter(Self.tenIDs.contains)
        #expect(ids == [
            .insightsCaffeineAsleepLess,
            .insightsLateWorkoutLatencyShorter, .insightsLateWorkoutAsleepSame,
            .insightsWorkoutLatencySame, .insightsWorkoutAsleepMore,
        ])
    }

    /// Built from a log: with fewer than 5 nights in either group `habits` leaves the means
    /// null, and the summary says nothing of that comparison.
    @Test func fewerThanFiveNightsInAGroupIsNoComparison() throws {
        var log = SummaryLog()
        let zone = log.timeZone
        for index in 0..<10 {
            let onset = try Instant(rfc3339: "\(try LocalDate(iso: "2026-11-01").adding(days: index).iso)T23:00:00+01:00")
            _ = try log.add(.sleepSampleIngested(SleepSampleIngested(sampleId: "sleep\(index)", stage: .asleep, start: onset, end: onset.adding(seconds: 420 * 60), timeZone: zone, sourceName: "Watch")), at: onset.adding(seconds: 430 * 60).rfc3339)
            // Caffeine late on nights 0–3 (4 nights), earlier on 4–9 (6 nights).
            let coffee = onset.adding(seconds: index < 4 ? -3_600 : -12 * 3_600)
            _ = try log.add(.caffeineIngested(CaffeineIngested(sampleId: "coffee\(index)", mg: 95, start: coffee, timeZone: zone, sourceName: "Health")), at: coffee.adding(seconds: 60).rfc3339)
        }
        let state = try log.state()
        let asOf = try instant("2026-11-12T15:00:00+01:00")
        let habits = state.habits(at: asOf)
        #expect(habits.caffeineLate.nights.count == 4 && habits.caffeineEarlier.nights.count == 6)
        #expect(habits.caffeineLate.asleepMinutes == nil)
        // Workouts: none on every night, so any has 0 nights: no comparison either.
        #expect(habits.workoutsNone.nights.count == 10 && habits.workoutsNone.asleepMinutes == nil)
        let summary = InsightsSummary(state, at: asOf)
        #expect(summary.habits == habits && summary.regularity == state.regularity(at: asOf))
        #expect(summary.messages.allSatisfy { !$0.id.rawValue.hasPrefix("insights.caffeine.") && !$0.id.rawValue.hasPrefix("insights.lateWorkout.") && !$0.id.rawValue.hasPrefix("insights.workout.") })
    }

    // MARK: Every language, every plural form

    @Test func everyArabicCountTemplateHasAllSixPluralForms() throws {
        for id in Self.tenIDs {
            let template = try #require(MessageCatalog.arabic.templates[id], "\(id)")
            let counts = template.components(separatedBy: ", plural,").count - 1
            for category in ["zero", "one", "two", "few", "many", "other"] {
                #expect(template.components(separatedBy: " \(category) {").count - 1 == counts, "\(id) lacks \(category)")
            }
            let english = try #require(MessageCatalog.english.templates[id])
            #expect(english.components(separatedBy: ", plural,").count == template.components(separatedBy: ", plural,").count, "\(id): the same counts in each language")
        }
    }

    @Test("each sentence renders in English, German and Arabic for counts of every plural category, with nothing left unfilled", arguments: [
        ("en_US", MessageCatalog.english), ("de_DE", MessageCatalog.german), ("ar", MessageCatalog.arabic),
    ])
    func rendersInEveryLanguage(locale: String, catalog: MessageCatalog) throws {
        #expect(catalog.problems().isEmpty)
        let renderer = MessageRenderer(catalog: catalog, locale: MessageLocale(locale))
        for id in Self.tenIDs {
            #expect(Set(try catalog.placeholders(of: id)) == Set(try MessageCatalog.english.placeholders(of: id)), "\(id)")
            for (count, other) in [(5, 6), (11, 19), (28, 28), (56, 100), (1, 2), (3, 0)] {
                let text = try renderer.render(Message(id, ["groupNights": .integer(count), "otherNights": .integer(other), "difference": .minutes(count == 1 ? 61 : count)]))
                #expect(!text.contains("{") && !text.contains("}") && !text.contains("#"), "\(locale) \(id): \(text)")
                #expect(text.hasSuffix("."), "\(locale) \(id): \(text)")
            }
        }
    }

    @Test func arabicCountsAgreeWithTheirNouns() throws {
        let renderer = MessageRenderer(catalog: .arabic, locale: MessageLocale("ar"))
        func text(_ count: Int) throws -> String {
            try renderer.render(Message(.insightsWorkoutAsleepMore, ["groupNights": .integer(count), "otherNights": .integer(11), "difference": .minutes(12)]))
        }
        #expect(try text(5).contains("ليالٍ"))
        #expect(try text(2).contains("ليلتين"))
        #expect(try text(11).hasPrefix("في \u{2068}١١\u{2069} ليلة"))
    }

    // MARK: Never a cause, never a grade of health

    @Test func noWordOfCauseOrHealthAndTheMedicalScanFindsNothing() throws {
        var texts: [(label: String, text: String)] = []
        for (locale, catalog) in [("en_US", MessageCatalog.english), ("de_DE", .german), ("ar", .arabic)] {
            let renderer = MessageRenderer(catalog: catalog, locale: MessageLocale(locale))
            for id in Self.tenIDs {
                let text = try renderer.render(Message(id, ["groupNights": .integer(9), "otherNights": .integer(19), "difference": .minutes(12)]))
                texts.append(("\(locale) \(id)", text))
                let lower = text.lowercased()
                for word in ["because", "cause", "healthy", "unhealthy", "health", "good for", "bad for", "better", "worse", "weil", "wegen", "gesund", "لأن", "بسبب", "صحي"] {
                    #expect(!lower.contains(word), "\(locale) \(id) says \(word): \(text)")
                }
            }
        }
        let findings = try MedicalWordChecker.findings(in: texts)
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
        // The catalogue-wide scan (MessageCatalogTests) renders each of them too.
        #expect(Set(Self.tenIDs).isSubset(of: Set(MessageID.all)) && Self.tenIDs.count == 21)
    }
}
