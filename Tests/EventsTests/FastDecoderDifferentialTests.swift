import Foundation
import Testing
import TestSupport

import Events

/// `FastEventLineDecoder` against the reference `EventLineDecoder`, line by line: on every
/// fixture log, on seed lines of every type and on systematic mutations of them, both
/// decoders read the same event (equal, and encoding to the same bytes) or refuse the line
/// with the same error. The fast path must never accept what the reference refuses.
@Suite("FastEventLineDecoder against EventLineDecoder")
struct FastDecoderDifferentialTests {
    /// Every `.jsonl` file under `Tests/Fixtures`, Hostile and FrozenLogs included, as a
    /// path relative to it.
    static let fixtureLogs: [String] = {
        let root = Golden.fixturesDirectory
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "jsonl" {
            paths.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return paths.sorted()
    }()

    /// The lines of a file as the line splitter cuts them: at each `\n`, the last piece
    /// (a torn tail, or empty) included.
    static func lines(of bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    /// Compares the two decoders on `line`; records an issue naming `context` on a
    /// difference, and one if the fast decoder accepts a line the reference refuses.
    @discardableResult
    static func expectSameOutcome(
        _ pair: inout DecoderPair, _ line: [UInt8], _ context: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> DecodeOutcome {
        let (fast, reference) = pair.outcomes(line)
        if fast != reference {
            Issue.record(
                "\(context()): fast \(fast) ≠ reference \(reference); line: \(String(decoding: line.prefix(400), as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
        return reference
    }

    @Test("the fixture logs are found, Hostile and FrozenLogs among them")
    func fixturesFound() {
        #expect(Self.fixtureLogs.count >= 40)
        #expect(Self.fixtureLogs.contains { $0.hasPrefix("Hostile/") })
        #expect(Self.fixtureLogs.contains { $0.hasPrefix("FrozenLogs/") })
    }

    @Test("every line of every fixture log reads the same", arguments: fixtureLogs)
    func fixtureLog(_ relativePath: String) throws {
        let data = try #require(FileManager.default.contents(atPath: Golden.fixture(relativePath).path))
        var shared = DecoderPair()
        for (index, line) in Self.lines(of: Array(data)).enumerated() {
            // One pair for the whole file (caches warm, as when reading it), and a fresh one.
            Self.expectSameOutcome(&shared, line, "\(relativePath):\(index + 1)")
            var fresh = DecoderPair()
            Self.expectSameOutcome(&fresh, line, "\(relativePath):\(index + 1) (fresh decoders)")
        }
    }

    @Test("the frozen v1 logs are read by the fast path, every line", arguments: fixtureLogs.filter { $0.hasPrefix("FrozenLogs/") })
    func frozenLogsTakeTheFastPath(_ relativePath: String) throws {
        let data = try #require(FileManager.default.contents(atPath: Golden.fixture(relativePath).path))
        var decoder = FastEventLineDecoder()
        var count = 0
        for line in Self.lines(of: Array(data)) where !line.isEmpty {
            _ = try decoder.decode(line: line)
            count += 1
        }
        #expect(count > 0)
        #expect(decoder.fallbackLineCount == 0)
        #expect(decoder.fastPathLineCount == count)
    }

    @Test("a seed line reads the same, on the fast path when expected", arguments: FastDecoderSeedLines.all)
    func seed(_ seed: FastDecoderSeedLines.Seed) {
        var pair = DecoderPair()
        let outcome = Self.expectSameOutcome(&pair, seed.bytes, seed.name)
        if seed.fastPath {
            #expect(outcome.isDecoded, "\(seed.name): \(outcome)")
            #expect(pair.fast.fastPathLineCount == 1, "\(seed.name) was handed to the reference")
        } else {
            #expect(pair.fast.fallbackLineCount == 1, "\(seed.name) was read by the fast path")
        }
    }

    @Test("every v1 type has a seed read by the fast path")
    func everyTypeHasAFastSeed() {
        let seeded = Set(FastDecoderSeedLines.fastPathSeeds.compactMap { seed -> String? in
            var decoder = FastEventLineDecoder()
            return (try? decoder.decode(line: seed.bytes))?.typeName
        })
        for type in EventType.allCases {
            #expect(seeded.contains(type.rawValue), "no fast-path seed for \(type.rawValue)")
        }
    }

    @Test("every mutation of a seed line reads the same", arguments: FastDecoderSeedLines.all)
    func mutations(_ seed: FastDecoderSeedLines.Seed) {
        let mutated = LineMutations.all(of: seed.bytes)
        #expect(mutated.count > 1000)
        var shared = DecoderPair()
        var accepted = 0
        for (index, line) in mutated.enumerated() {
            let outcome = Self.expectSameOutcome(&shared, line, "\(seed.name), mutation \(index)")
            if outcome.isDecoded { accepted += 1 }
        }
        // Some mutations of a valid line stay valid (whitespace, escapes of the same text,
        // number forms).
        var fresh = DecoderPair()
        if fresh.outcomes(seed.bytes).reference.isDecoded {
            #expect(accepted > 0)
        }
        // The shared fast decoder took its fast path for some lines and handed others over.
        #expect(shared.fast.fallbackLineCount > 0)
    }

    @Test("a mutated line read alone reads the same as in a sequence", arguments: ["goalSet", "sleepSampleIngested, batch", "vitalSampleIngested"])
    func freshDecodersOnMutations(_ seedName: String) {
        let seed = FastDecoderSeedLines.named(seedName)
        for (index, line) in LineMutations.all(of: seed.bytes).enumerated() where index % 7 == 0 {
            var fresh = DecoderPair()
            Self.expectSameOutcome(&fresh, line, "\(seed.name), mutation \(index), fresh decoders")
        }
    }

    /// `String` equality is canonical equivalence: `Asia/\u{212A}arachi` (a Kelvin sign)
    /// equals `Asia/Karachi`, and Foundation's `TimeZone(identifier:)` knows it once it has
    /// loaded Asia/Karachi (its cache is keyed by `String`), not before. Zone names are
    /// ASCII, so both decoders refuse it, whatever came before in the file or the process.
    @Test("a non-ASCII zone name canonically equal to a known one is refused, in any order", arguments: [false, true])
    func kelvinSignZone(kelvinFirst: Bool) {
        let plain = Array(FastDecoderSeedLines.line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: "Asia/Karachi").utf8)
        let kelvin = Array(FastDecoderSeedLines.line("wokeUp", #"{"night":"2026-11-30"}"#).replacingOccurrences(of: "Europe/Berlin", with: "Asia/\u{212A}arachi").utf8)
        var pair = DecoderPair()
        let order = kelvinFirst ? [kelvin, plain, kelvin, plain] : [plain, kelvin, plain, kelvin]
        for (index, line) in order.enumerated() {
            let outcome = Self.expectSameOutcome(&pair, line, "line \(index)")
            #expect(outcome.isDecoded == (line == plain), "line \(index): \(outcome)")
        }
    }

    @Test("decoding from an array and from a buffer agree")
    func arrayAndBuffer() throws {
        let line = FastDecoderSeedLines.named("sleepSampleIngested, batch").bytes
        var decoder = FastEventLineDecoder()
        let fromArray = try decoder.decode(line: line)
        let fromBuffer = try line.withUnsafeBufferPointer { buffer in try decoder.decode(line: buffer) }
        #expect(fromArray == fromBuffer)
        #expect(decoder.fastPathLineCount == 2)
    }

    @Test("an empty line is refused as the reference refuses it")
    func emptyLine() {
        var pair = DecoderPair()
        let outcome = Self.expectSameOutcome(&pair, [], "empty line")
        #expect(!outcome.isDecoded)
    }

    @Test("a catalogue with an upcast type hands that type to the reference")
    func upcastTypeGoesToTheReference() throws {
        var catalogue = EventCatalogue()
        catalogue.setCurrentVersion(2, of: .wokeUp, upcasters: [1: { object in object }])
        var fast = FastEventLineDecoder(catalogue: catalogue)
        var reference = EventLineDecoder(catalogue: catalogue)
        let line = FastDecoderSeedLines.named("wokeUp").bytes
        #expect(try fast.decode(line: line) == reference.decode(line: line))
        #expect(fast.fallbackLineCount == 1)
        let other = FastDecoderSeedLines.named("wentToBed").bytes
        #expect(try fast.decode(line: other) == reference.decode(line: other))
        #expect(fast.fastPathLineCount == 1)
    }
}
