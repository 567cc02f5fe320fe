import Testing
import TestSupport

import Events

/// Every JSONTestSuite case (see JSONParserTests) through `FastEventLineDecoder`, placed in
/// a log line where the reference decoder reads it too:
///
/// - as the value of an unknown payload field (as JSONSuiteAsPayloadTests does for the
///   reference): `y_` read with the same value as the reference, `n_` refused, `i_` the
///   reference's outcome (the fast path hands these lines over: the key is unknown);
/// - as the value of known fields the fast path reads itself (`sourceName`, a sample's
///   optional `tz`, a vital's `value`, `returnedEarly`, the envelope's `source`), whole and,
///   for a case that is an array of one value (`["…"]`, `[1e2]`), its element alone, so
///   that every string and number case meets the fast path's own string and number
///   readers: the same outcome as the reference, every time.
///
/// A case holding a raw line feed cannot be one line: the line splitter cuts it (the file
/// layer's tests read such files through `FileEventLog.verify`, whose `LogScanner` now uses
/// this decoder); here each piece must be refused by both decoders alike.
@Suite("FastEventLineDecoder on the JSONTestSuite corpus")
struct FastDecoderJSONSuiteTests {
    /// Places `value` in a line.
    struct Placement: CustomStringConvertible, Sendable {
        var name: String
        var prefix: String
        var suffix: String

        func line(_ value: [UInt8]) -> [UInt8] { Array(prefix.utf8) + value + Array(suffix.utf8) }
        var description: String { name }
    }

    static let unknownField = Placement(
        name: "unknown payload field",
        prefix: FastDecoderSeedLines.envelope("exitRequested") + #""data":{"night":"2026-11-30","x":"#,
        suffix: "}}"
    )

    static let knownFields: [Placement] = [
        Placement(
            name: "sourceName",
            prefix: FastDecoderSeedLines.envelope("sleepSampleIngested")
                + #""data":{"sampleId":"S","stage":"deep","start":"2026-11-30T23:00:00+01:00","end":"2026-11-30T23:30:00+01:00","sourceName":"#,
            suffix: "}}"
        ),
        Placement(
            name: "sample tz",
            prefix: FastDecoderSeedLines.envelope("sleepSampleIngested")
                + #""data":{"sampleId":"S","stage":"deep","start":"2026-11-30T23:00:00+01:00","end":"2026-11-30T23:30:00+01:00","tz":"#,
            suffix: #","sourceName":"Apple Watch"}}"#
        ),
        Placement(
            name: "vital value",
            prefix: FastDecoderSeedLines.envelope("vitalSampleIngested") + #""data":{"sampleId":"V","kind":"hrv","value":"#,
            suffix: #","unit":"ms","start":"2026-11-30T23:00:00+01:00","end":"2026-11-30T23:30:00+01:00"}}"#
        ),
        Placement(
            name: "returnedEarly",
            prefix: FastDecoderSeedLines.envelope("freeWindowUsed") + #""data":{"night":"2026-11-30","returnedEarly":"#,
            suffix: "}}"
        ),
        Placement(
            name: "envelope source",
            prefix: #"{"seq":3,"id":"i","type":"wokeUp","v":1,"at":"2026-11-30T21:40:00+01:00","tz":"Europe/Berlin","source":"#,
            suffix: #","data":{"night":"2026-11-30"}}"#
        ),
    ]

    /// The element of a case that is an array of one value, e.g. `"x"` for `["x"]`; `nil`
    /// for any other case.
    static func soleElement(of bytes: [UInt8]) -> [UInt8]? {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = bytes.firstIndex(where: { !whitespace.contains($0) }),
              let last = bytes.lastIndex(where: { !whitespace.contains($0) }),
              first < last, bytes[first] == 0x5B, bytes[last] == 0x5D
        else { return nil }
        let inner = Array(bytes[(first + 1)..<last])
        guard !inner.isEmpty, !inner.contains(0x2C) || inner.first == 0x22 else { return nil }
        return inner
    }

    /// The cases that fit on one line.
    static let oneLineCases = JSONTestSuiteCorpus.fileNames.filter { name in
        guard let bytes = JSONTestSuiteCorpus.bytes(of: name) else { return true }
        return !bytes.contains(0x0A)
    }

    @Test("as an unknown payload field: y_ read alike, n_ refused, i_ as the reference", arguments: JSONTestSuiteCorpus.fileNames)
    func asUnknownField(_ name: String) throws {
        guard let bytes = JSONTestSuiteCorpus.bytes(of: name) else { return }
        var pair = DecoderPair()
        if bytes.contains(0x0A) {
            let line = Self.unknownField.line(bytes)
            for piece in line.split(separator: 0x0A, omittingEmptySubsequences: false) {
                let outcome = FastDecoderDifferentialTests.expectSameOutcome(&pair, Array(piece), "\(name), a piece")
                #expect(!outcome.isDecoded, "\(name): a piece of a split line was read as an event")
            }
            return
        }
        let outcome = FastDecoderDifferentialTests.expectSameOutcome(&pair, Self.unknownField.line(bytes), name)
        switch name.prefix(2) {
        case "y_":
            #expect(outcome.isDecoded, "\(name): \(outcome)")
            let fast = try #require(DecoderPair.outcome(of: Self.unknownField.line(bytes), with: &pair.fast).event)
            #expect(fast.event.additionalPayloadFields["x"] != nil)
        case "n_":
            #expect(!outcome.isDecoded, "\(name): an invalid value was read")
        default:
            #expect(outcome.isDecoded == JSONTestSuiteCorpus.implementationDefinedAccepted.contains(name), "\(name): \(outcome)")
        }
    }

    @Test("as the value of fields the fast path reads, whole and as a sole element", arguments: oneLineCases)
    func asKnownField(_ name: String) {
        guard let bytes = JSONTestSuiteCorpus.bytes(of: name) else { return }
        var pair = DecoderPair()
        for placement in Self.knownFields {
            let outcome = FastDecoderDifferentialTests.expectSameOutcome(&pair, placement.line(bytes), "\(name) as \(placement)")
            if name.hasPrefix("n_") {
                #expect(!outcome.isDecoded, "\(name) as \(placement): an invalid value was read")
            }
            if let element = Self.soleElement(of: bytes) {
                FastDecoderDifferentialTests.expectSameOutcome(&pair, placement.line(element), "\(name)'s element as \(placement)")
            }
        }
    }

    @Test("the fast path reads most y_ string and number elements itself")
    func fastPathIsExercised() {
        var decoder = FastEventLineDecoder()
        var tried = 0
        for name in Self.oneLineCases where name.hasPrefix("y_string_") || name.hasPrefix("y_number") {
            guard let bytes = JSONTestSuiteCorpus.bytes(of: name), let element = Self.soleElement(of: bytes) else { continue }
            let placement = name.hasPrefix("y_string_") ? Self.knownFields[0] : Self.knownFields[2]
            _ = try? decoder.decode(line: placement.line(element))
            tried += 1
        }
        #expect(tried >= 50)
        // Strings with an escaped NUL or a lone surrogate and numbers out of Double's range are handed over; the rest
        // are read by the fast path.
        #expect(decoder.fastPathLineCount > tried / 3, "fast \(decoder.fastPathLineCount) of \(tried)")
    }
}
