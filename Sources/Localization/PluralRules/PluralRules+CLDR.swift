/// The plural rules of the shipped languages, copied as text from CLDR's
/// `common/supplemental/plurals.xml` (cardinal) and `ordinals.xml` (ordinal), samples
/// included, so that the tests can check each rule against the numbers CLDR lists for it
/// and against CLDR's files (Tests/Fixtures/CLDR).
extension PluralRules {
    /// CLDR's cardinal rule text, by language.
    static let cldrCardinal: [String: [PluralCategory: String]] = [
        // "ast de en et fi fy gl ia io ji lij nl sc scn sv sw ur yi"
        "en": englishLikeCardinal,
        "de": englishLikeCardinal,
        // "ar ars"
        "ar": [
            .zero: "n = 0 @integer 0 @decimal 0.0, 0.00, 0.000, 0.0000",
            .one: "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000",
            .two: "n = 2 @integer 2 @decimal 2.0, 2.00, 2.000, 2.0000",
            .few: "n % 100 = 3..10 @integer 3~10, 103~110, 1003, … @decimal 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 103.0, 1003.0, …",
            .many: "n % 100 = 11..99 @integer 11~26, 111, 1011, … @decimal 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0, …",
            .other: " @integer 100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …",
        ],
    ]

    private static let englishLikeCardinal: [PluralCategory: String] = [
        .one: "i = 1 and v = 0 @integer 1",
        .other: " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …",
    ]

    /// CLDR's ordinal rule text, by language.
    static let cldrOrdinal: [String: [PluralCategory: String]] = [
        "en": [
            .one: "n % 10 = 1 and n % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …",
            .two: "n % 10 = 2 and n % 100 != 12 @integer 2, 22, 32, 42, 52, 62, 72, 82, 102, 1002, …",
            .few: "n % 10 = 3 and n % 100 != 13 @integer 3, 23, 33, 43, 53, 63, 73, 83, 103, 1003, …",
            .other: " @integer 0, 4~18, 100, 1000, 10000, 100000, 1000000, …",
        ],
        // Both in CLDR's list of languages whose ordinals are all `other`.
        "de": onlyOtherOrdinal,
        "ar": onlyOtherOrdinal,
    ]

    private static let onlyOtherOrdinal: [PluralCategory: String] = [
        .other: " @integer 0~15, 100, 1000, 10000, 100000, 1000000, …",
    ]

    /// The shipped languages' cardinal rules, parsed once.
    private static let cardinalRules: [String: PluralRules] = parsed(cldrCardinal)
    /// The shipped languages' ordinal rules, parsed once.
    private static let ordinalRules: [String: PluralRules] = parsed(cldrOrdinal)

    private static func parsed(_ table: [String: [PluralCategory: String]]) -> [String: PluralRules] {
        var rules: [String: PluralRules] = [:]
        for (language, text) in table {
            // The texts above are CLDR's and parse (a test pins it); one that did not would
            // be left out, and its language would fall back to English's rules.
            if let parsed = try? PluralRules(cldr: text) { rules[language] = parsed }
        }
        return rules
    }

    /// English's cardinal rule built without parsing (`one`: i = 1 and v = 0), for a language
    /// whose rules are missing: what the English table's plurals are written for.
    static let englishCardinalFallback = PluralRules(conditions: [(.one, PluralCondition(alternatives: [[
        PluralCondition.Relation(operand: .i, modulus: nil, comparison: .isIn, ranges: [1...1]),
        PluralCondition.Relation(operand: .v, modulus: nil, comparison: .isIn, ranges: [0...0]),
    ]]))])

    /// The cardinal rules of `language` (`en`, `de`, `ar`), or `nil` when not shipped.
    public static func cardinal(language: String) -> PluralRules? { cardinalRules[language] }

    /// The ordinal rules of `language` (`en`, `de`, `ar`), or `nil` when not shipped.
    public static func ordinal(language: String) -> PluralRules? { ordinalRules[language] }

    /// The languages whose rules are shipped.
    public static var languages: [String] { cldrCardinal.keys.sorted() }
}
