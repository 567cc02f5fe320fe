import Foundation
import Projections
import Localization
import Testing

/// Locale tags as front ends and `--locale` give them.
struct MessageLocaleTests {
    @Test(arguments: [
        ("en", "en", nil as String?, "latn", "ltr", true),
        ("en_US", "en", "US", "latn", "ltr", true),
        ("en-GB", "en", "GB", "latn", "ltr", true),
        ("de-AT", "de", "AT", "latn", "ltr", true),
        ("ar", "ar", nil, "arab", "rtl", true),
        ("ar-EG", "ar", "EG", "arab", "rtl", true),
        ("ar-u-nu-latn", "ar", nil, "latn", "rtl", true),
        ("de-u-nu-arab", "de", nil, "arab", "ltr", true),
        ("zh-Hant-TW", "en", "TW", "latn", "ltr", false),
        ("fr", "en", nil, "latn", "ltr", false),
        ("", "en", nil, "latn", "ltr", false),
    ])
    func aTagGivesItsLanguageDigitsAndDirection(_ tag: String, _ language: String, _ region: String?, _ digits: String, _ direction: String, _ shipped: Bool) {
        let locale = MessageLocale(tag)
        #expect(locale.language == language)
        #expect(locale.region == region)
        #expect(locale.numbering.rawValue == digits)
        #expect(locale.direction.rawValue == direction)
        #expect(locale.isShipped == shipped)
        #expect(MessageLocale.isSupported(tag) == shipped)
    }

    @Test func aNumberingSystemNotShippedIsRefusedByTheToolAndIgnoredByTheLibrary() {
        #expect(!MessageLocale.isSupported("ar-u-nu-thai"))
        #expect(MessageLocale("ar-u-nu-thai").numbering == .arabic)
        #expect(!MessageLocale.isSupported("de--x"))
    }

    /// Each shipped table covers every message with the same arguments: the coverage
    /// reported per locale, 100 % each.
    @Test(arguments: ["en", "de", "ar"])
    func eachShippedTableIsComplete(_ language: String) {
        let table = MessageCatalog.shipped(for: MessageLocale(language))
        let coverage = table.coverage()
        print("message coverage \(language): \(Int((coverage * 100).rounded())) % of \(MessageCatalog.english.templates.count) messages")
        #expect(table.problems().isEmpty, "\(table.problems())")
        #expect(coverage == 1)
        #expect(Set(table.templates.keys) == Set(MessageID.all))
    }

    @Test func aMessageATableLacksComesFromEnglishInEnglish() throws {
        var strings = Dictionary(uniqueKeysWithValues: MessageCatalog.german.templates.map { ($0.key.rawValue, $0.value) })
        strings.removeValue(forKey: MessageID.voiceDebtSome.rawValue)
        let partial = MessageCatalog(strings: strings)
        #expect(partial.coverage() < 1)
        let renderer = MessageRenderer(catalog: partial, locale: MessageLocale("de"))
        #expect(try renderer.render(Message(.voiceDebtSome, ["debt": .minutes(62)])) == "Your sleep debt over the last 7 nights is 1 hour, 2 minutes.")
        #expect(try renderer.render(Message(.summaryScore, ["score": .integer(1234)])) == "Schlafwert 1.234.")
    }

    @Test func everyArabicPluralHasAllSixForms() throws {
        for id in MessageID.all {
            let pattern = try MessageCatalog.arabic.template(for: id)
            func check(_ nodes: [MessagePattern.Node]) {
                for node in nodes {
                    switch node {
                    case .plural(let name, let ordinal, _, let branches):
                        if !ordinal {
                            let categories = Set(branches.compactMap { if case .category(let c) = $0.selector { c } else { nil } })
                            #expect(categories == Set(PluralCategory.allCases), "\(id) {\(name)}")
                        }
                        branches.forEach { check($0.message) }
                    case .select(_, let branches):
                        branches.forEach { check($0.message) }
                    default:
                        break
                    }
                }
            }
            check(pattern.nodes)
        }
    }
}

/// The README's and docs/localization.md's examples, as they are shown.
struct LocalizationExampleTests {
    @Test func theReadmeExampleRendersAsShown() throws {
        let renderer = MessageRenderer(locale: MessageLocale("de"))
        #expect(try renderer.render(Message(.voiceDebtSome, ["debt": .minutes(62)])) == "Dein Schlafdefizit der letzten 7 Nächte beträgt 1 Stunde und 2 Minuten.")
        let arabic = MessageRenderer(locale: MessageLocale("ar"))
        let nights = try [0, 1, 2, 3, 11, 100].map { count in
            try arabic.render(Message(.voiceDebtRecoveryNights, ["nights": .integer(count)]))
        }
        for (text, form) in zip(nights, ["٠ ليلة", "ليلة واحدة", "ليلتين", "٣ ليالٍ", "١١ ليلة", "١٠٠ ليلة"]) {
            #expect(text.replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "").contains(form), "\(text)")
        }
    }
}

struct FigureDigitsTests {
    @Test(arguments: [("en", "2026", "2026"), ("de", "28.7", "28,7"), ("ar", "2026", "٢٠٢٦"), ("ar", "28.7", "٢٨٫٧"), ("ar-u-nu-latn", "28.7", "28.7")])
    func aFigureShownAsDataTakesTheLocalesDigitsUngrouped(_ tag: String, _ text: String, _ expected: String) {
        #expect(MessageLocale(tag).digits(of: text) == expected)
    }
}

struct ScienceClaimMessageTests {
    /// Every claim a person can be shown has a message, in English exactly as the science
    /// data words it, and in each shipped language.
    @Test func everyClaimHasAMessageInEveryLanguage() throws {
        var references = ReminderTemplate.all.flatMap(\.allScience) + [ScienceLibrary.plan, ScienceLibrary.mindfulExit]
        references += ScienceLibrary.scoreReferences
        let english = MessageRenderer(locale: .english)
        for reference in references {
            let id = try #require(MessageID.claim(of: reference), "\(reference.claim)")
            #expect(try english.render(Message(id)) == reference.claim)
            for language in ["de", "ar"] {
                #expect(MessageCatalog.shipped(for: MessageLocale(language)).templates[id] != nil, "\(id) in \(language)")
            }
        }
        #expect(MessageID.claim(of: ScienceReference(claim: "not in the library", studies: [], grade: .weak, note: nil)) == nil)
    }
}
