import TestSupport
import Events
import Projections
import Testing
import Views

/// Bytes that are not a payload this build wrote are refused with a
/// `CheckpointDecodingError`, never a trap, a hang or an absurd allocation.
@Suite("Checkpoint: corrupt payloads throw")
struct CheckpointCorruptionTests {
    /// The payload's first four bytes: this build's layout version, little-endian.
    static let layoutVersion: [UInt8] = withUnsafeBytes(of: CheckpointLayout.version.littleEndian) { Array($0) }

    /// A payload of a log with every event type, folded whole.
    static func payload(_ path: String = "FrozenLogs/v1/all-types.jsonl") throws -> (payload: [UInt8], events: [RecordedEvent]) {
        let events = try CheckpointFixtures.events(of: path)
        var runner = ProjectionRunner<LogState>()
        runner.apply(contentsOf: events)
        return (runner.checkpointPayload(), events)
    }

    @Test func everyTruncationThrows() throws {
        let payload = try Self.payload().payload
        for length in 0..<payload.count {
            #expect(throws: CheckpointDecodingError.self, "cut to \(length) of \(payload.count) bytes") {
                _ = try ProjectionRunner<LogState>(checkpointPayload: Array(payload[..<length]), position: .end)
            }
        }
    }

    @Test func truncationsOfALongerLogThrow() throws {
        let payload = try Self.payload("Fortnight/fortnight.jsonl").payload
        var random = SplitMix(seed: 7)
        let lengths = Array(0..<min(600, payload.count)) + (0..<300).map { _ in random.next(below: payload.count) }
        for length in lengths {
            #expect(throws: CheckpointDecodingError.self, "cut to \(length) of \(payload.count) bytes") {
                _ = try ProjectionRunner<LogState>(checkpointPayload: Array(payload[..<length]), position: .end)
            }
        }
    }

    @Test func bytesLeftOverThrow() throws {
        let payload = try Self.payload().payload
        let error = try #require(throws: CheckpointDecodingError.self) {
            _ = try ProjectionRunner<LogState>(checkpointPayload: payload + [0], position: .end)
        }
        #expect(error.description.contains("1 bytes left over"), "\(error)")
    }

    @Test func anotherLayoutVersionThrows() throws {
        var payload = try Self.payload().payload
        #expect(Array(payload[..<4]) == [UInt8(CheckpointLayout.version), 0, 0, 0], "the layout version, little-endian")
        payload[0] &+= 1
        let error = try #require(throws: CheckpointDecodingError.self) {
            _ = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        }
        #expect(error.what == "the layout version")
        #expect(error.offset == 0)
    }

    @Test func anErrorNamesWhatAndWhere() throws {
        let error = try #require(throws: CheckpointDecodingError.self) {
            _ = try ProjectionRunner<LogState>(checkpointPayload: Self.layoutVersion + [0, 0xFF], position: .end)
        }
        // The applied count 0, then the latest instant's optional mark 0xFF.
        #expect(error.offset == 5)
        #expect(error.description == "checkpoint payload: the latest instant at byte 5: an optional is marked 0 or 1, not 255")
    }

    /// A check of a nested field names that field and points at its first byte, counted
    /// from the payload's start.
    @Test func aNestedFieldsErrorNamesItsOffsetInThePayload() throws {
        // A real night's exit among the demo night's: refused by `ExitHistory.demo`'s check.
        let (first, _) = try CheckpointExitLayoutTests.records()
        var writer = CheckpointWriter()
        writer.uint8(7)
        writer.write([ExitRecord]())
        writer.write([first])
        let bytes = writer.bytes
        let error = bytes.withUnsafeBytes { raw -> CheckpointDecodingError? in
            var reader = CheckpointReader(raw)
            do throws(CheckpointDecodingError) {
                _ = try reader.uint8("the first byte")
                _ = try reader.read(ExitHistory.self)
                return nil
            } catch {
                return error
            }
        }
        // 7, the empty real nights' count, then the demo night's records at byte 2.
        #expect(error?.what == "ExitHistory.demo")
        #expect(error?.offset == 2)
    }

    @Test func aHugeCountIsRefusedBeforeAllocating() {
        // The applied count, no instant, no zone, then 2⁶³ ids.
        let payload: [UInt8] = Self.layoutVersion + [0, 0, 0] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(throws: CheckpointDecodingError.self) {
            _ = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        }
    }

    /// Every collection checks its count against the bytes left before allocating: a count
    /// one more than the bytes left could hold is refused; the count they hold reads.
    @Test(arguments: ["an array", "a dictionary", "a set", "integers in bulk"])
    func aCountLargerThanTheBytesLeftIsRefused(what: String) throws {
        func read(count: Int, bytes: [UInt8]) -> Result<Int, CheckpointDecodingError> {
            var writer = CheckpointWriter()
            writer.count(count)
            let payload = writer.bytes + bytes
            return switch what {
            case "an array": StateBytes.read(payload, as: [UInt8].self).map(\.count)
            case "a dictionary": StateBytes.read(payload, as: [UInt8: UInt8].self).map(\.count)
            case "a set": StateBytes.read(payload, as: Set<UInt8>.self).map(\.count)
            default: StateBytes.read(payload, as: IntegersInBulk.self).map(\.values.count)
            }
        }
        // Two entries of a dictionary (a key and a value each), else four elements.
        let bytes: [UInt8] = what == "integers in bulk" ? Array(repeating: 1, count: 16) : [1, 2, 3, 4]
        let fits = what == "a dictionary" ? 2 : 4
        #expect(try read(count: fits, bytes: bytes).get() == fits)
        let error = try #require(throws: CheckpointDecodingError.self) { try read(count: fits + 1, bytes: bytes).get() }
        #expect(error.offset == 0)
        #expect(error.reason.contains("cannot fit"), "\(error)")
        #expect(throws: CheckpointDecodingError.self) { try read(count: Int(Int64.max), bytes: bytes).get() }
    }

    /// 32-bit integers in bulk.
    struct IntegersInBulk: StateCodable {
        var values: [UInt32] = []
        static var placeholder: IntegersInBulk { IntegersInBulk() }
        mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.bulk("values", &values)
        }
    }

    @Test func aVarintLongerThanSixtyFourBitsThrows() {
        let payload: [UInt8] = Self.layoutVersion + [UInt8](repeating: 0xFF, count: 9) + [0x02]
        let error = try? #require(throws: CheckpointDecodingError.self) {
            _ = try ProjectionRunner<LogState>(checkpointPayload: payload, position: .end)
        }
        #expect(error?.reason == "the varint does not fit 64 bits")
    }

    @Test func invalidUTF8Throws() {
        var writer = CheckpointWriter()
        writer.count(3)
        writer.uint8(0xF0)
        writer.uint8(0x9F)
        writer.uint8(0x98)
        let bytes = writer.bytes
        let result: Result<String, CheckpointDecodingError> = bytes.withUnsafeBytes { raw in
            var reader = CheckpointReader(raw)
            return Result { () throws(CheckpointDecodingError) in try reader.string("a text") }
        }
        #expect(throws: CheckpointDecodingError.self) { try result.get() }
    }

    /// Random byte changes: each payload either throws or reads into a runner that writes
    /// itself again and folds on (a change in a value, not in the layout, can read).
    @Test(arguments: ["FrozenLogs/v1/all-types.jsonl", "Fortnight/fortnight.jsonl", "SampleWeek/sample-week.jsonl"])
    func randomByteChangesNeverTrap(path: String) throws {
        let (payload, events) = try Self.payload(path)
        var random = SplitMix(seed: UInt64(path.utf8.count))
        var thrown = 0
        for round in 0..<400 {
            var changed = payload
            for _ in 0..<(1 + round % 3) {
                changed[random.next(below: changed.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                var runner = try ProjectionRunner<LogState>(checkpointPayload: changed, position: .end)
                _ = runner.checkpointPayload()
                runner.apply(contentsOf: events.suffix(5))
                _ = JSONView.text(state: runner.state, warnings: runner.warnings, asOf: runner.latestInstant)
            } catch {
                thrown += 1
            }
        }
        #expect(thrown > 0)
    }
}
