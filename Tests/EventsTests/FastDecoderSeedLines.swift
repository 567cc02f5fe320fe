/// Valid and nearly valid log lines from which the differential tests of
/// `FastEventLineDecoder` start: every v1 type with and without its optional keys, the
/// envelope's optional keys, instants in every form, non-ASCII text, long zone names, keys
/// out of the writer's order, whitespace, and lines the fast path must hand over (escapes,
/// unknown keys, payload keys out of the writer's order, opaque events).
enum FastDecoderSeedLines {
    /// A seed line and whether the fast path is expected to read it itself.
    struct Seed: CustomStringConvertible, Sendable {
        var name: String
        var line: String
        var fastPath: Bool

        var bytes: [UInt8] { Array(line.utf8) }
        var description: String { name }
    }

    static let id = #""id":"0f0e0d0c-0000-4000-8000-000000000007""#
    static let at = #""at":"2026-11-30T21:40:00+01:00""#

    /// The envelope up to `"data":` for `type`, the way the writer writes it.
    static func envelope(_ type: String, extra: String = "") -> String {
        #"{"seq":7,"# + id + #","type":""# + type + #"","v":1,"# + at + #","tz":"Europe/Berlin","source":"phone","# + extra
    }

    static func line(_ type: String, _ data: String, extra: String = "") -> String {
        envelope(type, extra: extra) + #""data":"# + data + "}"
    }

    static let sleepData = #"{"sampleId":"B37F89BD-F1F5-45C2-BC32-8CFAF585CAF1","stage":"core","start":"2026-11-30T23:56:10+01:00","end":"2026-12-01T00:17:30.240+01:00","tz":"Europe/Berlin","sourceName":"Apple Watch"}"#
    static let vitalData = #"{"sampleId":"AD36B9BE-3356-487D-AB6A-FEC4F48D9BD7","kind":"respiratoryRate","value":14.6,"unit":"count/min","start":"2026-12-01T01:28:52.400+01:00","end":"2026-12-01T01:33:52.400+01:00"}"#

    static let all: [Seed] = [
        Seed(name: "goalSet", line: line("goalSet", #"{"currentBedtime":"00:00","targetBedtime":"22:30","days":7,"firstNight":"2026-11-30","sleepNeedMinutes":450}"#), fastPath: true),
        Seed(name: "goalSet, need null", line: line("goalSet", #"{"currentBedtime":"23:59","targetBedtime":"22:30","days":30,"firstNight":"2024-02-29","sleepNeedMinutes":null}"#), fastPath: true),
        Seed(name: "goalSet, no need", line: line("goalSet", #"{"currentBedtime":"00:00","targetBedtime":"22:30","days":-3,"firstNight":"2026-11-30"}"#), fastPath: true),
        Seed(name: "goalCleared", line: line("goalCleared", "{}"), fastPath: true),
        Seed(name: "bedtimeOverridden, demo", line: line("bedtimeOverridden", #"{"night":"demo","bedtime":"23:00"}"#), fastPath: true),
        Seed(name: "appTierAssigned", line: line("appTierAssigned", #"{"app":"Instagram","tier":"block30Min"}"#), fastPath: true),
        Seed(name: "windDownStartedEarly", line: line("windDownStartedEarly", #"{"night":"2026-11-30"}"#), fastPath: true),
        Seed(name: "exitRequested", line: line("exitRequested", #"{"night":"2026-11-30"}"#), fastPath: true),
        Seed(name: "exitCancelled", line: line("exitCancelled", #"{"night":"2026-11-30"}"#), fastPath: true),
        Seed(name: "exitConfirmed", line: line("exitConfirmed", #"{"night":"2026-11-30"}"#), fastPath: true),
        Seed(name: "wentToBed", line: line("wentToBed", #"{"night":"2026-11-30"}"#), fastPath: true),
        Seed(name: "wokeUp", line: line("wokeUp", #"{"night":"2026-11-30"}"#), fastPath: true),
        Seed(name: "checklistItemCompleted, causedBy", line: line("checklistItemCompleted", #"{"night":"2026-11-30","item":"stop_eating"}"#, extra: #""causedBy":"0f0e0d0c-0000-4000-8000-000000000006","#), fastPath: true),
        Seed(name: "checklistItemReopened", line: line("checklistItemReopened", #"{"night":"2026-11-30","item":"stop_eating"}"#), fastPath: true),
        Seed(name: "notificationInteracted, batch", line: line("notificationInteracted", #"{"night":"2026-11-30","template":"last_meal","action":"dismissed"}"#, extra: #""batch":[1,2],"#), fastPath: true),
        Seed(name: "freeWindowUsed", line: line("freeWindowUsed", #"{"night":"2026-11-30","returnedEarly":true}"#), fastPath: true),
        Seed(name: "freeWindowUsed, false", line: line("freeWindowUsed", #"{"night":"2026-11-30","returnedEarly":false}"#), fastPath: true),
        Seed(name: "sleepSampleIngested, batch", line: line("sleepSampleIngested", sleepData, extra: #""batch":[2,23],"#), fastPath: true),
        Seed(name: "sleepSampleIngested, no tz, non-ASCII source", line: line("sleepSampleIngested", #"{"sampleId":"S-1","stage":"inBed","start":"2026-11-30T23:43:03Z","end":"2026-12-01T07:43:42.5-05:30","sourceName":"Äpple Wätch 🌙 of someone with a long name"}"#), fastPath: true),
        Seed(name: "sleepSampleIngested, tz null, empty source", line: line("sleepSampleIngested", #"{"sampleId":"S-2","stage":"rem","start":"1969-12-31T23:59:59.9999+00:00","end":"9999-12-31T23:59:59.999-23:59","tz":null,"sourceName":""}"#), fastPath: true),
        Seed(name: "sleepSampleDeleted", line: line("sleepSampleDeleted", #"{"sampleId":"B37F89BD-F1F5-45C2-BC32-8CFAF585CAF1"}"#), fastPath: true),
        Seed(name: "vitalSampleIngested", line: line("vitalSampleIngested", vitalData), fastPath: true),
        Seed(name: "caffeineIngested", line: line("caffeineIngested", #"{"sampleId":"C-1","mg":95,"start":"2026-11-30T08:05:00+01:00","tz":"Europe/Berlin","sourceName":"Noah’s iPhone"}"#), fastPath: true),
        Seed(name: "caffeineIngested, no tz, fraction", line: line("caffeineIngested", #"{"sampleId":"C-2","mg":62.5,"start":"2026-11-30T15:00:00Z","sourceName":"Coffee Log"}"#), fastPath: true),
        Seed(name: "workoutIngested", line: line("workoutIngested", #"{"sampleId":"W-1","activity":"running","start":"2026-11-30T18:10:30+01:00","end":"2026-11-30T18:41:59+01:00","tz":"Europe/Berlin","sourceName":"Apple Watch","kilocalories":301.2}"#), fastPath: true),
        Seed(name: "workoutIngested, no tz, no energy", line: line("workoutIngested", #"{"sampleId":"W-2","activity":"highIntensityIntervalTraining","start":"2026-11-30T18:10:30+01:00","end":"2026-11-30T18:41:59+01:00","sourceName":"Gym App"}"#), fastPath: true),
        Seed(name: "workoutIngested, energy null", line: line("workoutIngested", #"{"sampleId":"W-3","activity":"yoga","start":"2026-11-30T18:10:30+01:00","end":"2026-11-30T18:41:59+01:00","tz":null,"sourceName":"","kilocalories":null}"#), fastPath: true),
        Seed(name: "healthSampleDeleted", line: line("healthSampleDeleted", #"{"sampleId":"W-1"}"#), fastPath: true),
        Seed(name: "shareReceived, night", line: line("shareReceived", #"{"share":{"kind":"night","v":1,"shareId":"0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9","person":"Sam","night":"2026-11-30","onTarget":true}}"#), fastPath: true),
        Seed(name: "shareReceived, week, keys in another order, escapes", line: line("shareReceived", #"{"share":{"v":1,"kind":"week","person":"Zo\u00eb \"Z\" {}[]","week":"2026-W53","shareId":"0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9","nightsPlanned":7,"nightsOnTarget":5,"sri":-12.25}}"#), fastPath: true),
        Seed(name: "shareReceived, malformed share, a repeated key", line: line("shareReceived", #"{"share":{"kind":"night","kind":[1,{"a":null}],"extra":"\\"}}"#), fastPath: true),
        Seed(name: "shareReceived, share not an object", line: line("shareReceived", #"{"share":[1]}"#), fastPath: false),
        Seed(name: "vitalSampleIngested, integer, exponent", line: line("vitalSampleIngested", #"{"sampleId":"V-2","kind":"wristTemperature","value":-0,"unit":"degC","start":"2026-12-01T01:28:52+01:00","end":"2026-12-01T01:33:52+01:00"}"#), fastPath: true),
        Seed(name: "vitalSampleIngested, exponent", line: line("vitalSampleIngested", #"{"sampleId":"V-3","kind":"hrv","value":1.25E-3,"unit":"ms","start":"2026-12-01T01:28:52+01:00","end":"2026-12-01T01:33:52+01:00"}"#), fastPath: true),
        Seed(name: "manualSleepLogged", line: line("manualSleepLogged", #"{"night":"2026-11-30","bedtime":"2026-11-30T23:10:00+01:00","wakeTime":"2026-12-01T07:00:00+01:00"}"#), fastPath: true),
        Seed(name: "appleSleepScoreLogged", line: line("appleSleepScoreLogged", #"{"night":"2026-11-30","total":84,"duration":40,"bedtime":30,"interruptions":14}"#), fastPath: true),
        Seed(name: "appleSleepScoreLogged, no interruptions", line: line("appleSleepScoreLogged", #"{"night":"2026-11-30","total":84,"duration":40,"bedtime":30}"#), fastPath: true),
        Seed(name: "scoreSettingsChanged", line: line("scoreSettingsChanged", #"{"weights":{"duration":40,"deep":20,"rem":15.5,"bedtime":14.5,"interruptions":10},"deepTarget":{"percent":18},"remTarget":{"minutes":90},"preset":"balanced"}"#), fastPath: true),
        Seed(name: "demoNightStarted", line: line("demoNightStarted", #"{"compression":120}"#), fastPath: true),
        Seed(name: "demoNightStarted, default", line: line("demoNightStarted", "{}"), fastPath: true),
        Seed(name: "reminderRetired", line: line("reminderRetired", #"{"template":"stop_eating"}"#), fastPath: true),
        Seed(name: "reminderRestored", line: line("reminderRestored", #"{"template":"read"}"#), fastPath: true),
        Seed(name: "long zone, unknown source", line: #"{"seq":1,"id":"i","type":"wokeUp","v":1,"at":"2026-11-30T21:40:00-03:00","tz":"America/Argentina/Buenos_Aires","source":"tablet","data":{"night":"2026-11-30"}}"#, fastPath: true),
        Seed(name: "keys in another order, no source", line: #"{"v":1,"type":"wokeUp","tz":"Asia/Kolkata","at":"2026-11-30T21:40:00+05:30","id":"i","data":{"night":"2026-11-30"},"seq":12}"#, fastPath: true),
        Seed(name: "whitespace", line: "{ \"seq\" : 1 ,\t\"id\":\"i\", \"type\":\"exitRequested\",\"v\":1,\"at\":\"2026-11-30T21:40:00+01:00\",\"tz\":\"Europe/Berlin\",\"data\": { \"night\" : \"2026-11-30\" } } ", fastPath: true),
        Seed(name: "data before type (handed over)", line: #"{"seq":1,"id":"i","data":{"night":"2026-11-30"},"type":"wokeUp","v":1,"at":"2026-11-30T21:40:00+01:00","tz":"Europe/Berlin"}"#, fastPath: false),
        // Escapes in string values are decoded by the fast path; in keys, and what the
        // reference refuses, are handed over.
        Seed(name: "escapes in a string", line: line("appTierAssigned", #"{"app":"Insta\u0067ram\/X","tier":"blockFirst"}"#), fastPath: true),
        Seed(name: "escaped no-break space, as json.dumps writes it", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\u00a0Watch"#)), fastPath: true),
        Seed(name: "every short escape", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"a\"b\\c\/d\be\ff\ng\rh\ti"#)), fastPath: true),
        Seed(name: "surrogate pair, upper and lower case hex", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"moon \ud83c\udf19 \uD83C\uDF19 \u00E9\u20ac\u007f\u0001"#)), fastPath: true),
        Seed(name: "escapes at both ends, alone", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"\u00a0"#)), fastPath: true),
        Seed(name: "escaped envelope strings", line: #"{"seq":3,"id":"0f0e0d0c\u002d0000","type":"w\u006FkeUp","v":1,"at":"2026\u002d11-30T21:40:00+01:00","tz":"Europe\/Berlin","source":"ph\u006fne","causedBy":"c\u0061use","data":{"night":"2026-11\u002d30"}}"#, fastPath: true),
        Seed(name: "escaped time and date", line: line("goalSet", #"{"currentBedtime":"23\u003a30","targetBedtime":"22:30","days":7,"firstNight":"2026\u002d11-30"}"#), fastPath: true),
        Seed(name: "escaped date (refused)", line: line("goalSet", #"{"currentBedtime":"23:30","targetBedtime":"22:30","days":7,"firstNight":"2026\/11\/30"}"#), fastPath: false),
        Seed(name: "escaped stage", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: #""core""#, with: #""co\u0072e""#)), fastPath: true),
        Seed(name: "escaped demo night", line: line("bedtimeOverridden", #"{"night":"\u0064emo","bedtime":"23:00"}"#), fastPath: true),
        Seed(name: "escape in a key (handed over)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: #""sourceName""#, with: #""source\u004eame""#)), fastPath: false),
        Seed(name: "escaped NUL (handed over)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\u0000Watch"#)), fastPath: false),
        Seed(name: "escaped NUL in a stage (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: #""core""#, with: #""core\u0000""#)), fastPath: false),
        Seed(name: "unknown escape (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\xWatch"#)), fastPath: false),
        Seed(name: "escaped space (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\ Watch"#)), fastPath: false),
        Seed(name: "short \\u escape (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\u0a"#)), fastPath: false),
        Seed(name: "\\u escape with a non-hex digit (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\u00g0Watch"#)), fastPath: false),
        Seed(name: "lone low surrogate (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\udf19Watch"#)), fastPath: false),
        Seed(name: "lone high surrogate (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\ud83cWatch"#)), fastPath: false),
        Seed(name: "high surrogate at the end (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\ud83c"#)), fastPath: false),
        Seed(name: "high surrogate and a non-surrogate (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\ud83c\u0041"#)), fastPath: false),
        Seed(name: "two high surrogates (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: #"Apple\ud83c\ud83c\udf19"#)), fastPath: false),
        Seed(name: "backslash before the closing quote (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch\"}", with: #"Apple Watch\"}"#)), fastPath: false),
        Seed(name: "raw tab after an escape (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Apple Watch", with: "Apple\\u00a0\tWatch")), fastPath: false),
        // An id's length is counted in decoded bytes: 60 escapes of é are 120 bytes, 70 are 140.
        Seed(name: "escaped id of 120 bytes", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "0f0e0d0c-0000-4000-8000-000000000007", with: String(repeating: #"\u00e9"#, count: 60)), fastPath: true),
        Seed(name: "escaped id of 140 bytes (refused)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "0f0e0d0c-0000-4000-8000-000000000007", with: String(repeating: #"\u00e9"#, count: 70)), fastPath: false),
        Seed(name: "escaped sample id", line: line("sleepSampleDeleted", #"{"sampleId":"\u0041\u00a0B"}"#), fastPath: true),
        Seed(name: "unknown envelope key (handed over)", line: line("wokeUp", #"{"night":"2026-11-30"}"#, extra: #""future":{"a":[1,2,{"b":null}]},"#), fastPath: false),
        Seed(name: "payload keys in another order (handed over)", line: line("bedtimeOverridden", #"{"bedtime":"23:00","night":"demo"}"#), fastPath: false),
        Seed(name: "optional payload key first (handed over)", line: line("appleSleepScoreLogged", #"{"interruptions":14,"night":"2026-11-30","total":84,"duration":40,"bedtime":30}"#), fastPath: false),
        Seed(name: "nested keys in another order (handed over)", line: line("scoreSettingsChanged", #"{"weights":{"deep":20,"duration":40,"rem":15.5,"bedtime":14.5,"interruptions":10},"deepTarget":{"percent":18},"remTarget":{"minutes":90}}"#), fastPath: false),
        Seed(name: "payload key twice (refused)", line: line("freeWindowUsed", #"{"night":"2026-11-30","returnedEarly":true,"returnedEarly":true}"#), fastPath: false),
        Seed(name: "unknown payload key (handed over)", line: line("wokeUp", #"{"night":"2026-11-30","mood":"sleepy"}"#), fastPath: false),
        Seed(name: "unknown type (opaque)", line: line("dreamLogged", #"{"night":"2026-11-30","dream":"flying"}"#), fastPath: false),
        Seed(name: "newer version (opaque)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: #""v":1"#, with: #""v":2"#), fastPath: false),
        // Zones (docs/rules.md §8.2): a plausible name the platform does not know is a sound line;
        // a name that does not look like one is refused, by the reference.
        Seed(name: "unknown zone", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: "Mars/Olympus"), fastPath: true),
        Seed(name: "sleepSampleIngested, unknown sample zone", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Europe/Berlin", with: "Mars/Olympus_Mons-2+1")), fastPath: true),
        Seed(name: "zone of 64 bytes", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: String(repeating: "Ab/_-+9z", count: 8)), fastPath: true),
        Seed(name: "zone of 65 bytes (refused)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: String(repeating: "Ab/_-+9z", count: 8) + "x"), fastPath: false),
        Seed(name: "zone with a space (refused)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: "Europe/Ber lin"), fastPath: false),
        Seed(name: "empty zone (refused)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: ""), fastPath: false),
        Seed(name: "non-ASCII zone (refused)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: "Europe/Zürich"), fastPath: false),
        Seed(name: "Kelvin-sign zone (refused)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: "Asia/\u{212A}arachi"), fastPath: false),
        Seed(name: "escaped Kelvin-sign zone (refused)", line: line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: #"Asia/\u212Aarachi"#), fastPath: false),
        Seed(name: "sample zone with a space (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Europe/Berlin", with: "Europe/Ber lin")), fastPath: false),
        Seed(name: "sample zone of 65 bytes (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Europe/Berlin", with: String(repeating: "z", count: 65))), fastPath: false),
        Seed(name: "empty sample zone (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Europe/Berlin", with: "")), fastPath: false),
        Seed(name: "Kelvin-sign sample zone (refused)", line: line("sleepSampleIngested", sleepData.replacingOccurrences(of: "Europe/Berlin", with: "Asia/\u{212A}arachi")), fastPath: false),
    ]

    /// The seed called `name`.
    static func named(_ name: String) -> Seed {
        all.first { $0.name == name } ?? Seed(name: "missing seed \(name)", line: "", fastPath: false)
    }

    /// The seeds the fast path reads itself.
    static let fastPathSeeds = all.filter(\.fastPath)
}
