import Events
import Testing

/// Unknown types and newer versions are kept whole, byte for byte.
struct OpaqueEventTests {
    @Test(arguments: [
        #"{"seq":4,"id":"u1","type":"moodLogged","v":1,"at":"2026-11-30T21:00:00+01:00","tz":"Europe/Berlin","data":{"mood":"calm","score":0.70,"tags":["a","b"],"x":{"y":null}}}"#,
        #"{"id":"u2","seq":5,"type":"goalSet","v":2,"at":"2026-11-30T21:00:00Z","tz":"Europe/Berlin","data":{"ramp":"smooth","bedtimes":["23:45","23:30"]},"extra":1e3}"#,
    ])
    func opaqueEventRoundTripsByteForByte(line: String) throws {
        var decoder = EventLineDecoder()
        let event = try decoder.decode(line: Array(line.utf8))
        guard case .opaque(let opaque) = event.payload else {
            Issue.record("expected an opaque event")
            return
        }
        #expect(!opaque.warning.isEmpty)
        #expect(String(decoding: EventLineEncoder.encode(event), as: UTF8.self) == line)
    }

    @Test func newerVersionSaysWhichVersionIsKnown() throws {
        let line = #"{"seq":1,"id":"n","type":"wokeUp","v":3,"at":"2026-11-30T21:00:00+01:00","tz":"Europe/Berlin","data":{}}"#
        var decoder = EventLineDecoder()
        let event = try decoder.decode(line: Array(line.utf8))
        guard case .opaque(let opaque) = event.payload else {
            Issue.record("expected an opaque event")
            return
        }
        #expect(opaque.reason == .newerVersion(knownVersion: 1))
        #expect(opaque.warning.contains("v3"))
    }
}
