import Events
import Localization
import Testing

/// ICU MessageFormat as this library reads and renders it: each part of the subset, and
/// each way a template can be wrong.
struct MessagePatternTests {
    static func render(_ template: String, _ arguments: [String: MessageArgument], locale: String = "en", isolated: Bool? = nil) throws -> String {
        var renderer = MessageRenderer(catalog: MessageCatalog(strings: ["x": template]), locale: MessageLocale(locale), fallback: MessageCatalog(templates: [:]))
        if let isolated { renderer.isolatesArguments = isolated }
        return try renderer.render(Message("x", arguments))
    }

    // MARK: Apostrophes, as ICU's default mode reads them

    @Test(arguments: [
        ("it''s", "it's"),
        ("it's", "it's"),
        ("'{'n'}'", "{n}"),
        ("'{n}' is {n}", "{n} is 5"),
        ("a '' b", "a ' b"),
        ("'{it''s}'", "{it's}"),
        ("# and '#'", "# and '#'"),
        ("{n, plural, other {'#' is #}}", "# is 5"),
        ("'|'", "'|'"),
        ("{n, plural, other {{k, select, other {# and #}}}}", "# and #"),
        ("'{unclosed", "{unclosed"),
    ])
    func apostrophesQuoteOnlyBeforeSyntax(_ template: String, _ expected: String) throws {
        #expect(try Self.render(template, ["n": .integer(5), "k": .text("other")]) == expected)
    }

    // MARK: plural, selectordinal, select

    @Test func pluralTakesExactValuesFirstThenTheCategoryWithTheOffset() throws {
        let template = "{n, plural, offset:1 =0 {nobody} =1 {only you} one {you and # other} other {you and # others}}"
        #expect(try Self.render(template, ["n": .integer(0)]) == "nobody")
        #expect(try Self.render(template, ["n": .integer(1)]) == "only you")
        #expect(try Self.render(template, ["n": .integer(2)]) == "you and 1 other")
        #expect(try Self.render(template, ["n": .integer(3)]) == "you and 2 others")
        #expect(try Self.render(template, ["n": .number(2.5)]) == "you and 1.5 others")
    }

    @Test func arabicPluralsUseEachOfTheSixForms() throws {
        let template = "{n, plural, zero {zero #} one {one #} two {two #} few {few #} many {many #} other {other #}}"
        let shown = try [0, 1, 2, 3, 11, 100].map { try Self.render(template, ["n": .integer($0)], locale: "ar-u-nu-latn", isolated: false) }
        #expect(shown == ["zero 0", "one 1", "two 2", "few 3", "many 11", "other 100"])
        #expect(try Self.render(template, ["n": .integer(103)], locale: "ar", isolated: false) == "few ١٠٣")
    }

    @Test func aFractionSelectsByItsVisibleDigits() throws {
        let template = "{n, plural, one {one} other {other}}"
        #expect(try Self.render(template, ["n": .number(1.0)]) == "one", "1.0 as a double is shown as 1")
        #expect(try Self.render(template, ["n": .number(1.5)]) == "other")
        #expect(try Self.render(template, ["n": .number(1.0004)]) == "one", "shown as 1 (3 fraction digits at most)")
    }

    @Test func selectordinalUsesTheOrdinalRules() throws {
        let template = "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
        #expect(try [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111].map { try Self.render(template, ["n": .integer($0)]) }
            == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"])
        #expect(try Self.render(template, ["n": .integer(2)], locale: "de") == "2th", "German ordinals are all other")
    }

    @Test func selectPicksTheKeyOrOtherAndBranchesNest() throws {
        let template = "{who, select, watch {On your watch: {n, plural, one {# night} other {# nights}}} other {{n, number} in all}}"
        #expect(try Self.render(template, ["who": .text("watch"), "n": .integer(1)]) == "On your watch: 1 night")
        #expect(try Self.render(template, ["who": .text("phone"), "n": .integer(1234)]) == "1,234 in all")
        #expect(try Self.render("{k, select, other {x #}}", ["k": .text("other")]) == "x #", "# outside a plural is text")
    }

    // MARK: Typed arguments

    @Test func numbersRoundHalfToEvenAndGroup() throws {
        #expect(try Self.render("{n, number}", ["n": .number(2.0005)]) == "2", "from the shortest digits, 2.0005: a tie, to the even 2.000")
        #expect(try Self.render("{n, number}", ["n": .number(0.0125)]) == "0.012", "a tie rounds to the even digit")
        #expect(try Self.render("{n, number}", ["n": .number(0.0135)]) == "0.014")
        #expect(try Self.render("{n, number}", ["n": .number(999.9999)]) == "1,000")
        #expect(try Self.render("{n, number, integer}", ["n": .number(2.5)]) == "2")
        #expect(try Self.render("{n, number, integer}", ["n": .number(3.5)]) == "4")
        #expect(try Self.render("{n, number}", ["n": .integer(-1234567)], locale: "de") == "-1.234.567")
        #expect(try Self.render("{n, number}", ["n": .integer(-1234)], locale: "ar", isolated: false) == "\u{061C}-١٬٢٣٤")
        #expect(try Self.render("{n, number}", ["n": .integer(-1234)], locale: "ar-u-nu-latn", isolated: false) == "\u{200E}-1,234")
        #expect(try Self.render("{n, number}", ["n": .number(1e-7)]) == "0")
        #expect(try Self.render("{n, number}", ["n": .number(1.5e20)]) == "150,000,000,000,000,000,000")
    }

    @Test func datesAndTimesAreWallClocksInTheLocalesWords() throws {
        let date = MessageArgument.date(try LocalDate(iso: "2026-03-29"))
        let time = MessageArgument.timeOfDay(try TimeOfDay(text: "00:30"))
        #expect(try Self.render("{d, date, ::EEEEMMMMd} {t, time, ::jmm}", ["d": date, "t": time]) == "Sunday, March 29 12:30\u{202F}AM")
        #expect(try Self.render("{d, date, ::MMMMd} {t, time, short}", ["d": date, "t": time], locale: "en-GB") == "29 March 00:30")
        #expect(try Self.render("{d, date, ::EEEEMMMMd} {t, time, ::jmm}", ["d": date, "t": time], locale: "de") == "Sonntag, 29. März 00:30")
        #expect(try Self.render("{d, date, ::EEEEMMMMd} {t, time, ::jmm}", ["d": date, "t": time], locale: "ar", isolated: false) == "الأحد، ٢٩ مارس ١٢:٣٠ ص")
        #expect(try Self.render("{d, date, ::EEEE}", ["d": date]) == "Sunday")
    }

    @Test func anArgumentOfTheWrongKindIsATypedError() throws {
        #expect(throws: MessageError.argumentTypeMismatch("x", placeholder: "n", expected: .number, found: .string)) {
            try Self.render("{n, plural, other {#}}", ["n": .text("3")])
        }
        #expect(throws: MessageError.argumentTypeMismatch("x", placeholder: "d", expected: .date, found: .time)) {
            try Self.render("{d, date, ::EEEEMMMMd}", ["d": .timeOfDay(try TimeOfDay(text: "10:00"))])
        }
        #expect(throws: MessageError.argumentTypeMismatch("x", placeholder: "d", expected: .duration, found: .number)) {
            try Self.render("{d, duration}", ["d": .integer(60)])
        }
    }

    @Test(arguments: [
        ("{n, choice, 0#none|1#one}", 4, "choice"),
        ("{n, number, percent}", 4, "percent"),
        ("{d, date, short}", 4, "skeleton"),
        ("{d, date, ::yMMMd}", 4, "skeleton"),
        ("{n, plural, one {a}}", 20, "other"),
        ("{n, plural, few {a} few {b} other {c}}", 20, "twice"),
        ("{n, plural, =x {a} other {b}}", 13, "whole number"),
        ("{n, plural, lots {a} other {b}}", 12, "not a plural category"),
        ("{n, select, a {x} other {y}", 27, "never closed"),
        ("{n, plural, other {#}", 21, "never closed"),
        ("{n, select, other {'{x}}", 19, "never closed"),
        ("{n", 2, ", or }"),
    ])
    func aMalformedTemplateSaysWhereAndWhy(_ template: String, _ offset: Int, _ words: String) {
        do {
            _ = try MessagePattern(parsing: template)
            Issue.record("\(template) parsed")
        } catch {
            #expect(error.offset == offset, "\(template): \(error)")
            #expect(error.reason.contains(words), "\(template): \(error)")
        }
    }

    @Test func theArgumentsAreListedWithTheirTypes() throws {
        let pattern = try MessagePattern(parsing: "{a} {b, number} {c, plural, other {{d, time, ::jmm} {e, select, other {{f, duration}}}}} {g, date, ::EEEEMMMMd} {a, number}")
        let listed = try pattern.arguments().map { "\($0.name):\($0.type.rawValue)" }
        #expect(listed == ["a:number", "b:number", "c:number", "d:time", "e:string", "f:duration", "g:date"])
        #expect(throws: MessagePatternError.self) { try MessagePattern(parsing: "{a, number} {a, date, ::EEEE}").arguments() }
    }

    // MARK: Right to left

    @Test func argumentsInRightToLeftTextAreIsolated() throws {
        let template = "نمت {asleep, duration} بدرجة {score, number} في {n, plural, other {# ليلة}} مع «{item}»"
        let text = try Self.render(template, ["asleep": .minutes(61), "score": .integer(78), "n": .integer(3), "item": .text("Screens off")], locale: "ar")
        #expect(text == "نمت \u{2068}ساعة واحدة ودقيقة واحدة\u{2069} بدرجة \u{2068}٧٨\u{2069} في \u{2068}٣\u{2069} ليلة مع «\u{2068}Screens off\u{2069}»")
        // Not in a left-to-right language.
        #expect(try Self.render("{n, number}", ["n": .integer(3)], locale: "de") == "3")
    }
}
