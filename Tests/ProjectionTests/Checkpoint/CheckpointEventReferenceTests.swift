import TestSupport
import Events
import Projections
import Testing

/// An event reference's bytes: known type names and listed sources as numbers, anything else
/// as its text, and every reference read back byte for byte.
@Suite("Checkpoint: event references")
struct CheckpointEventReferenceTests {
    /// A reference from a real fold (an exit's request), to vary, with a UUID for its id.
    static func reference() throws -> EventReference {
        var reference = try #require(try CheckpointExitLayoutTests.records().first.causes.first)
        reference.id = "3b0c6f2e-8d4a-4f1b-9c2e-7a5d6e4f3c21"
        return reference
    }

    static func bytes(of reference: EventReference) -> [UInt8] {
        StateBytes.of(reference)
    }

    static func read(_ bytes: [UInt8]) -> Result<EventReference, CheckpointDecodingError> {
        StateBytes.read(bytes)
    }

    /// Whether two strings have the same UTF-8 bytes (`==` on strings is canonical equivalence).
    static func sameBytes(_ left: String?, _ right: String?) -> Bool {
        left.map { Array($0.utf8) } == right.map { Array($0.utf8) }
    }

    @Test(arguments: [
        "as folded", "an unknown type", "a type equal to a known one but of other bytes", "an unlisted source",
        "a source equal to a listed one but of other bytes", "no source", "a text id", "an upper-case UUID id", "a log set's stream",
    ])
    func everyReferenceReadsBackByteForByte(what: String) throws {
        var reference = try Self.reference()
        switch what {
        case "an unknown type": reference.typeName = "sleepTrackerCalibrated"
        // U+212A KELVIN SIGN is canonically equivalent to "K": equal as a String, not as bytes.
        case "a type equal to a known one but of other bytes": reference.typeName = "wo\u{212A}eUp"
        case "an unlisted source": reference.source = EventSource(rawValue: "ring")
        case "a source equal to a listed one but of other bytes": reference.source = EventSource(rawValue: "wid\u{212A}et".replacingOccurrences(of: "\u{212A}", with: "g\u{0301}"))
        case "no source": reference.source = nil
        case "a text id": reference.id = "night-1-request"
        case "an upper-case UUID id": reference.id = "0F6C1A52-9A5B-4C5E-8F1D-2B3C4D5E6F70"
        case "a log set's stream": reference.stream = "watch-77b1"
        default: break
        }
        let read = try Self.read(Self.bytes(of: reference)).get()
        #expect(read == reference)
        #expect(Self.sameBytes(read.typeName, reference.typeName), "\(read.typeName)")
        #expect(Self.sameBytes(read.source?.rawValue, reference.source?.rawValue))
        #expect(Self.sameBytes(read.id, reference.id))
        #expect(read.seq == reference.seq && read.at == reference.at && read.stream == reference.stream)
    }

    @Test func knownNamesAndUUIDsTakeNoText() throws {
        let reference = try Self.reference()
        #expect(reference.typeName == "exitRequested")
        #expect(reference.source != nil)
        // The UUID's 16 bytes and its case mark, a one-byte type and source, the seq and the
        // instant: far below the 36 characters of the id alone.
        #expect(Self.bytes(of: reference).count < 36, "\(Self.bytes(of: reference))")
    }

    @Test func aNamelessTypeNumberIsRefused() throws {
        var reference = try Self.reference()
        reference.source = nil
        var bytes = Self.bytes(of: reference)
        let typeOffset = try Self.typeNumberOffset(in: bytes, of: reference)
        bytes[typeOffset] = UInt8(EventType.allCases.count + 1)
        #expect(throws: CheckpointDecodingError.self) { try Self.read(bytes).get() }
        bytes[typeOffset] = UInt8(EventType.allCases.count)
        #expect(try Self.read(bytes).get().typeName == EventType.allCases.last?.rawValue)
    }

    @Test func aNamelessSourceNumberIsRefused() throws {
        var bytes = Self.bytes(of: try Self.reference())
        // The source's number comes just before the stream (none here: one byte, 0).
        let sourceOffset = bytes.count - 2
        #expect(bytes[bytes.count - 1] == 0)
        bytes[sourceOffset] = UInt8(EventSource.listed.count + 1)
        #expect(throws: CheckpointDecodingError.self) { try Self.read(bytes).get() }
        bytes[sourceOffset] = UInt8(EventSource.listed.count)
        #expect(try Self.read(bytes).get().source == EventSource.listed.last)
    }

    /// Where the type's number is: after the id (a UUID: its case mark and 16 bytes) and the seq.
    static func typeNumberOffset(in bytes: [UInt8], of reference: EventReference) throws -> Int {
        try #require(bytes[0] <= 1, "the id is written as a UUID")
        var seq = CheckpointWriter()
        seq.int(reference.seq)
        return 17 + seq.bytes.count
    }
}
