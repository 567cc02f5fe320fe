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
            "name": .text("Sam"), "week": .text("2026-W48"), "rank": .integer(1), "index": .number(81.2),
            "onTarget": .integer(5), "planned": .integer(7),
            "hours": .integer(7),
            "minutes": .integer(12),
            "tier": .text("blockFirst"),
            "page": .text("skipped"),
            "known": .message(Message(.reportStatusLogNights, ["first": .text("2026-11-30"), "last": .text("2026-12-06")])),
            "path": .text("report.html"),
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
            "groupNights": .integer(9),
            "otherNights": .integer(19),
            "difference": .minutes(12),
        ].merging(try reportArguments()) { own, _ in own }.merging(scoresArguments) { own, _ in own }
    }

    /// A sample value for each placeholder of `scores`' messages (`scores.*`).
    static let scoresArguments: [String: MessageArgument] = [
        "durationWeight": .number(35), "deepWeight": .number(25), "remWeight": .number(10), "bedtimeWeight": .number(20),
        "interruptionsWeight": .number(10), "shownNights": .integer(14), "totalNights": .integer(30), "meanScore": .text("87.9"),
        "scoredNights": .integer(7), "meanError": .text("12.7"), "loggedNights": .integer(7), "applePart": .text("bedtime"),
        "sameBand": .integer(3), "localeTag": .text("de"),
    ]

    /// A sample value for each placeholder of the report's messages (`report.*`): names of
    /// nights, durations and the like are the report's own messages, so each table renders
    /// them in its language.
    static func reportArguments() throws -> [String: MessageArgument] {
        let monday = Message(.reportWeekday(1))
        let sunday = Message(.reportWeekday(7))
        func night(_ weekday: Message, _ day: Int, _ month: Int) -> MessageArgument {
            .message(Message(.reportNightLabel, ["weekday": .message(weekday), "day": .integer(day), "month": .message(Message(.reportMonth(month)))]))
        }
        func short(_ hours: Int, _ minutes: Int) -> MessageArgument {
            .message(Message(.reportDurationShort, ["hours": .integer(hours), "minutes": .integer(minutes)]))
        }
        func spoken(_ hours: Int, _ minutes: Int) -> MessageArgument {
            .message(Message(.reportDurationHoursMinutes, ["hours": .integer(hours), "minutes": .integer(minutes)]))
        }
        let good = Message(.reportBandGood)
        return [
            "weekday": .message(monday), "day": .integer(30), "month": .message(Message(.reportMonth(11))), "year": .text("2026"),
            "night": night(monday, 30, 11), "firstNight": night(monday, 30, 11), "lastNight": night(sunday, 6, 12), "peakNight": night(sunday, 6, 12),
            "from": .text("2026-11-30"), "to": .text("2026-12-06"), "asOf": .text("2026-12-07T06:52:00+01:00"), "offset": .text("UTC+01:00"),
            "period": .message(Message(.reportNightRange, ["from": night(monday, 30, 11), "to": night(sunday, 6, 12)])),
            "slept": spoken(7, 26), "deep": spoken(1, 5), "rem": spoken(1, 30), "length": spoken(1, 5),
            "average": short(7, 10), "last7": short(5, 53), "last14": short(5, 53), "weighted": short(11, 41),
            "first": short(0, 34), "last": short(5, 53), "peak": short(5, 53),
            "withData": .integer(7), "used": .integer(2), "cancelled": .integer(1), "confirmed": .integer(2), "waiting": .integer(0),
            "streak": .integer(0), "bestStreak": .integer(1), "apple": .integer(91), "workNights": .integer(5), "freeNights": .integer(2),
            "awakeBar": .text("█"), "remBar": .text("▆"), "coreBar": .text("▄"), "asleepBar": .text("▃"), "deepBar": .text("▁"),
            "bars": .text("▂▃▄▅▇▇█"),
            "band": .message(good), "preset": .text("balanced"),
            "result": .message(Message(.reportTextScoreResult, ["score": .integer(90), "band": .message(good)])),
            "durationPoints": .text("28.7/35"), "deepPoints": .text("25.0/25"), "remPoints": .text("9.2/10"),
            "bedtimePoints": .text("18.1/20"), "interruptionsPoints": .text("8.8/10"),
            "earned": .text("28.7"), "weight": .text("35"), "part": .message(Message(.reportPartDuration)),
            "stage": .message(Message(.reportStageDeep)),
            "earliest": .timeOfDay(try TimeOfDay(text: "22:30")), "latest": .timeOfDay(try TimeOfDay(text: "23:45")),
            "clock": .timeOfDay(try TimeOfDay(text: "06:52")), "wake": .timeOfDay(try TimeOfDay(text: "07:35")),
            "workMean": .timeOfDay(try TimeOfDay(text: "03:20")), "freeMean": .message(Message(.reportTextInsightsMeanMissing)),
            "work": .message(Message(.reportChartMidSleepWork, ["count": .integer(5), "clock": .timeOfDay(try TimeOfDay(text: "03:20"))])),
            "free": .message(Message(.reportChartMidSleepFreeNone, ["count": .integer(1)])),
            "zone": .text("Europe/Berlin"), "source": .text("Apple Watch"), "value": .text("90"),
            "head": night(monday, 30, 11), "tail": night(sunday, 6, 12),
            "list": .message(Message(.reportListComma, ["head": night(monday, 30, 11), "tail": night(sunday, 6, 12)])),
            "sri": .text("78.4"), "previous": .text("71.2"), "pairs": .integer(3),
            "group": .message(Message(.reportHabitsCaffeineLate)), "otherGroup": .message(Message(.reportHabitsCaffeineEarlier)),
            "otherNights": .integer(19), "change": .text("longer"),
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
