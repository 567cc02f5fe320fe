import Localization
import Events
import Foundation
import Projections
import Summaries
import Testing
import TestSupport

/// Sample arguments for every placeholder the library's messages use, and the tables and
/// locales the tests render with.
enum CatalogSamples {
    /// A sample value for each placeholder name.
    static func arguments() throws -> [String: MessageArgument] {
        [
            "score": .integer(78),
            "hours": .integer(7),
            "minutes": .integer(12),
            "deepMinutes": .integer(52),
            "deepTargetMinutes": .integer(70),
            "points": .integer(9),
            "claim": .message(Message(.scienceClaim("cool_room"))),
            "onset": .timeOfDay(try TimeOfDay(text: "23:50")),
            "asleep": .minutes(418),
            "date": .date(try LocalDate(iso: "2026-11-30")),
            "previousScore": .integer(74),
            "previousAsleep": .minutes(402),
            "debt": .minutes(62),
            "nights": .integer(3),
            "count": .integer(4),
            "workMidSleep": .timeOfDay(try TimeOfDay(text: "03:40")),
            "freeMidSleep": .timeOfDay(try TimeOfDay(text: "04:55")),
            "jetlag": .minutes(75),
            "chronotype": .timeOfDay(try TimeOfDay(text: "04:41")),
            "usualWake": .timeOfDay(try TimeOfDay(text: "07:30")),
            "usualBedtime": .timeOfDay(try TimeOfDay(text: "00:10")),
            "target": .timeOfDay(try TimeOfDay(text: "23:15")),
            "current": .timeOfDay(try TimeOfDay(text: "00:10")),
            "days": .integer(3),
            "item": .message(Message(.reminderTitle("stop_eating"))),
            "doneBefore": .integer(11),
            "habitNights": .integer(14),
            "shortNights": .integer(14),
            "followedAsleep": .minutes(441),
            "otherAsleep": .minutes(402),
            "followedScore": .integer(84),
            "otherScore": .integer(71),
        ]
    }

    /// The message `id` with a sample for each of its placeholders in `catalog`.
    static func message(_ id: MessageID, in catalog: MessageCatalog = .english) throws -> Message {
        let samples = try arguments()
        var values: [String: MessageArgument] = [:]
        for name in try catalog.placeholders(of: id) {
            let sample: MessageArgument = try #require(samples[name], "no sample for {\(name)} of \(id)")
            values[name] = sample
        }
        return Message(id, values)
    }

    /// Every message of `catalog` rendered with samples, one `id: text` line each, in the
    /// order of ``MessageID/all``.
    static func renderedTable(_ catalog: MessageCatalog, locale: String) throws -> [(label: String, text: String)] {
        let renderer = MessageRenderer(catalog: catalog, locale: MessageLocale(locale))
        return try MessageID.all.map { id in (id.rawValue, try renderer.render(try message(id, in: catalog))) }
    }

    /// The shipped German table, loaded the way a front end loads its own table: from the
    /// JSON of its strings.
    static func german() throws -> MessageCatalog {
        let strings = Dictionary(uniqueKeysWithValues: MessageCatalog.german.templates.map { ($0.key.rawValue, $0.value) })
        let data = try JSONEncoder().encode(strings)
        return MessageCatalog(strings: try JSONDecoder().decode([String: String].self, from: data))
    }

    /// Every checked claim and caveat a tip can show, and every reminder's title and body.
    static func scienceTexts() -> [(label: String, text: String)] {
        var texts = UserFacingScienceTexts.all()
        func add(_ reference: ScienceReference, _ label: String) {
            texts.append(("\(label) claim", reference.claim))
            if let note = reference.note { texts.append(("\(label) note", note)) }
        }
        for (part, ids) in SleepTip.candidates {
            for id in ids {
                if let tip = SleepTip.tip(id: id, for: part) { add(tip.reference, "tip \(id) for \(part)") }
            }
        }
        return texts
    }
}
