/// The locale messages are rendered for, read from a BCP 47 tag (`de`, `ar-EG`,
/// `ar-u-nu-latn`; `_` is taken for `-`, as Apple's identifiers write it).
///
/// The library ships three languages: English (`en`), German (`de`) and Arabic (`ar`).
/// The language picks the catalogue, the plural rules, and the names, patterns and
/// separators of `LocaleFormats`. One region changes them: `en-GB` (24-hour times, the day
/// before the month); any other region is kept in ``identifier`` and ``region`` but is
/// formatted as its language's default (`de-AT` as `de`). Digits follow the language as ICU 72
/// formats it (Arabic-Indic for `ar`, Latin for `en` and `de`) unless the tag names a
/// numbering system with `-u-nu-latn` or `-u-nu-arab`. Any other language renders as
/// English (``isShipped`` is false).
public struct MessageLocale: Sendable, Hashable, CustomStringConvertible {
    /// The digits numbers are written with.
    public enum Numbering: String, Sendable, Hashable {
        /// 0123456789.
        case latin = "latn"
        /// ٠١٢٣٤٥٦٧٨٩ (Arabic-Indic).
        case arabic = "arab"
    }

    /// Which way the language's text runs.
    public enum Direction: String, Sendable, Hashable {
        case leftToRight = "ltr"
        case rightToLeft = "rtl"
    }

    /// The shipped languages.
    public static let shippedLanguages = ["en", "de", "ar"]

    /// The tag as given, `_` read as `-`.
    public let identifier: String
    /// The shipped language used (`en` for any language not shipped).
    public let language: String
    /// Whether the tag's language is shipped.
    public let isShipped: Bool
    /// The digits used.
    public let numbering: Numbering
    /// The region subtag, upper case (`GB`), when the tag has one.
    public let region: String?

    /// English, Latin digits.
    public static let english = MessageLocale(parsing: "en")

    /// The locale of `tag`. Never fails: an unknown language renders as English.
    public init(_ tag: String) {
        self.init(parsing: tag)
    }

    private init(parsing tag: String) {
        let normalized = tag.replacingUnderscores
        identifier = normalized
        let subtags = normalized.lowercased().split(separator: "-").map(String.init)
        let requested = subtags.first ?? ""
        isShipped = Self.shippedLanguages.contains(requested)
        language = isShipped ? requested : "en"
        // The region: the first subtag after the language (and an optional 4-letter script)
        // of 2 letters or 3 digits, before any extension.
        var region: String?
        for subtag in subtags.dropFirst() {
            if subtag.count == 1 { break }
            if subtag.count == 4, subtag.allSatisfy(\.isLetter) { continue }
            if (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)) {
                region = subtag.uppercased()
            }
            break
        }
        self.region = region
        var numbering: Numbering = language == "ar" ? .arabic : .latin
        if let unicode = subtags.firstIndex(of: "u") {
            var position = unicode + 1
            while position + 1 < subtags.count, subtags[position].count == 2 {
                if subtags[position] == "nu", let requestedDigits = Numbering(rawValue: subtags[position + 1]) {
                    numbering = requestedDigits
                }
                position += 2
            }
        }
        self.numbering = numbering
    }

    /// Whether `tag` names a shipped language and, if it names a numbering system, one of
    /// `latn` and `arab` (what `replay-tool --locale` accepts).
    public static func isSupported(_ tag: String) -> Bool {
        let subtags = tag.replacingUnderscores.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = subtags.first, shippedLanguages.contains(first) else { return false }
        guard subtags.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else { return false }
        if let unicode = subtags.firstIndex(of: "u"), let nu = subtags[unicode...].firstIndex(of: "nu") {
            return nu + 1 < subtags.count && Numbering(rawValue: subtags[nu + 1]) != nil
        }
        return true
    }

    /// Right to left for Arabic.
    public var direction: Direction { language == "ar" ? .rightToLeft : .leftToRight }

    /// The cardinal plural rules of ``language``.
    public var cardinalRules: PluralRules {
        PluralRules.cardinal(language: language) ?? PluralRules.englishCardinalFallback
    }

    /// The ordinal plural rules of ``language``.
    public var ordinalRules: PluralRules {
        // Without ordinal rules every number is `other`, as for most languages.
        PluralRules.ordinal(language: language) ?? PluralRules(conditions: [])
    }

    public var description: String { identifier }
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
