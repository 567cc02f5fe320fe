import Foundation
import Localization
import Projections
import Testing

/// The three phrasings of every reminder (docs/rules.md §14, "words that stay fresh"): each
/// template's title and body in variants 0, 1 and 2, in every shipped table.
struct ReminderPhrasingTests {
    static let locales = ["en_US", "de_DE", "ar"]

    /// The table of `locale` alone: a message it lacks is an error, never English standing in.
    static func renderer(_ locale: String) -> MessageRenderer {
        let messageLocale = MessageLocale(locale)
        return MessageRenderer(catalog: .shipped(for: messageLocale), locale: messageLocale, fallback: MessageCatalog(templates: [:]))
    }

    @Test func thereAreThreeVariants() {
        #expect(ReminderTemplate.variantCount == 3)
        #expect(MessageID.reminderPhrasings.count == ReminderTemplate.all.count * ReminderTemplate.variantCount * 2)
        #expect(MessageID.reminderPhrasings.count == 66)
    }

    @Test func variantZeroKeepsTheReminderIdsAndTheOthersHaveTheirOwn() {
        for template in ReminderTemplate.all {
            let id = template.id
            #expect(MessageID.reminderTitle(template, variant: 0).rawValue == "reminder.\(id).title")
            #expect(MessageID.reminderBody(template, variant: 0).rawValue == "reminder.\(id).body")
            #expect(MessageID.reminderTitle(template, variant: 0) == MessageID.reminderTitle(id))
            #expect(MessageID.reminderBody(template, variant: 0) == MessageID.reminderBody(id))
            #expect(MessageID.reminderTitle(template, variant: 1).rawValue == "reminder.\(id).v1.title")
            #expect(MessageID.reminderBody(template, variant: 1).rawValue == "reminder.\(id).v1.body")
            #expect(MessageID.reminderTitle(template, variant: 2).rawValue == "reminder.\(id).v2.title")
            #expect(MessageID.reminderBody(template, variant: 2).rawValue == "reminder.\(id).v2.body")
            #expect(MessageID.reminderTitle(id, variant: 2) == MessageID.reminderTitle(template, variant: 2))
            #expect(MessageID.reminderBody(id, variant: 1) == MessageID.reminderBody(template, variant: 1))
        }
        #expect(MessageID.reminderTitle("screens_off").rawValue == "reminder.screens_off.title")
    }

    /// `MessageID.all` lists them, so the tests of every id in every table cover them too.
    @Test func everyPhrasingIsAnIdTheLibraryUsesOnce() {
        let all = MessageID.all
        #expect(Set(MessageID.reminderPhrasings).isSubset(of: Set(all)))
        #expect(Set(MessageID.reminderPhrasings).count == MessageID.reminderPhrasings.count)
        guard let start = all.firstIndex(of: MessageID.reminderPhrasings[0]) else {
            Issue.record("no phrasing in MessageID.all")
            return
        }
        #expect(Array(all[start ..< start + MessageID.reminderPhrasings.count]) == MessageID.reminderPhrasings, "in order, together")
    }

    /// Every template × variant in each table, by itself: not empty, and each variant's
    /// title and body other than the other two variants' in that language.
    @Test(arguments: locales)
    func everyVariantRendersAndDiffersFromTheOthers(_ locale: String) throws {
        let renderer = Self.renderer(locale)
        for template in ReminderTemplate.all {
            var titles: [String] = []
            var bodies: [String] = []
            for variant in 0 ..< ReminderTemplate.variantCount {
                let title = try renderer.render(Message(.reminderTitle(template, variant: variant)))
                let body = try renderer.render(Message(.reminderBody(template, variant: variant)))
                #expect(!title.trimmingCharacters(in: .whitespaces).isEmpty, "\(locale) \(template.id) v\(variant) title")
                #expect(!body.trimmingCharacters(in: .whitespaces).isEmpty, "\(locale) \(template.id) v\(variant) body")
                #expect(title != body, "\(locale) \(template.id) v\(variant)")
                titles.append(title)
                bodies.append(body)
            }
            #expect(Set(titles).count == ReminderTemplate.variantCount, "\(locale) \(template.id) titles: \(titles)")
            #expect(Set(bodies).count == ReminderTemplate.variantCount, "\(locale) \(template.id) bodies: \(bodies)")
        }
    }

    /// Variant 0 in English is the template's own title and body, as before.
    @Test func variantZeroInEnglishIsTheTemplatesOwnText() throws {
        let renderer = Self.renderer("en_US")
        for template in ReminderTemplate.all {
            #expect(try renderer.render(Message(.reminderTitle(template, variant: 0))) == template.title)
            #expect(try renderer.render(Message(.reminderBody(template, variant: 0))) == template.body)
        }
    }

    /// Every variant takes the arguments variant 0 takes, name and type, in every table.
    @Test(arguments: locales)
    func everyVariantHasVariantZerosArguments(_ locale: String) throws {
        let catalog = MessageCatalog.shipped(for: MessageLocale(locale))
        func signature(_ id: MessageID) throws -> Set<String> {
            Set(try catalog.arguments(of: id).map { "\($0.name): \($0.type.rawValue)" })
        }
        for template in ReminderTemplate.all {
            let title = try signature(.reminderTitle(template, variant: 0))
            let body = try signature(.reminderBody(template, variant: 0))
            for variant in 1 ..< ReminderTemplate.variantCount {
                #expect(try signature(.reminderTitle(template, variant: variant)) == title, "\(locale) \(template.id) v\(variant) title")
                #expect(try signature(.reminderBody(template, variant: variant)) == body, "\(locale) \(template.id) v\(variant) body")
            }
        }
    }

    /// Any count in an Arabic phrasing has all six of Arabic's plural forms.
    @Test func everyArabicPhrasingHasEveryPluralForm() throws {
        func check(_ nodes: [MessagePattern.Node], _ id: MessageID) {
            for node in nodes {
                switch node {
                case .plural(let name, let ordinal, _, let branches):
                    if !ordinal {
                        let categories = Set(branches.compactMap { if case .category(let c) = $0.selector { c } else { nil } })
                        #expect(categories == Set(PluralCategory.allCases), "\(id) {\(name)}")
                    }
                    branches.forEach { check($0.message, id) }
                case .select(_, let branches):
                    branches.forEach { check($0.message, id) }
                default:
                    break
                }
            }
        }
        for id in MessageID.reminderPhrasings {
            check(try MessageCatalog.arabic.template(for: id).nodes, id)
        }
    }

    /// Outside 0 ..< variantCount there is no phrasing: rendering says so, as for any unknown id.
    @Test func aVariantOutOfRangeNamesNoMessage() throws {
        let template = try #require(ReminderTemplate.template(id: "screens_off"))
        let beyond = MessageID.reminderTitle(template, variant: ReminderTemplate.variantCount)
        #expect(beyond.rawValue == "reminder.screens_off.v3.title")
        #expect(!MessageID.all.contains(beyond))
        #expect(throws: MessageError.unknownMessage(beyond)) {
            try MessageRenderer(locale: MessageLocale("en_US")).render(Message(beyond))
        }
    }
}
