import Events
import Testing
import TestSupport

/// An id as events hold it (`CompactIdentifier`): a UUID text in one case as its bits, any
/// other id as its text; either way the same text back, byte for byte, and the same
/// equality, digest and order as the text.
struct CompactIdentifierTests {
    /// What `CompactIdentifier` must answer, the straightforward way.
    static func reference(_ text: String) -> CompactIdentifier {
        let characters = Array(text.utf8)
        guard characters.count == 36 else { return .text(text) }
        var nibbles: [UInt64] = []
        var upper = false
        var lower = false
        for (position, byte) in characters.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard byte == UInt8(ascii: "-") else { return .text(text) }
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(UInt64(byte - 48))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(UInt64(byte - 55)); upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(UInt64(byte - 87)); lower = true
            default: return .text(text)
            }
        }
        guard !(upper && lower) else { return .text(text) }
        let high = nibbles[0..<16].reduce(0) { $0 << 4 | $1 }
        let low = nibbles[16..<32].reduce(0) { $0 << 4 | $1 }
        return .uuid(high: high, low: low, lowercase: lower)
    }

    @Test func uuidsAreHeldAsTheirBitsAndGiveTheirTextBack() {
        var random = SplitMix(seed: 1)
        for index in 0..<2000 {
            let lowercase = index % 2 == 0
            let text = uuidText(random.next(), random.next(), lowercase: lowercase)
            let key = CompactIdentifier(text)
            guard case .uuid(_, _, let isLower) = key else {
                Issue.record("\(text) is a UUID")
                continue
            }
            #expect(key.text == text)
            #expect(key == Self.reference(text))
            #expect(isLower == (lowercase && text.contains { "abcdef".contains($0) }))
        }
        let digitsOnly = "12345678-1234-1234-1234-123456789012"
        #expect(CompactIdentifier(digitsOnly).text == digitsOnly)
        #expect(CompactIdentifier(digitsOnly) == .uuid(high: 0x1234_5678_1234_1234, low: 0x1234_1234_5678_9012, lowercase: false))
    }

    @Test func anyOtherIdIsKeptAsText() {
        var random = SplitMix(seed: 2)
        let base = Array(uuidText(random.next(), random.next(), lowercase: false).utf8)
        // Every byte changed to a character around the hex ranges, or a hyphen moved.
        let probes: [UInt8] = [0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x46, 0x47, 0x60, 0x61, 0x66, 0x67, 0x2D, 0x20, 0x00, 0x7F]
        for position in base.indices {
            for probe in probes {
                var bytes = base
                bytes[position] = probe
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(CompactIdentifier(text) == Self.reference(text), "\(text)")
                #expect(CompactIdentifier(text).text == text)
                #expect(Self.fromBytes(text) == Self.reference(text), "\(text)")
            }
        }
        for text in ["", "c1", "B37F89BD-F1F5-45C2-BC32-8CFAF585CAF", "B37F89BD-F1F5-45C2-BC32-8CFAF585CAF1A", "b37f89bd-F1F5-45c2-bc32-8cfaf585caf1",
                     "B37F89BD-F1F5-45C2-BC32-8CFAF585CAF\u{e9}", "B37F89BD\u{2010}F1F5-45C2-BC32-8CFAF585CA", "sample \u{1F634} one"] {
            #expect(CompactIdentifier(text) == .text(text))
            #expect(CompactIdentifier(text).text == text)
        }
        // A mixed-case UUID is another id than its upper-case form, as their texts are.
        #expect(CompactIdentifier("b37f89bd-f1f5-45c2-bc32-8cfaf585caf1") != CompactIdentifier("B37F89BD-F1F5-45C2-BC32-8CFAF585CAF1"))
    }

    /// The value the decoders make from a line's bytes.
    static func fromBytes(_ text: String) -> CompactIdentifier {
        var text = text
        return text.withUTF8 { CompactIdentifier(utf8: $0) }
    }

    @Test func bytesAndStringsGiveTheSameValueTextAndDigest() {
        var random = SplitMix(seed: 9)
        var texts = ["", "c1", "b37f89bd-F1F5-45c2-bc32-8cfaf585caf1", "sample \u{1F634} one", "12345678-1234-1234-1234-123456789012"]
        for index in 0..<200 { texts.append(uuidText(random.next(), random.next(), lowercase: index % 2 == 0)) }
        for text in texts {
            let held = CompactIdentifier(text)
            #expect(Self.fromBytes(text) == held, "\(text)")
            #expect(held.withUTF8 { Array($0) } == Array(text.utf8), "\(text)")
            #expect(IdentifierDigest(held) == IdentifierDigest(text), "\(text)")
        }
    }

    @Test func eventsAndSamplesHoldTheirIdsAndGiveThemBack() throws {
        let upper = "B37F89BD-F1F5-45C2-BC32-8CFAF585CAF1"
        let lower = "b37f89bd-f1f5-45c2-bc32-8cfaf585caf1"
        let instant = try Instant(rfc3339: "2026-03-01T07:00:00+01:00")
        var sample = SleepSampleIngested(sampleId: upper, stage: .core, start: instant, end: instant, sourceName: "Apple Watch")
        var event = Event(id: lower, at: instant, timeZone: "Europe/Berlin", payload: .sleepSampleIngested(sample))
        #expect(event.id == lower)
        #expect(event.identifier == .uuid(high: 0xB37F_89BD_F1F5_45C2, low: 0xBC32_8CFA_F585_CAF1, lowercase: true))
        #expect(sample.sampleId == upper)
        #expect(sample.sampleIdentifier == .uuid(high: 0xB37F_89BD_F1F5_45C2, low: 0xBC32_8CFA_F585_CAF1, lowercase: false))
        event.id = "evt-1"
        sample.sampleId = lower
        #expect(event.id == "evt-1" && event.identifier == .text("evt-1"))
        #expect(sample.sampleId == lower)
    }

    @Test func theFastDecoderHoldsAUUIDIdAsItsBitsWithTheDigestOfItsText() throws {
        // The id's first letter escaped: the bits and the digest are those of the decoded text.
        let escaped = #"{"seq":1,"id":"\u006237f89bd-f1f5-45c2-bc32-8cfaf585caf1","type":"goalCleared","v":1,"#
            + #""at":"2026-03-01T07:00:00+01:00","tz":"Europe/Berlin","data":{}}"#
        var decoder = FastEventLineDecoder()
        let recorded = try decoder.decode(line: Array(escaped.utf8))
        #expect(recorded.event.identifier == .uuid(high: 0xB37F_89BD_F1F5_45C2, low: 0xBC32_8CFA_F585_CAF1, lowercase: true))
        #expect(recorded.id == "b37f89bd-f1f5-45c2-bc32-8cfaf585caf1")
        #expect(recorded.idDigest == IdentifierDigest("b37f89bd-f1f5-45c2-bc32-8cfaf585caf1"))
        var reference = EventLineDecoder()
        let referenceRecorded = try reference.decode(line: Array(escaped.utf8))
        #expect(recorded == referenceRecorded)
    }

    @Test func theOrderIsBitsThenTextBytes() {
        let small = CompactIdentifier("00000000-0000-0000-0000-000000000001")
        let large = CompactIdentifier("FFFFFFFF-0000-0000-0000-000000000000")
        let text = CompactIdentifier("a")
        #expect(small < large && large < text && !(text < small))
        #expect(CompactIdentifier("a") < CompactIdentifier("b"))
    }
}
