import Localization
import Testing
import TestSupport

/// CLDR's plural rules, evaluated from CLDR's own rule text and checked on the sample
/// numbers CLDR lists for each rule: every language of CLDR's files, not only the shipped
/// ones, so that every part of the rule syntax is exercised.
struct PluralRulesTests {
    static let files = ["plurals.xml", "ordinals.xml"]

    @Test(arguments: files)
    func everyRuleOfCLDRTakesEachOfItsSampleNumbers(_ file: String) throws {
        let cldr = try CLDRPluralFile(file)
        #expect(cldr.ruleSets.count > 15, "the file has its rule sets")
        var checked = 0
        for set in cldr.ruleSets {
            let rules = try PluralRules(cldr: set.rules)
            #expect(Set(rules.categories) == Set(set.rules.keys).union([.other]), "\(set.locales)")
            for (category, text) in set.rules {
                let samples = try PluralSamples(rule: text)
                for sample in samples.integers + samples.decimals {
                    let operands = try #require(PluralOperands(sample), "\(sample)")
                    let found = rules.category(for: operands)
                    #expect(found == category, "\(set.locales.first ?? "?") \(sample) (\(operands)) is \(category), not \(found)")
                    checked += 1
                }
            }
        }
        #expect(checked > (file == "plurals.xml" ? 1_000 : 300), "\(checked) samples")
    }

    /// The shipped languages' rules are CLDR's text, exactly.
    @Test(arguments: ["en", "de", "ar"])
    func theShippedRulesAreCLDRs(_ language: String) throws {
        let cardinal = try #require(try CLDRPluralFile("plurals.xml").rules(of: language))
        let ordinal = try #require(try CLDRPluralFile("ordinals.xml").rules(of: language))
        #expect(PluralRules.cardinal(language: language) == (try PluralRules(cldr: cardinal)))
        #expect(PluralRules.ordinal(language: language) == (try PluralRules(cldr: ordinal)))
    }

    @Test func arabicUsesAllSixCategories() throws {
        let rules = try #require(PluralRules.cardinal(language: "ar"))
        let categories = [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000].map { rules.category(for: PluralOperands($0)) }
        #expect(categories == [.zero, .one, .two, .few, .few, .many, .many, .other, .other, .other, .few, .many, .other])
        #expect(rules.category(for: try #require(PluralOperands("1.5"))) == .other)
        #expect(rules.category(for: try #require(PluralOperands("3.0"))) == .few, "a zero fraction is still 3")
    }

    @Test func englishOneNeedsNoVisibleFraction() throws {
        let rules = try #require(PluralRules.cardinal(language: "en"))
        #expect(rules.category(for: PluralOperands(1)) == .one)
        #expect(rules.category(for: try #require(PluralOperands("1.0"))) == .other)
        #expect(rules.category(for: PluralOperands(-1)) == .one, "n is the absolute value")
        let ordinal = try #require(PluralRules.ordinal(language: "en"))
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map { ordinal.category(for: PluralOperands($0)) }
            == [.one, .two, .few, .other, .other, .other, .other, .one, .two, .few, .one, .other])
    }

    /// TR35's table of operands.
    @Test(arguments: [
        ("1", "i=1 v=0 w=0 f=0 t=0 e=0"),
        ("1.0", "i=1 v=1 w=0 f=0 t=0 e=0"),
        ("1.00", "i=1 v=2 w=0 f=0 t=0 e=0"),
        ("1.3", "i=1 v=1 w=1 f=3 t=3 e=0"),
        ("1.30", "i=1 v=2 w=1 f=30 t=3 e=0"),
        ("1.03", "i=1 v=2 w=2 f=3 t=3 e=0"),
        ("1.230", "i=1 v=3 w=2 f=230 t=23 e=0"),
        ("1200000", "i=1200000 v=0 w=0 f=0 t=0 e=0"),
        ("1.2c6", "i=1200000 v=0 w=0 f=0 t=0 e=6"),
        ("123c6", "i=123000000 v=0 w=0 f=0 t=0 e=6"),
        ("1.0000001c6", "i=1000000 v=1 w=1 f=1 t=1 e=6"),
        ("-2.5", "i=2 v=1 w=1 f=5 t=5 e=0"),
    ])
    func operandsAreReadAsCLDRDefinesThem(_ text: String, _ expected: String) throws {
        #expect(try #require(PluralOperands(text)).description == expected)
    }

    @Test(arguments: ["", "1.", ".5", "1..2", "1,5", "x", "1c", "1e1000", "1234567890123456789"])
    func aNumberThatIsNotOneHasNoOperands(_ text: String) {
        #expect(PluralOperands(text) == nil)
    }

    @Test func everyRelationOfTheSyntaxIsRead() throws {
        func category(_ rule: String, _ number: String) throws -> PluralCategory {
            try PluralRules(cldr: [.one: rule]).category(for: try #require(PluralOperands(number)))
        }
        #expect(try category("n is 2", "2") == .one)
        #expect(try category("n is not 2", "2") == .other)
        #expect(try category("n not in 1..3", "2") == .other)
        #expect(try category("n in 1..3", "2.5") == .other, "in takes integers only")
        #expect(try category("n within 1..3", "2.5") == .one, "within takes any value")
        #expect(try category("n not within 1..3", "3.5") == .one)
        #expect(try category("n mod 10 = 3", "23") == .one)
        #expect(try category("n % 10 = 3 or n = 0", "0") == .one)
        #expect(try category("i = 1 and v = 0 or n = 5", "1.0") == .other, "and binds tighter than or")
        #expect(try category("c = 6", "1c6") == .one, "c is e")
        #expect(try category("n = 1,3..5,9", "4") == .one)
    }

    @Test(arguments: [
        ("n =", 3), ("q = 1", 0), ("n = 1 and", 9), ("n % 0 = 1", 4), ("n = 3..1", 4), ("n = 1 xor n = 2", 6), ("n not 3", 6),
    ])
    func aMalformedRuleIsATypedErrorWithItsPlace(_ rule: String, _ offset: Int) {
        do {
            _ = try PluralCondition(parsing: rule)
            Issue.record("\(rule) parsed")
        } catch {
            #expect(error.offset == offset, "\(error)")
        }
    }

    @Test func samplesExpandRangesInTheStepOfTheirLastDigit() throws {
        let samples = try PluralSamples(rule: "n = 1 @integer 1, 3~5, … @decimal 0.8~1.1, 1.0000")
        #expect(samples.integers == ["1", "3", "4", "5"])
        #expect(samples.decimals == ["0.8", "0.9", "1.0", "1.1", "1.0000"])
        #expect(samples.isOpenEnded)
        #expect(throws: PluralRuleError.self) { try PluralSamples(rule: "@integer 5~3") }
        #expect(throws: PluralRuleError.self) { try PluralSamples(rule: "@float 1") }
    }
}
