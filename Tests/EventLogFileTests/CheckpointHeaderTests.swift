@_spi(LogTools) @testable import EventLogFile
import Events
import Testing

/// `CheckpointHeader`: its bytes (docs/checkpoints.md) and how a damaged or newer header is
/// told apart.
@Suite("CheckpointHeader")
struct CheckpointHeaderTests {
    static let position = CheckpointPosition(
        streams: [
            .init(name: StreamName("watch"), end: LogResumePoint(byteOffset: 22_000_000, lineNumber: 70_001, lastSeq: 70_000),
                  tailDigest: PrefixDigest(high: 1, low: 2), prefixDigest: PrefixDigest(high: 3, low: 4)),
            .init(name: StreamName("phone"), end: LogResumePoint(byteOffset: 26_122_036, lineNumber: 80_001, lastSeq: 80_000),
                  tailDigest: PrefixDigest(high: 5, low: 6), prefixDigest: PrefixDigest(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)),
        ],
        lastKey: EventOrdering.Key(moment: 1_924_948_800_000, stream: "phone", seq: 80_000))

    static var sample: CheckpointHeader {
        var header = CheckpointHeader(foldVersion: 7, isLogSet: true, position: position, eventCount: 149_998, latestAt: 1_924_948_800_000)
        header.payloadLength = 5
        header.payloadDigest = PrefixDigest.digest(of: [1, 2, 3, 4, 5])
        return header
    }

    static func decode(_ bytes: [UInt8]) throws(CheckpointProblem) -> CheckpointHeader {
        try bytes.withUnsafeBytes { raw in Result { () throws(CheckpointProblem) in try CheckpointHeader.decode(raw, file: "f").header } }.get()
    }

    @Test("a header round-trips through its bytes, every field kept, its streams in name order")
    func roundTrip() throws {
        let bytes = Self.sample.encoded()
        let decoded = try Self.decode(bytes)
        #expect(decoded == Self.sample)
        #expect(decoded.position.streams.map { $0.name?.text } == ["phone", "watch"])
        #expect(decoded.byteOffset == 48_122_036)
        #expect(decoded.lastSeq == 150_000)
        let size = bytes.withUnsafeBytes { try? CheckpointHeader.decode($0, file: "f").size }
        #expect(size == bytes.count)
        var file = CheckpointHeader(
            foldVersion: 1, isLogSet: false,
            position: CheckpointPosition(streams: [.init(name: nil, end: .start, tailDigest: .init(high: 0, low: 0), prefixDigest: .init(high: 0, low: 0))], lastKey: nil),
            eventCount: 0, latestAt: .min)
        file.payloadLength = 0
        #expect(try Self.decode(file.encoded()) == file)
        // Bytes after the header (the payload) are not looked at.
        #expect(try Self.decode(bytes + [9, 9, 9]) == Self.sample)
    }

    @Test("the layout: the magic line, the format version at 21, the fields' length at 25, a digest last")
    func layout() {
        let bytes = Self.sample.encoded()
        #expect(Array(bytes[0..<21]) == Array("MoreSleep checkpoint\n".utf8))
        func integer(at offset: Int, size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        }
        #expect(integer(at: 21, size: 4) == CheckpointHeader.currentFormatVersion)
        #expect(Int(integer(at: 25, size: 4)) == bytes.count - 45)
        #expect(integer(at: 29, size: 4) == 7)
        #expect(integer(at: 33, size: 1) == 1)
        #expect(integer(at: 34, size: 8) == 149_998)
        let check = PrefixDigest.digest(of: Array(bytes[0..<(bytes.count - 16)]))
        #expect(integer(at: bytes.count - 16, size: 8) == check.high)
        #expect(integer(at: bytes.count - 8, size: 8) == check.low)
    }

    @Test("a header cut at any length is garbled, never read")
    func cutShort() {
        let bytes = Self.sample.encoded()
        for length in 0..<bytes.count {
            let problem = #expect(throws: CheckpointProblem.self) { try Self.decode(Array(bytes.prefix(length))) }
            guard case .garbled? = problem else {
                Issue.record("length \(length): \(String(describing: problem))")
                continue
            }
        }
    }

    @Test("any changed byte of the header is caught (magic, format version, length or digest)")
    func everyByteChecked() {
        let bytes = Self.sample.encoded()
        for offset in bytes.indices {
            var changed = bytes
            changed[offset] ^= 0x01
            let problem = #expect(throws: CheckpointProblem.self) { try Self.decode(changed) }
            switch problem {
            case .garbled?: break
            case .otherFormat(_, let version)? where (21..<25).contains(offset): #expect(version != CheckpointHeader.currentFormatVersion)
            default: Issue.record("byte \(offset): \(String(describing: problem))")
            }
        }
    }

    @Test("another format, older or newer, is told apart from damage, whatever follows its version")
    func otherFormat() {
        for version: UInt8 in [1, 2, 4, 200] {
            var bytes = Array(Self.sample.encoded().prefix(25))
            bytes[21] = version
            let problem = #expect(throws: CheckpointProblem.self) { try Self.decode(bytes + [0xFF, 0xFF]) }
            #expect(problem == .otherFormat(file: "f", formatVersion: UInt32(version)))
        }
        var zero = Self.sample.encoded()
        zero[21] = 0
        let garbled = #expect(throws: CheckpointProblem.self) { try Self.decode(zero) }
        guard case .garbled? = garbled else {
            Issue.record("format 0: \(String(describing: garbled))")
            return
        }
    }

    @Test("impossible values are garbled even with a matching header digest")
    func impossibleValues() {
        func stream(_ name: String, _ byteOffset: Int64, _ lineNumber: Int) -> CheckpointPosition.Stream {
            .init(name: StreamName(name), end: LogResumePoint(byteOffset: byteOffset, lineNumber: lineNumber, lastSeq: 1),
                  tailDigest: .init(high: 0, low: 0), prefixDigest: .init(high: 0, low: 0))
        }
        var headers: [CheckpointHeader] = []
        for bad in [stream("a", -1, 1), stream("a", 10, 0), stream("a", 0, 2), stream("a", 10, 20)] {
            var header = Self.sample
            header.position.streams = [bad]
            headers.append(header)
        }
        var outOfOrder = Self.sample
        outOfOrder.position.streams = [stream("b", 10, 2), stream("a", 10, 2)]
        headers.append(outOfOrder)
        var negativePayload = Self.sample
        negativePayload.payloadLength = -5
        headers.append(negativePayload)
        var negativeCount = Self.sample
        negativeCount.eventCount = -1
        headers.append(negativeCount)
        for header in headers {
            let problem = #expect(throws: CheckpointProblem.self) { try Self.decode(header.encoded()) }
            guard case .garbled? = problem else {
                Issue.record("\(header): \(String(describing: problem))")
                continue
            }
        }
    }
}
