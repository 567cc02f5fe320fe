import Foundation
import Localization
import ReplayToolKit
import Testing
import TestSupport

/// Every message of every shipped locale, rendered by `replay-tool messages render` over a
/// table of argument values (counts 0, 1, 2, 3, 11, 100, 101, 1.5 among them), against what
/// ICU itself renders: Tests/Fixtures/Messages/icu-<locale>.json, made with ICU's own
/// MessageFormat and PluralRules by make-fixtures.py beside them (Python and PyICU are only
/// needed to regenerate them).
struct MessagesICUTests {
    static let locales = ["en", "en-GB", "de", "ar", "ar-u-nu-latn"]

    struct Fixture: Decodable {
        struct Entry: Decodable {
            struct Case: Decodable {
                let arguments: [String]
                let expected: String
            }
            let id: String
            let template: String
            let cases: [Case]
        }
        let icu: String
        let locale: String
        let messages: [Entry]
    }

    static func fixture(_ locale: String) throws -> Fixture {
        let data = try Data(contentsOf: Golden.fixture("Messages/icu-\(locale).json"))
        return try JSONDecoder().decode(Fixture.self, from: data)
    }

    /// The fixtures were made from today's templates: a changed template needs them made again.
    @Test(arguments: locales)
    func theFixturesAreOfTheCurrentTemplates(_ locale: String) throws {
        let fixture = try Self.fixture(locale)
        #expect(fixture.locale == locale)
        let table = MessageCatalog.shipped(for: MessageLocale(locale))
        let current = Dictionary(uniqueKeysWithValues: MessageID.all.map { id in (id.rawValue, table.templates[id] ?? MessageCatalog.english.templates[id] ?? "") })
        #expect(Set(fixture.messages.map(\.id)) == Set(current.keys), "every message has its cases")
        for entry in fixture.messages {
            #expect(entry.template == current[entry.id], "\(entry.id) changed since the fixtures were made: run python3 Tests/Fixtures/Messages/make-fixtures.py")
        }
    }

    @Test(arguments: locales)
    func everyMessageRendersAsICURendersIt(_ locale: String) throws {
        let fixture = try Self.fixture(locale)
        var compared = 0
        for entry in fixture.messages {
            for sample in entry.cases {
                let run = ToolRun.run(["messages", "render", entry.id, "--locale", locale, "--no-isolation"] + sample.arguments)
                #expect(run.code == .success, "\(entry.id) \(sample.arguments): \(run.error)")
                #expect(run.output == sample.expected + "\n", "\(locale) \(entry.id) \(sample.arguments)")
                compared += 1
            }
        }
        #expect(compared >= 300, "\(compared) renderings compared")
    }

    /// The fixtures' number table has the counts the issue names, and each plural message
    /// meets them.
    @Test func theArgumentTableHasTheCountsThatMatter() throws {
        let fixture = try Self.fixture("ar")
        let plural = try #require(fixture.messages.first { $0.id == "voice.debt.recovery.nights" })
        let counts = Set(plural.cases.flatMap(\.arguments))
        for count in ["0", "1", "2", "3", "11", "100", "101", "1.5"] {
            #expect(counts.contains("nights=\(count)"), "nights=\(count)")
        }
    }
}
