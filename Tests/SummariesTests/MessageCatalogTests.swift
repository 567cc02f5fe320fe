import Localization
import Events
import Foundation
import Projections
import Summaries
import Testing
import TestSupport

/// The message table, its renderer, translations, and the medical-word scan.
struct MessageCatalogTests {
    // MARK: The English table

    @Test func theEnglishTableHasEveryIdTheLibraryUsesAndNothingElse() throws {
        #expect(Set(MessageCatalog.english.templates.keys) == Set(MessageID.all))
        #expect(MessageID.all.count == Set(MessageID.all).count, "no id twice")
        #expect(MessageCatalog.english.problems().isEmpty)
    }

    /// Every message but the reminders' titles (headings), the duration phrases, the
    /// report's and `scores`' words (labels, table headings and phrases as much as
    /// sentences) and the rows of a together week and the own row's name (a list under its
    /// heading); their own tests read them in place.
    @Test(arguments: MessageID.all.filter {
        !$0.rawValue.hasSuffix(".title") && !$0.rawValue.hasPrefix("duration.") && !$0.rawValue.hasPrefix("report.") && !$0.rawValue.hasPrefix("scores.")
            && !$0.rawValue.hasPrefix("together.week.") && $0 != .togetherYou
    })
    func everyMessageRendersWithSamplesAsWholeSentences(_ id: MessageID) throws {
        let renderer = MessageRenderer(locale: MessageLocale("en_US"))
        let text = try renderer.render(try CatalogSamples.message(id))
        #expect(!text.contains("{") && !text.contains("}"), "\(id): \(text)")
        let first = try #require(text.first)
        #expect(first.isUppercase, "\(id) starts a sentence: \(text)")
        #expect(text.hasSuffix(".") || text.hasSuffix("?"), "\(id) ends a sentence: \(text)")
    }

    /// Every message rendered in each shipped table, for review.
    @Test(arguments: [("english", "en_US"), ("german", "de_DE"), ("arabic", "ar")])
    func theRenderedTableIsItsGolden(table: String, locale: String) throws {
        let catalog = MessageCatalog.shipped(for: MessageLocale(locale))
        let lines = try CatalogSamples.renderedTable(catalog, locale: locale).map { "\($0.label): \($0.text)\n" }
        Golden.assertMatches(lines.joined(), golden: "Summaries/catalog-\(locale).txt")
    }

    // MARK: Medical certainty

    @Test func theCheckerCatchesCertaintyAsWholeWordsInAnyCase() throws {
        #expect(try MedicalWordChecker.violations(in: "This CURES insomnia, guaranteed.") == ["CURES", "insomnia", "guaranteed"])
        #expect(try MedicalWordChecker.violations(in: "We diagnose a sleep disorder and prescribe a treatment.") == ["diagnose", "disorder", "prescribe", "treatment"])
        #expect(try MedicalWordChecker.violations(in: "Helps prevent disease; heals. Treat yourself.") == ["prevent", "disease", "heals", "Treat"])
        #expect(try MedicalWordChecker.violations(in: "Diese Therapie heilt jede Schlafstörung.") == ["Therapie", "heilt", "Schlafstörung"])
        // Longer words that merely contain one are fine.
        #expect(try MedicalWordChecker.violations(in: "A secure, healthy retreat; a preventive treaty; curious healers.").isEmpty)
    }

    @Test func theScanFailsOnATableWithAMedicalPromise() throws {
        var strings = Dictionary(uniqueKeysWithValues: MessageCatalog.english.templates.map { ($0.key.rawValue, $0.value) })
        strings[MessageID.summaryCostliestNone.rawValue] = "A perfect night: this routine cures poor sleep, guaranteed."
        let bad = MessageCatalog(strings: strings)
        #expect(bad.problems().isEmpty, "well formed, so only the scan can catch it")
        let findings = try MedicalWordChecker.findings(in: try CatalogSamples.renderedTable(bad, locale: "en_US"))
        #expect(findings == ["summary.costliest.none says [\"cures\", \"guaranteed\"]: A perfect night: this routine cures poor sleep, guaranteed."])
    }

    @Test func noUserFacingTextClaimsMedicalCertainty() throws {
        let english = try CatalogSamples.renderedTable(.english, locale: "en_US")
        let german = try CatalogSamples.renderedTable(try CatalogSamples.german(), locale: "de_DE").map { ("de \($0.label)", $0.text) }
        let renderer = MessageRenderer(locale: MessageLocale("en_US"))
        var tips: [(label: String, text: String)] = []
        for (part, ids) in SleepTip.candidates {
            for id in ids {
                let tip = try #require(SleepTip.tip(id: id, for: part))
                tips.append(("tip \(id) rendered", try renderer.render(tip.message)))
            }
        }
        let texts = english + german + tips + CatalogSamples.scienceTexts()
        #expect(texts.count >= MessageID.all.count * 2 + 11 * 2 + 5)
        let findings = try MedicalWordChecker.findings(in: texts)
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    // MARK: Errors are typed

    @Test func aMissingPlaceholderIsATypedError() throws {
        let renderer = MessageRenderer(locale: MessageLocale("en_US"))
        #expect(throws: MessageError.missingArgument(.summaryDeep, placeholder: "deepTargetMinutes")) {
            try renderer.render(Message(.summaryDeep, ["deepMinutes": .integer(52)]))
        }
        #expect(throws: MessageError.missingArgument(.summaryScore, placeholder: "score")) {
            try renderer.render(Message(.summaryScore, ["points": .integer(78)]))
        }
    }

    @Test func aMissingIdIsATypedErrorWhenNoTableHasIt() throws {
        let table = MessageCatalog(strings: ["summary.score": "Score {score}."])
        let renderer = MessageRenderer(catalog: table, locale: MessageLocale("en_US"), fallback: MessageCatalog(templates: [:]))
        #expect(throws: MessageError.unknownMessage("voice.noNights")) {
            try renderer.render(Message(.voiceNoNights))
        }
        #expect(try renderer.render(Message(.summaryScore, ["score": .integer(5)])) == "Score 5.")
        // With the English fallback, the message comes from English, in English.
        let withFallback = MessageRenderer(catalog: table, locale: MessageLocale("de"))
        #expect(try withFallback.render(Message(.voiceNoNights)) == "There is no sleep recorded yet.")
        #expect(throws: MessageError.unknownMessage("no.such.id")) { try withFallback.render(Message("no.such.id")) }
    }

    struct MalformedCase: Sendable, CustomTestStringConvertible {
        let template: String
        let offset: Int
        var testDescription: String { template }
    }

    @Test(arguments: [
        MalformedCase(template: "Score {score.", offset: 12),
        MalformedCase(template: "Score score}.", offset: 11),
        MalformedCase(template: "Score {}.", offset: 7),
        MalformedCase(template: "Score {2x}.", offset: 7),
        MalformedCase(template: "Score {score, numbr}.", offset: 14),
        MalformedCase(template: "Score {score, plural, one {#}}.", offset: 30),
        MalformedCase(template: "Score {score, plural, one {#} other {#}.", offset: 39),
    ])
    func aMalformedTemplateIsATypedError(_ malformed: MalformedCase) throws {
        let renderer = MessageRenderer(catalog: MessageCatalog(strings: ["summary.score": malformed.template]), locale: MessageLocale("en_US"))
        do {
            _ = try renderer.render(Message(.summaryScore, ["score": .integer(1)]))
            Issue.record("\(malformed.template) rendered")
        } catch {
            guard case .malformedTemplate(let id, let offset, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(id == .summaryScore)
            #expect(offset == malformed.offset)
        }
    }

    @Test func quotedBracesAreLiteralAndUnusedArgumentsAreIgnored() throws {
        let renderer = MessageRenderer(catalog: MessageCatalog(strings: ["x": "'{'{score}'}' of '{100}', it''s { score }."]), locale: MessageLocale("en_US"))
        #expect(try renderer.render(Message("x", ["score": .integer(78), "unused": .text("?")])) == "{78} of {100}, it's 78.")
        #expect(try MessageCatalog(strings: ["x": "{a} {b} {a}"]).placeholders(of: "x") == ["a", "b"])
    }

    // MARK: Translation

    @Test func theGermanTableRendersTheSameIds() throws {
        let german = MessageCatalog.german
        #expect(german.problems().isEmpty, "\(german.problems())")
        let renderer = MessageRenderer(catalog: german, locale: MessageLocale("de_DE"))
        let summary = [
            Message(.summaryScore, ["score": .integer(78)]),
            Message(.summaryDeep, ["deepMinutes": .integer(52), "deepTargetMinutes": .integer(70)]),
            Message(.summaryCostliestDuration, ["points": .integer(9)]),
        ]
        #expect(try renderer.render(summary) == (try summary.map { try renderer.render($0) }.joined(separator: " ")))
        #expect(try renderer.render(summary).contains("78"))
        let english = MessageRenderer(locale: MessageLocale("en_US"))
        #expect(try english.render(summary) == "Score 78. Deep sleep 52 of 70 min. Duration cost the most: 9 points.")
    }

    @Test func aTranslationThatDiffersIsReportedNotCrashed() throws {
        var strings = Dictionary(uniqueKeysWithValues: MessageCatalog.english.templates.map { ($0.key.rawValue, $0.value) })
        strings.removeValue(forKey: "voice.debt.none")
        strings["summary.deep"] = "Tiefschlaf {deep} von {deepTargetMinutes} Min."
        strings["summary.score"] = "Wert {score."
        strings["extra.id"] = "Not used."
        let problems = MessageCatalog(strings: strings).problems()
        #expect(problems.count == 3)
        #expect(problems.contains(.unknownMessage(.voiceDebtNone)))
        #expect(problems.contains(.placeholdersDiffer(.summaryDeep, expected: ["deepMinutes", "deepTargetMinutes"], found: ["deep", "deepTargetMinutes"])))
        #expect(problems.contains { if case .malformedTemplate(.summaryScore, _, _) = $0 { true } else { false } })
    }

    // MARK: Formatting follows the locale

    struct FormatCase: Sendable, CustomTestStringConvertible {
        let locale: String
        let integer: String
        let minutes: String
        let time: String
        let date: String
        var testDescription: String { locale }
    }

    /// `en_US` puts U+202F (narrow no-break space) before "PM" (docs/platform-notes.md).
    @Test(arguments: [
        FormatCase(locale: "en_US", integer: "12,345", minutes: "6 hours, 58 minutes", time: "11:50\u{202F}PM", date: "Monday, November 30"),
        FormatCase(locale: "en_GB", integer: "12,345", minutes: "6 hours, 58 minutes", time: "23:50", date: "Monday, 30 November"),
        FormatCase(locale: "de_DE", integer: "12.345", minutes: "6 Stunden und 58 Minuten", time: "23:50", date: "Montag, 30. November"),
    ])
    func argumentsAreFormattedForTheLocale(_ expected: FormatCase) throws {
        let renderer = MessageRenderer(locale: MessageLocale(expected.locale))
        #expect(renderer.format(.integer(12_345)) == expected.integer)
        #expect(renderer.format(.minutes(418)) == expected.minutes)
        #expect(renderer.format(.timeOfDay(try TimeOfDay(text: "23:50"))) == expected.time)
        #expect(renderer.format(.date(try LocalDate(iso: "2026-11-30"))) == expected.date)
        #expect(renderer.format(.text("as is")) == "as is")
    }

    @Test func durationsLeaveOutAZeroPartAndPluralise() throws {
        let renderer = MessageRenderer(locale: MessageLocale("en_US"))
        #expect(renderer.format(.minutes(0)) == "0 minutes")
        #expect(renderer.format(.minutes(1)) == "1 minute")
        #expect(renderer.format(.minutes(60)) == "1 hour")
        #expect(renderer.format(.minutes(61)) == "1 hour, 1 minute")
        #expect(renderer.format(.minutes(120)) == "2 hours")
        #expect(renderer.format(.minutes(-75)) == "1 hour, 15 minutes", "a negative duration is shown as its size")
    }

    @Test func timesAndDatesDoNotDependOnTheDevicesZone() throws {
        // Wall-clock values are formatted from their fields; 00:30 stays 00:30.
        let renderer = MessageRenderer(locale: MessageLocale("de_DE"))
        #expect(renderer.format(.timeOfDay(try TimeOfDay(text: "00:30"))) == "00:30")
        #expect(renderer.format(.date(try LocalDate(iso: "2026-03-29"))) == "Sonntag, 29. März")
    }

    // MARK: Messages travel as data

    @Test func aMessageRoundTripsThroughJSON() throws {
        let message = Message(.voiceNightsAgo, [
            "date": .date(try LocalDate(iso: "2026-11-30")), "onset": .timeOfDay(try TimeOfDay(text: "23:50")),
            "asleep": .minutes(418), "score": .integer(78),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(message)
        #expect(String(decoding: data, as: UTF8.self) == #"{"arguments":{"asleep":{"minutes":418},"date":{"date":"2026-11-30"},"onset":{"timeOfDay":"23:50"},"score":{"integer":78}},"id":"voice.nightsAgo"}"#)
        #expect(try JSONDecoder().decode(Message.self, from: data) == message)
        let bad = Data(#"{"id":"x","arguments":{"t":{"timeOfDay":"25:00"}}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Message.self, from: bad) }
        let twoKinds = Data(#"{"id":"x","arguments":{"t":{"integer":1,"text":"a"}}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Message.self, from: twoKinds) }
    }
}
