import Foundation
import Testing

import Events
import StrictJSON

/// Zone names (docs/rules.md §8.2; docs/log-format.md, the `tz` row): a name must
/// look like one (ASCII letters, digits, `/`, `_`, `-`, `+`, 1 to 64 bytes), and a plausible
/// name this platform's time-zone data does not know is still a sound line, in the envelope
/// and in a sleep sample. Both decoders agree (the seeds and mutations of
/// `FastDecoderDifferentialTests` include these lines).
struct ZoneNameTests {
    static let sixtyFour = String(repeating: "Ab/_-+9z", count: 8)

    static let plausible = [
        "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Etc/GMT-14", "UTC", "EST5EDT",
        "Mars/Olympus_Mons", "europe/berlin", "a", sixtyFour,
    ]

    static let implausible = [
        "", " ", "Europe/Ber lin", "Europe/Berlin ", "Europe/Zürich", "Asia/\u{212A}arachi", sixtyFour + "x",
        "Europe\\Berlin", "Europe/Berlin\n", "Europe.Berlin", "Europe/Berlin\u{0}", "Ασία/Καράτσι",
    ]

    @Test("the form of a zone name", arguments: plausible.map { ($0, true) } + implausible.map { ($0, false) })
    func plausibility(name: String, expected: Bool) {
        #expect(ZoneName.isPlausible(name) == expected)
        #expect(ZoneName.isPlausible(Substring(name)) == expected)
        #expect(Array(name.utf8).withUnsafeBufferPointer { ZoneName.isPlausible($0) } == expected)
    }

    @Test("a zone is known only when plausible and in the platform's data")
    func knownZones() {
        var cache = KnownZones()
        for (name, known) in [("Europe/Berlin", true), ("Mars/Olympus_Mons", false), ("europe/berlin", false), ("", false), ("Europe/Berlin", true)] {
            #expect(ZoneName.isKnown(name) == known, "\(name)")
            #expect((ZoneName.timeZone(name) != nil) == known, "\(name)")
            do {
                let answer = cache.contains(name)
                #expect(answer == known, "\(name)")
            }
            do {
                let answer = cache.contains(name)
                #expect(answer == known, "\(name), cached")
            }
        }
    }

    /// Foundation's `TimeZone(identifier:)` accepted `Asia/\u{212A}arachi` only after
    /// `Asia/Karachi` had been loaded (docs/platform-notes.md); the rule checks the form first.
    @Test("the Kelvin-sign name is never known, before or after Asia/Karachi is loaded")
    func kelvinSign() {
        let kelvin = "Asia/\u{212A}arachi"
        var cache = KnownZones()
        #expect(!ZoneName.isKnown(kelvin))
        do {
            let answer = cache.contains(kelvin)
            #expect(!answer)
        }
        #expect(TimeZone(identifier: "Asia/Karachi") != nil)
        #expect(ZoneName.isKnown("Asia/Karachi"))
        do {
            let answer = cache.contains("Asia/Karachi")
            #expect(answer)
        }
        #expect(ZoneName.timeZone(kelvin) == nil)
        do {
            let answer = cache.contains(kelvin)
            #expect(!answer)
        }
        var fresh = KnownZones()
        do {
            let answer = fresh.contains("Asia/Karachi")
            #expect(answer)
        }
        do {
            let answer = fresh.contains(kelvin)
            #expect(!answer)
        }
    }

    static func line(zone: String, sampleZone: String?) -> String {
        let data = #"{"sampleId":"S-1","stage":"deep","start":"2026-12-01T00:12:30+01:00","end":"2026-12-01T00:41:00+01:00","#
            + (sampleZone.map { #""tz":""# + $0 + #"","# } ?? "") + #""sourceName":"Apple Watch"}"#
        return #"{"seq":3,"id":"c2f0","type":"sleepSampleIngested","v":1,"at":"2026-12-01T07:31:02+01:00","tz":""#
            + zone + #"","source":"health","data":"# + data + "}"
    }

    @Test("a plausible zone the platform does not know decodes, typed, and writes back byte for byte", arguments: [
        ("Mars/Olympus_Mons", "Europe/Berlin"), ("Europe/Berlin", "Mars/Olympus_Mons"), ("Mars/Olympus_Mons", "Mars/Tharsis"),
        ("europe/berlin", nil), (sixtyFour, sixtyFour),
    ] as [(String, String?)])
    func unknownZoneDecodes(zone: String, sampleZone: String?) throws {
        let line = Array(Self.line(zone: zone, sampleZone: sampleZone).utf8)
        var reference = EventLineDecoder()
        var fast = FastEventLineDecoder()
        let fromReference = try reference.decode(line: line)
        let fromFast = try fast.decode(line: line)
        #expect(fromFast == fromReference)
        #expect(fast.fastPathLineCount == 1)
        #expect(fromReference.event.timeZone == zone)
        guard case .sleepSampleIngested(let sample) = fromReference.payload else {
            Issue.record("not a typed sample: \(fromReference.payload)")
            return
        }
        #expect(sample.timeZone == sampleZone)
        #expect(EventLineEncoder.encode(fromReference) == line)
        #expect(EventLineEncoder.encode(fromFast) == line)
        // As an input line for appending, too.
        let unsequenced = Array(Self.line(zone: zone, sampleZone: sampleZone).replacingOccurrences(of: #""seq":3,"#, with: "").utf8)
        #expect(try reference.decodeUnsequenced(line: unsequenced).timeZone == zone)
    }

    @Test("an implausible zone is an invalid line naming the key and the allowed form", arguments: implausible)
    func implausibleZoneIsRefused(name: String) throws {
        // In JSON, escaped as the writer escapes it.
        func json(_ text: String) -> String { String(decoding: JSONWriter.encode(.string(text)), as: UTF8.self) }
        for (zone, sampleZone, key) in [(name, "Europe/Berlin", "tz"), ("Europe/Berlin", name, "data.tz")] {
            let text = Self.line(zone: "@Z", sampleZone: "@S")
                .replacingOccurrences(of: #""@Z""#, with: json(zone))
                .replacingOccurrences(of: #""@S""#, with: json(sampleZone))
            let line = Array(text.utf8)
            var reference = EventLineDecoder()
            var fast = FastEventLineDecoder()
            let error = #expect(throws: EventDecodingError.self) { try reference.decode(line: line) }
            #expect(error?.key == key, "\(text)")
            #expect(error?.message.hasPrefix("expected \(ZoneName.expectedForm), found ") == true, "\(error?.description ?? "")")
            let fastError = #expect(throws: EventDecodingError.self) { try fast.decode(line: line) }
            #expect(fastError == error)
        }
    }

    @Test("a zone that is not a string is refused with the allowed form")
    func mistypedZone() {
        var decoder = EventLineDecoder()
        let line = Array(Self.line(zone: "Europe/Berlin", sampleZone: "X").replacingOccurrences(of: #""tz":"X""#, with: #""tz":1"#).utf8)
        let error = #expect(throws: EventDecodingError.self) { try decoder.decode(line: line) }
        #expect(error?.key == "data.tz")
        #expect(error?.message.contains(ZoneName.expectedForm) == true)
    }
}
