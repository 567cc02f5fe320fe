import TestSupport
import Projections
import Testing

/// A section (`StateCoder.beginSection`) is read in its place when small, and on another
/// thread when large (`SectionRead`): the same bytes read back the same either way, and the
/// same damaged bytes throw the same error, at its offset in the payload.
@Suite("Checkpoint: sections")
struct CheckpointSectionTests {
    /// A byte, flags in a section of their own, and a byte read while the section is read.
    struct Sectioned: StateCodable, Equatable {
        var lead: UInt8 = 7
        var flags: [Bool] = []
        var tail: UInt8 = 9

        static var placeholder: Sectioned { Sectioned() }

        mutating func describeState<Coder: StateCoder>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.field("lead", &lead)
            var flags = self.flags
            let section = try coder.beginSection("flags", &flags)
            try coder.field("tail", &tail)
            try coder.endSection(section, &flags)
            if Coder.isReading { self.flags = flags }
        }
    }

    /// Small enough to be read in its place, and large enough to be read on another thread.
    static let counts = [1_000, 100_000]

    @Test(arguments: counts)
    func aSectionReadsBackAsWritten(count: Int) throws {
        let value = Sectioned(flags: (0..<count).map { $0 % 3 == 0 }, tail: 42)
        let bytes = StateBytes.of(value)
        #expect(try StateBytes.read(bytes, as: Sectioned.self).get() == value)
    }

    @Test(arguments: counts)
    func aDamagedSectionThrowsAtItsOffsetInThePayload(count: Int) throws {
        var bytes = StateBytes.of(Sectioned(flags: Array(repeating: false, count: count)))
        // The lead, the section's length (8 bytes), the flags' count, then the flags.
        let countBytes = count < 1 << 14 ? 2 : 3
        let damaged = 1 + 8 + countBytes + count / 2
        #expect(bytes[damaged] == 0)
        bytes[damaged] = 2
        let error = try #require(throws: CheckpointDecodingError.self) { try StateBytes.read(bytes, as: Sectioned.self).get() }
        #expect(error.what == "flags")
        #expect(error.offset == damaged)
        #expect(error.reason == "a bool is 0 or 1, not 2")
    }

    @Test(arguments: counts)
    func aSectionCutShortOrLongThrows(count: Int) throws {
        let bytes = StateBytes.of(Sectioned(flags: Array(repeating: true, count: count)))
        // The flags' count says one flag more than the section holds.
        var longer = bytes
        longer[1 + 8] &+= 1
        #expect(throws: CheckpointDecodingError.self) { try StateBytes.read(longer, as: Sectioned.self).get() }
        // The section's length says more bytes than are left.
        var beyond = bytes
        beyond[1 + 7] = 1
        #expect(throws: CheckpointDecodingError.self) { try StateBytes.read(beyond, as: Sectioned.self).get() }
        for length in [1, 2, 1 + 8 + 1, bytes.count - 2, bytes.count - 1] {
            #expect(throws: CheckpointDecodingError.self, "cut to \(length)") { try StateBytes.read(Array(bytes[..<length]), as: Sectioned.self).get() }
        }
    }
}
