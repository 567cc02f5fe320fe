@_spi(LogTools) @testable import EventLogFile
import Testing

/// `CheckpointHeader`: its bytes (the table in NOTES-B.md) and how a damaged or newer header
/// is told apart.
@Suite("CheckpointHeader")
struct CheckpointHeaderTests {
    static let sample = CheckpointHeader(
        foldVersion: 7, byteOffset: 48_122_036, lineNumber: 150_001, lastSeq: 150_000, eventCount: 149_998,
        latestAt: 1_924_948_800_000, prefixDigest: PrefixDigest(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210),
        flags: .logSet, payloadLength: 5, payloadDigest: PrefixDigest.digest(of: [1, 2, 3, 4, 5])
    )

    @Test("a header round-trips through its bytes, every field kept")
    func roundTrip() throws {
        let bytes = Self.sample.encoded()
        #expect(bytes.count == CheckpointHeader.encodedSize)
        #expect(try CheckpointHeader.decode(bytes, file: "f") == Self.sample)
        var other = Self.sample
        other.flags = CheckpointHeader.Flags(rawValue: 0xFFFF_FFFE)
        other.latestAt = .min
        other.byteOffset = 0
        other.lineNumber = 1
        other.lastSeq = 0
        other.eventCount = 0
        #expect(try CheckpointHeader.decode(other.encoded(), file: "f") == other)
        // Bytes after the header (the payload) are not looked at.
        #expect(try CheckpointHeader.decode(bytes + [9, 9, 9], file: "f") == Self.sample)
    }

    @Test("the layout: the magic line, then little-endian fields at fixed offsets")
    func layout() {
        let bytes = Self.sample.encoded()
        #expect(Array(bytes[0..<21]) == Array("MoreSleep checkpoint\n".utf8))
        func integer(at offset: Int, size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        }
        #expect(integer(at: 21, size: 4) == CheckpointHeader.currentFormatVersion)
        #expect(integer(at: 25, size: 4) == 7)
        #expect(integer(at: 29, size: 4) == 2)
        #expect(integer(at: 33, size: 8) == 48_122_036)
        #expect(integer(at: 41, size: 8) == 150_001)
        #expect(integer(at: 49, size: 8) == 150_000)
        #expect(integer(at: 57, size: 8) == 149_998)
        #expect(integer(at: 65, size: 8) == 1_924_948_800_000)
        #expect(integer(at: 73, size: 8) == 0x0123_4567_89AB_CDEF)
        #expect(integer(at: 81, size: 8) == 0xFEDC_BA98_7654_3210)
        #expect(integer(at: 89, size: 8) == 5)
        #expect(integer(at: 97, size: 8) == Self.sample.payloadDigest.high)
        #expect(integer(at: 105, size: 8) == Self.sample.payloadDigest.low)
        let check = PrefixDigest.digest(of: Array(bytes[0..<113]))
        #expect(integer(at: 113, size: 8) == check.high)
        #expect(integer(at: 121, size: 8) == check.low)
    }

    @Test("a header cut at any length is garbled, never read")
    func cutShort() {
        let bytes = Self.sample.encoded()
        for length in 0..<bytes.count {
            let problem = #expect(throws: CheckpointProblem.self) { try CheckpointHeader.decode(Array(bytes.prefix(length)), file: "f") }
            guard case .garbled? = problem else {
                Issue.record("length \(length): \(String(describing: problem))")
                continue
            }
        }
    }

    @Test("any changed byte of the header is caught (magic, format version or header digest)")
    func everyByteChecked() {
        let bytes = Self.sample.encoded()
        for offset in bytes.indices {
            var changed = bytes
            changed[offset] ^= 0x01
            let problem = #expect(throws: CheckpointProblem.self) { try CheckpointHeader.decode(changed, file: "f") }
            switch problem {
            case .garbled?: break
            case .otherFormat(_, let version)? where (21..<25).contains(offset): #expect(version != CheckpointHeader.currentFormatVersion)
            default: Issue.record("byte \(offset): \(String(describing: problem))")
            }
        }
    }

    @Test("another format, older or newer, is told apart from damage, whatever follows its version")
    func otherFormat() {
        for version: UInt8 in [1, 3, 200] {
            var bytes = Array(Self.sample.encoded().prefix(25))
            bytes[21] = version
            let problem = #expect(throws: CheckpointProblem.self) { try CheckpointHeader.decode(bytes + [0xFF, 0xFF], file: "f") }
            #expect(problem == .otherFormat(file: "f", formatVersion: UInt32(version)))
        }
        var zero = Self.sample.encoded()
        zero[21] = 0
        let garbled = #expect(throws: CheckpointProblem.self) { try CheckpointHeader.decode(zero, file: "f") }
        guard case .garbled? = garbled else {
            Issue.record("format 0: \(String(describing: garbled))")
            return
        }
    }

    @Test("impossible positions are garbled even with a matching header digest")
    func impossibleValues() {
        var headers: [CheckpointHeader] = []
        var negative = Self.sample
        negative.byteOffset = -1
        headers.append(negative)
        var lineZero = Self.sample
        lineZero.lineNumber = 0
        headers.append(lineZero)
        var startNotLineOne = Self.sample
        startNotLineOne.byteOffset = 0
        headers.append(startNotLineOne)
        var tooManyLines = Self.sample
        tooManyLines.byteOffset = 10
        tooManyLines.lineNumber = 20
        headers.append(tooManyLines)
        var negativePayload = Self.sample
        negativePayload.payloadLength = -5
        headers.append(negativePayload)
        for header in headers {
            let problem = #expect(throws: CheckpointProblem.self) { try CheckpointHeader.decode(header.encoded(), file: "f") }
            guard case .garbled? = problem else {
                Issue.record("\(header): \(String(describing: problem))")
                continue
            }
        }
    }

    @Test("the resume point is the header's position and last seq")
    func resumePoint() {
        let point = Self.sample.resumePoint
        #expect(point.position.byteOffset == 48_122_036)
        #expect(point.position.lineNumber == 150_001)
        #expect(point.lastSeq == 150_000)
        let made = CheckpointHeader(foldVersion: 7, point: point, eventCount: 3, latestAt: 9, prefixDigest: PrefixDigest(high: 1, low: 2))
        #expect(made.resumePoint == point)
        #expect(made.formatVersion == CheckpointHeader.currentFormatVersion)
    }
}
