import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Localization
import TestSupport

/// The rule sets of CLDR's `plurals.xml` or `ordinals.xml` (Tests/Fixtures/CLDR), read with
/// XMLParser: each `<pluralRules locales="…">` with its rules' text by category.
struct CLDRPluralFile {
    struct RuleSet {
        var locales: [String]
        var rules: [PluralCategory: String]
    }

    let ruleSets: [RuleSet]

    init(_ name: String) throws {
        let data = try Data(contentsOf: Golden.fixture("CLDR/\(name)"))
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), reader.failure == nil else {
            throw CLDRFileError(reason: "\(name) did not parse: \(reader.failure ?? parser.parserError.map { "\($0)" } ?? "unknown")")
        }
        ruleSets = reader.ruleSets
    }

    /// The rules of `locale`.
    func rules(of locale: String) -> [PluralCategory: String]? {
        ruleSets.first { $0.locales.contains(locale) }?.rules
    }

    struct CLDRFileError: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var ruleSets: [RuleSet] = []
        var failure: String?
        private var category: PluralCategory?
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch element {
            case "pluralRules":
                ruleSets.append(RuleSet(locales: (attributes["locales"] ?? "").split(separator: " ").map(String.init), rules: [:]))
            case "pluralRule":
                guard let count = attributes["count"], let category = PluralCategory(rawValue: count) else {
                    failure = "a pluralRule with the count \(attributes["count"] ?? "none")"
                    return
                }
                self.category = category
                text = ""
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if category != nil { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard element == "pluralRule", let category, !ruleSets.isEmpty else { return }
            ruleSets[ruleSets.count - 1].rules[category] = text
            self.category = nil
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
            failure = "\(error)"
        }
    }
}
