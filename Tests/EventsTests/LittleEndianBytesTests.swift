@testable import Events
import Testing

/// `LittleEndianWriter` and `LittleEndianReader`: the one byte format of the binary files.
struct LittleEndianBytesTests {
    @Test func integersAreWrittenLittleEndianAndReadBack() {
        var writer = LittleEndianWriter()
        writer.write(UInt32(0x0102_0304))
        writer.write(Int64(-2))
        writer.write(UInt8(7))
        #expect(writer.bytes.prefix(4) == [0x04, 0x03, 0x02, 0x01])
        #expect(writer.bytes.count == 13)
        writer.bytes.withUnsafeBytes { bytes in
            var reader = LittleEndianReader(bytes)
            #expect((try? reader.read(UInt32.self)) == 0x0102_0304)
            #expect((try? reader.read(Int64.self)) == -2)
            #expect((try? reader.read(UInt8.self)) == 7)
            #expect(reader.remaining == 0)
        }
    }

    @Test func textsCarryTheirLengthAndAreCutToWhatTheLengthHolds() {
        var writer = LittleEndianWriter()
        writer.write(text: "phone-1", lengthAs: UInt8.self)
        writer.write(text: String(repeating: "x", count: 300), lengthAs: UInt8.self)
        writer.write(text: "", lengthAs: UInt16.self)
        writer.bytes.withUnsafeBytes { bytes in
            var reader = LittleEndianReader(bytes)
            #expect((try? reader.readText(lengthAs: UInt8.self)) == "phone-1")
            #expect((try? reader.readText(lengthAs: UInt8.self)) == String(repeating: "x", count: 255))
            #expect((try? reader.readText(lengthAs: UInt16.self)) == "")
            #expect(reader.remaining == 0)
        }
    }

    @Test func aReadPastTheEndThrowsWhereItStartedAndMovesNothing() {
        var writer = LittleEndianWriter()
        writer.write(UInt16(1))
        writer.write(UInt8(9))  // a text announcing 9 bytes, none there
        writer.bytes.withUnsafeBytes { bytes in
            var reader = LittleEndianReader(bytes)
            #expect(throws: LittleEndianReader.CutShort(offset: 0)) { try reader.read(UInt64.self) }
            #expect((try? reader.read(UInt16.self)) == 1)
            #expect(throws: LittleEndianReader.CutShort(offset: 2)) { try reader.readText(lengthAs: UInt8.self) }
            #expect(reader.offset == 2)
            #expect(throws: LittleEndianReader.CutShort(offset: 2)) { try reader.read(count: 2) }
            #expect(throws: LittleEndianReader.CutShort(offset: 2)) { try reader.read(count: -1) }
        }
    }
}
