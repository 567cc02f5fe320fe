import Events
import Testing

/// One canonical line of every v1 event type: decoding then encoding gives the same bytes.
struct EventRoundTripTests {
    static let canonicalLines: [String] = [
        #"{"seq":1,"id":"e1","type":"goalSet","v":1,"at":"2026-11-29T20:05:11+01:00","tz":"Europe/Berlin","source":"phone","data":{"currentBedtime":"00:00","targetBedtime":"22:30","days":7,"firstNight":"2026-11-30","sleepNeedMinutes":450}}"#,
        #"{"seq":2,"id":"e2","type":"goalCleared","v":1,"at":"2026-11-29T20:06:00+01:00","tz":"Europe/Berlin","data":{}}"#,
        #"{"seq":3,"id":"e3","type":"bedtimeOverridden","v":1,"at":"2026-11-30T18:00:00+01:00","tz":"Europe/Berlin","source":"siri","data":{"night":"2026-11-30","bedtime":"23:00"}}"#,
        #"{"seq":4,"id":"e4","type":"appTierAssigned","v":1,"at":"2026-11-30T18:01:00+01:00","tz":"Europe/Berlin","data":{"app":"Instagram","tier":"block30Min"}}"#,
        #"{"seq":5,"id":"e5","type":"windDownStartedEarly","v":1,"at":"2026-11-30T19:00:00+01:00","tz":"Europe/Berlin","source":"watch","data":{"night":"2026-11-30"}}"#,
        #"{"seq":6,"id":"e6","type":"checklistItemCompleted","v":1,"at":"2026-11-30T20:45:00.250+01:00","tz":"Europe/Berlin","causedBy":"e8","data":{"night":"2026-11-30","item":"stop_eating"}}"#,
        #"{"seq":7,"id":"e7","type":"checklistItemReopened","v":1,"at":"2026-11-30T20:46:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30","item":"stop_eating"}}"#,
        #"{"seq":8,"id":"e8","type":"notificationInteracted","v":1,"at":"2026-11-30T20:45:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30","template":"stop_eating","action":"done"}}"#,
        #"{"seq":9,"id":"e9","type":"exitRequested","v":1,"at":"2026-11-30T21:40:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30"}}"#,
        #"{"seq":10,"id":"e10","type":"exitCancelled","v":1,"at":"2026-11-30T21:40:30+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30"}}"#,
        #"{"seq":11,"id":"e11","type":"exitConfirmed","v":1,"at":"2026-11-30T21:41:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30"}}"#,
        #"{"seq":12,"id":"e12","type":"freeWindowUsed","v":1,"at":"2026-11-30T21:45:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30","returnedEarly":true}}"#,
        #"{"seq":13,"id":"e13","type":"wentToBed","v":1,"at":"2026-11-30T23:50:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30"}}"#,
        #"{"seq":14,"id":"e14","type":"wokeUp","v":1,"at":"2026-12-01T07:40:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30"}}"#,
        #"{"seq":15,"id":"e15","type":"sleepSampleIngested","v":1,"at":"2026-12-01T07:31:02+01:00","tz":"Europe/Berlin","source":"health","data":{"sampleId":"A41F","stage":"deep","start":"2026-12-01T00:12:30+01:00","end":"2026-12-01T00:41:00+01:00","tz":"Europe/Berlin","sourceName":"Apple Watch"}}"#,
        #"{"seq":16,"id":"e16","type":"sleepSampleDeleted","v":1,"at":"2026-12-01T07:32:00+01:00","tz":"Europe/Berlin","source":"health","data":{"sampleId":"A41F"}}"#,
        #"{"seq":17,"id":"e17","type":"vitalSampleIngested","v":1,"at":"2026-12-01T07:33:00+01:00","tz":"Europe/Berlin","source":"health","data":{"sampleId":"B1","kind":"hrv","value":48.5,"unit":"ms","start":"2026-12-01T02:00:00+01:00","end":"2026-12-01T02:05:00+01:00"}}"#,
        #"{"seq":18,"id":"e18","type":"manualSleepLogged","v":1,"at":"2026-12-01T08:00:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30","bedtime":"2026-11-30T23:55:00+01:00","wakeTime":"2026-12-01T07:30:00+01:00"}}"#,
        #"{"seq":19,"id":"e19","type":"appleSleepScoreLogged","v":1,"at":"2026-12-01T08:01:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30","total":81,"duration":42,"bedtime":25,"interruptions":14}}"#,
        #"{"seq":20,"id":"e20","type":"scoreSettingsChanged","v":1,"at":"2026-12-01T08:02:00+01:00","tz":"Europe/Berlin","data":{"weights":{"duration":35,"deep":25,"rem":10,"bedtime":20,"interruptions":10},"deepTarget":{"minutes":60},"remTarget":{"percent":22.5},"preset":"sleepLab"}}"#,
        #"{"seq":21,"id":"e21","type":"demoNightStarted","v":1,"at":"2026-12-01T12:00:00-06:00","tz":"America/Chicago","source":"demo","batch":[1,2],"data":{"compression":60}}"#,
        #"{"seq":22,"id":"e22","type":"reminderRetired","v":1,"at":"2026-12-01T18:00:00+01:00","tz":"Europe/Berlin","source":"phone","data":{"template":"stop_eating"}}"#,
        #"{"seq":23,"id":"e23","type":"reminderRestored","v":1,"at":"2026-12-02T18:00:00+01:00","tz":"Europe/Berlin","source":"watch","data":{"template":"stop_eating"}}"#,
        #"{"seq":24,"id":"e24","type":"caffeineIngested","v":1,"at":"2026-12-02T08:10:00+01:00","tz":"Europe/Berlin","source":"health","data":{"sampleId":"C1","mg":95,"start":"2026-12-02T08:05:00+01:00","tz":"Europe/Berlin","sourceName":"iPhone"}}"#,
        #"{"seq":25,"id":"e25","type":"workoutIngested","v":1,"at":"2026-12-02T18:45:00+01:00","tz":"Europe/Berlin","source":"health","data":{"sampleId":"W1","activity":"running","start":"2026-12-02T18:10:30+01:00","end":"2026-12-02T18:41:59+01:00","tz":"Europe/Berlin","sourceName":"Apple Watch","kilocalories":301.2}}"#,
        #"{"seq":26,"id":"e26","type":"healthSampleDeleted","v":1,"at":"2026-12-02T19:00:00+01:00","tz":"Europe/Berlin","source":"health","data":{"sampleId":"W1"}}"#,
        #"{"seq":27,"id":"e27","type":"shareReceived","v":1,"at":"2026-12-02T19:05:00+01:00","tz":"Europe/Berlin","source":"share","data":{"share":{"kind":"week","v":1,"shareId":"0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9","person":"Sam","week":"2026-W48","nightsPlanned":7,"nightsOnTarget":5,"sri":81.2}}}"#,
    ]

    @Test(arguments: canonicalLines)
    func canonicalLineRoundTripsByteForByte(line: String) throws {
        var decoder = EventLineDecoder()
        let event = try decoder.decode(line: Array(line.utf8))
        #expect(String(decoding: EventLineEncoder.encode(event), as: UTF8.self) == line)
        if case .opaque = event.payload { Issue.record("a v1 type was read as opaque") }
    }

    @Test func everyCatalogueTypeHasACanonicalLine() throws {
        var decoder = EventLineDecoder()
        var seen: Set<EventType> = []
        for line in Self.canonicalLines {
            let event = try decoder.decode(line: Array(line.utf8))
            if let type = event.payload.type { seen.insert(type) }
        }
        #expect(seen == Set(EventType.allCases))
    }

    @Test func keyOrderOnReadIsFreeButTheWriterUsesTheDocumentedOrder() throws {
        let shuffled = #"{"data":{"night":"2026-11-30","bedtime":"23:00"},"tz":"Europe/Berlin","at":"2026-11-30T18:00:00Z","v":1,"type":"bedtimeOverridden","id":"x","seq":3}"#
        var decoder = EventLineDecoder()
        let event = try decoder.decode(line: Array(shuffled.utf8))
        let written = String(decoding: EventLineEncoder.encode(event), as: UTF8.self)
        #expect(written == #"{"seq":3,"id":"x","type":"bedtimeOverridden","v":1,"at":"2026-11-30T18:00:00+00:00","tz":"Europe/Berlin","data":{"night":"2026-11-30","bedtime":"23:00"}}"#)
    }

    @Test func unknownEnvelopeAndPayloadKeysAreKeptOnRoundTrip() throws {
        let line = #"{"seq":1,"id":"x","type":"wentToBed","v":1,"at":"2026-11-30T23:00:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30","mood":"sleepy"},"device":{"model":"Watch9"}}"#
        var decoder = EventLineDecoder()
        let event = try decoder.decode(line: Array(line.utf8))
        #expect(event.event.additionalPayloadFields["mood"] == .string("sleepy"))
        #expect(event.event.additionalEnvelopeFields.keys == ["device"])
        #expect(String(decoding: EventLineEncoder.encode(event), as: UTF8.self) == line)
    }

    @Test func optionalFieldsAreLeftOutWhenAbsent() throws {
        let goal = GoalSet(currentBedtime: try TimeOfDay(text: "00:00"), targetBedtime: try TimeOfDay(text: "22:30"), days: 7, firstNight: try LocalDate(iso: "2026-11-30"))
        let event = Event(id: "g", at: try Instant(rfc3339: "2026-11-29T20:00:00+01:00"), timeZone: "Europe/Berlin", payload: .goalSet(goal))
        var bytes: [UInt8] = []
        EventLineEncoder.write(event, seq: 1, batch: nil, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"seq":1,"id":"g","type":"goalSet","v":1,"at":"2026-11-29T20:00:00+01:00","tz":"Europe/Berlin","data":{"currentBedtime":"00:00","targetBedtime":"22:30","days":7,"firstNight":"2026-11-30"}}"#)
        #expect(goal.effectiveSleepNeedMinutes == 480)
    }
}
