import Foundation
import Testing
import TestSupport

import Events

/// Strings with escapes, which the fast path decodes itself (`FastLineScanner.withString`):
/// every decoded string is byte for byte the reference's, and the text that was escaped;
/// what the reference refuses, the fast path hands over.
@Suite("FastEventLineDecoder: strings with escapes")
struct FastDecoderEscapeTests {
    /// The characters drawn from: ASCII, the characters with short escapes, control
    /// characters, DEL, a no-break space, two- three- and four-byte characters, a Kelvin sign
    /// (canonically equal to K), the last BMP scalars around the surrogates.
    static let pool: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t", "\u{01}", "\u{1F}", "\u{7F}",
        "\u{A0}", "é", "\u{2019}", "€", "\u{212A}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "🌙", "\u{10FFFF}",
    ]

    /// `scalar` as JSON string text, written one of the ways JSON allows, chosen by
    /// `generator`: as it stands (when that is allowed), as a short escape, or as `\uXXXX`
    /// (lower or upper case hex; a surrogate pair above the BMP).
    static func escaped(_ scalar: Unicode.Scalar, _ generator: inout SplitMix) -> String {
        let short: [Unicode.Scalar: String] = [
            "\"": #"\""#, "\\": #"\\"#, "/": #"\/"#, "\u{08}": #"\b"#, "\u{0C}": #"\f"#, "\n": #"\n"#, "\r": #"\r"#, "\t": #"\t"#,
        ]
        let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
        let choice = generator.next(below: 3)
        if choice == 0, !mustEscape { return String(scalar) }
        if choice == 1, let text = short[scalar] { return text }
        let upper = generator.next(below: 2) == 0
        func unit(_ value: UInt32) -> String {
            let hex = String(value, radix: 16, uppercase: upper)
            return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
        }
        guard scalar.value > 0xFFFF else { return unit(scalar.value) }
        let offset = scalar.value - 0x10000
        return unit(0xD800 + offset >> 10) + unit(0xDC00 + offset & 0x3FF)
    }

    static func sourceName(of outcome: DecodeOutcome) -> [UInt8]? {
        guard case .sleepSampleIngested(let sample) = outcome.event?.event.payload else { return nil }
        return Array(sample.sourceName.utf8)
    }

    @Test("random escaped text decodes to its own bytes, the reference's, on the fast path")
    func randomText() {
        var generator = SplitMix(seed: 36)
        var pair = DecoderPair()
        var mismatches: [String] = []
        for round in 0..<5_000 {
            var scalars = String.UnicodeScalarView()
            var text = ""
            for _ in 0..<(1 + generator.next(below: 12)) {
                let scalar = Self.pool[generator.next(below: Self.pool.count)]
                scalars.append(scalar)
                text += Self.escaped(scalar, &generator)
            }
            let expected = Array(String(scalars).utf8)
            let line = Array(FastDecoderSeedLines.line(
                "sleepSampleIngested", FastDecoderSeedLines.sleepData.replacingOccurrences(of: "Apple Watch", with: text)).utf8)
            let before = pair.fast.fastPathLineCount
            let outcome = FastDecoderDifferentialTests.expectSameOutcome(&pair, line, "round \(round): \(text)")
            let fast = Self.sourceName(of: DecoderPair.outcome(of: line, with: &pair.fast))
            let reference = Self.sourceName(of: outcome)
            if fast != expected || reference != expected || pair.fast.fastPathLineCount != before + 2 {
                mismatches.append(text)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("every escaped string value of a line decodes as the reference decodes it, on the fast path")
    func everyStringField() throws {
        // Each ASCII letter of every string value after the envelope's `"seq":7,` escaped
        // as \u00XX, one value at a time (keys stay as they are).
        for seed in FastDecoderSeedLines.fastPathSeeds where !seed.line.contains("\\") {
            let bytes = seed.bytes
            var index = 0
            var inString = false
            var isKey = false
            var valueStarts: [Int] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    if !inString {
                        // A key is followed by a colon after its closing quote (and any whitespace).
                        var end = index + 1
                        while bytes[end] != UInt8(ascii: "\"") { end += 1 }
                        end += 1
                        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
                        isKey = end < bytes.count && bytes[end] == UInt8(ascii: ":")
                        if !isKey { valueStarts.append(index + 1) }
                    }
                    inString.toggle()
                }
                index += 1
            }
            for start in valueStarts {
                var line = Array(bytes[..<start])
                var end = start
                while bytes[end] != UInt8(ascii: "\"") {
                    let byte = bytes[end]
                    if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") {
                        line += Array(String(format: "\\u%04x", Int(byte)).utf8)
                    } else {
                        line.append(byte)
                    }
                    end += 1
                }
                line += bytes[end...]
                var pair = DecoderPair()
                let outcome = FastDecoderDifferentialTests.expectSameOutcome(&pair, line, "\(seed.name), value at \(start)")
                #expect(outcome.isDecoded, "\(seed.name), value at \(start): \(outcome)")
                #expect(pair.fast.fastPathLineCount == 1, "\(seed.name), value at \(start) was handed over")
                // Unescaped, the line reads as the seed does.
                var plain = DecoderPair()
                #expect(plain.outcomes(bytes).fast.event?.event == outcome.event?.event)
            }
        }
    }

    @Test("what the reference refuses in a string, the fast path hands over", arguments: [
        #"\x"#, #"\ "#, #"\U0041"#, #"\u"#, #"\u0"#, #"\u004"#, #"\u004g"#, #"\u+041"#, #"\udc00"#, #"\ud800"#, #"\ud800x"#,
        #"\ud800\n"#, #"\ud800\u0041"#, #"\ud800\ud800"#, #"\udbff\udbff\udc00"#, "\\u00a0\u{01}", #"\"#, "\\\u{7F}", "\\\u{E9}",
    ])
    func invalidEscapes(_ text: String) {
        let line = Array(FastDecoderSeedLines.line(
            "sleepSampleIngested", FastDecoderSeedLines.sleepData.replacingOccurrences(of: "Apple Watch", with: text)).utf8)
        var pair = DecoderPair()
        let outcome = FastDecoderDifferentialTests.expectSameOutcome(&pair, line, text)
        #expect(!outcome.isDecoded, "\(text): \(outcome)")
        #expect(pair.fast.fallbackLineCount == 1)
    }

    @Test("an escaped NUL is read by the reference (names hold no NUL byte on the fast path)")
    func escapedNul() throws {
        let line = Array(FastDecoderSeedLines.line(
            "sleepSampleIngested", FastDecoderSeedLines.sleepData.replacingOccurrences(of: "Apple Watch", with: #"a\u0000b"#)).utf8)
        var pair = DecoderPair()
        let outcome = FastDecoderDifferentialTests.expectSameOutcome(&pair, line, "NUL")
        #expect(Self.sourceName(of: outcome) == [0x61, 0x00, 0x62])
        #expect(pair.fast.fallbackLineCount == 1)
    }

    @Test("an interned escaped name is shared with its raw form, by bytes")
    func internedEscapedName() throws {
        var decoder = FastEventLineDecoder()
        var names: [String] = []
        for text in ["Apple\u{A0}Watch", #"Apple\u00a0Watch"#, #"Apple\u00A0Watch"#, "Apple\u{A0}Watch"] {
            let line = Array(FastDecoderSeedLines.line(
                "sleepSampleIngested", FastDecoderSeedLines.sleepData.replacingOccurrences(of: "Apple Watch", with: text)).utf8)
            let event = try decoder.decode(line: line)
            guard case .sleepSampleIngested(let sample) = event.event.payload else { Issue.record("not a sample"); return }
            names.append(sample.sourceName)
        }
        #expect(decoder.fastPathLineCount == 4)
        #expect(Set(names.map { Array($0.utf8) }) == [Array("Apple\u{A0}Watch".utf8)])
    }
}
