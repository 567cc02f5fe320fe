import Events
import Testing

/// Decoding checks required keys and types and says which is wrong.
struct EventLineDecoderTests {
    static let valid = #"{"seq":1,"id":"a","type":"wentToBed","v":1,"at":"2026-11-30T23:00:00+01:00","tz":"Europe/Berlin","data":{"night":"2026-11-30"}}"#

    static let cases: [(line: String, key: String?, fragment: String)] = [
        (#"{"seq":1,"#, nil, "invalid JSON"),
        (#"[1]"#, nil, "expected a JSON object"),
        (valid.replacingOccurrences(of: #""seq":1,"#, with: ""), "seq", "missing"),
        (valid.replacingOccurrences(of: #""seq":1"#, with: #""seq":1.0"#), "seq", "integer"),
        (valid.replacingOccurrences(of: #""seq":1"#, with: #""seq":"1""#), "seq", "found a string"),
        (valid.replacingOccurrences(of: #""seq":1"#, with: #""seq":0"#), "seq", "≥ 1"),
        (valid.replacingOccurrences(of: #""v":1"#, with: #""v":1.0"#), "v", "integer"),
        (valid.replacingOccurrences(of: #""id":"a""#, with: #""id":"""#), "id", "1–128"),
        (valid.replacingOccurrences(of: #""id":"a""#, with: "\"id\":\"\(String(repeating: "x", count: 129))\""), "id", "129 bytes"),
        (valid.replacingOccurrences(of: "+01:00\"", with: "\""), "at", "offset"),
        (valid.replacingOccurrences(of: "2026-11-30T23", with: "2026-02-30T23"), "at", "February"),
        (valid.replacingOccurrences(of: "Europe/Berlin", with: "Europe/Ber lin"), "tz", "1 to 64 bytes of ASCII letters"),
        (valid.replacingOccurrences(of: #""tz":"Europe/Berlin""#, with: #""tz":7"#), "tz", "IANA"),
        (valid.replacingOccurrences(of: #""data":{"night":"2026-11-30"}"#, with: #""data":[]"#), "data", "object"),
        (valid.replacingOccurrences(of: #"{"night":"2026-11-30"}"#, with: "{}"), "data.night", "missing"),
        (valid.replacingOccurrences(of: #""night":"2026-11-30""#, with: #""night":"tonight""#), "data.night", "night"),
        (valid.replacingOccurrences(of: #""seq":1,"#, with: #""seq":1,"seq":2,"#), "seq", "more than once"),
        (valid.replacingOccurrences(of: #""night":"2026-11-30""#, with: #""night":"2026-11-30","night":"2026-11-29""#), "data.night", "more than once"),
        (#"{"seq":1,"id":"a","type":"appTierAssigned","v":1,"at":"2026-11-30T23:00:00+01:00","tz":"Europe/Berlin","data":{"app":"X","tier":"sometimes"}}"#, "data.tier", "\"blockFirst\""),
        (#"{"seq":1,"id":"a","type":"goalSet","v":1,"at":"2026-11-30T23:00:00+01:00","tz":"Europe/Berlin","data":{"currentBedtime":"00:00","targetBedtime":"22:30","days":"7","firstNight":"2026-11-30"}}"#, "data.days", "integer"),
        (#"{"seq":1,"id":"a","type":"wentToBed","v":1,"at":"2026-11-30T23:00:00+01:00","tz":"Europe/Berlin","batch":[3,2],"data":{"night":"2026-11-30"}}"#, "batch", "index"),
        (valid + "\r", nil, "carriage return"),
        ("\u{FEFF}" + valid, nil, "invalid JSON"),
        (valid.replacingOccurrences(of: "}}", with: "},}"), nil, "invalid JSON"),
    ]

    @Test(arguments: cases)
    func invalidLineNamesTheKey(line: String, key: String?, fragment: String) {
        var decoder = EventLineDecoder()
        let error = #expect(throws: EventDecodingError.self) { try decoder.decode(line: Array(line.utf8)) }
        #expect(error?.key == key)
        #expect(error?.description.contains(fragment) == true, "\(error?.description ?? "no error")")
    }

    @Test func validLineDecodes() throws {
        var decoder = EventLineDecoder()
        let event = try decoder.decode(line: Array(Self.valid.utf8))
        #expect(event.seq == 1)
        #expect(event.payload == .wentToBed(NightAction(night: try Night(text: "2026-11-30"))))
    }

    @Test func messagesNeverQuoteHealthContent() {
        let line = #"{"seq":1,"id":"a","type":"sleepSampleIngested","v":1,"at":"2026-11-30T23:00:00+01:00","tz":"Europe/Berlin","data":{"sampleId":"S","stage":"dreaming","start":"2026-11-30T23:00:00+01:00","end":"2026-11-30T23:30:00+01:00","sourceName":"SECRET-WATCH"}}"#
        var decoder = EventLineDecoder()
        let error = #expect(throws: EventDecodingError.self) { try decoder.decode(line: Array(line.utf8)) }
        #expect(error?.description.contains("SECRET") == false)
        #expect(error?.description.contains("dreaming") == false)
    }

    @Test func unsequencedInputMustLeaveOutSeqAndBatch() {
        var decoder = EventLineDecoder()
        let error = #expect(throws: EventDecodingError.self) { try decoder.decodeUnsequenced(line: Array(Self.valid.utf8)) }
        #expect(error?.key == "seq")
    }
}
