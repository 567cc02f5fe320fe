import Events

/// The header's bytes (format version 2, laid out as version 1 was): a magic line, then fixed-size little-endian
/// fields, then a digest of all the bytes before it; the payload follows.
///
/// | offset | size | field |
/// |---:|---:|---|
/// | 0 | 21 | magic: `MoreSleep checkpoint\n` (ASCII) |
/// | 21 | 4 | formatVersion (UInt32) |
/// | 25 | 4 | foldVersion (UInt32) |
/// | 29 | 4 | flags (UInt32; bit 1: a log set's) |
/// | 33 | 8 | byteOffset (Int64) |
/// | 41 | 8 | lineNumber (Int64) |
/// | 49 | 8 | lastSeq (Int64) |
/// | 57 | 8 | eventCount (Int64) |
/// | 65 | 8 | latestAt (Int64, ms since 1970) |
/// | 73 | 16 | prefixDigest: the position table's (high, low: UInt64 each) |
/// | 89 | 8 | payloadLength (Int64) |
/// | 97 | 16 | payloadDigest (high, low) |
/// | 113 | 16 | headerDigest: `PrefixDigest` of bytes 0..<113 (high, low) |
/// | 129 | payloadLength | the payload |
///
/// Every later format keeps the magic line and the format version at offset 21, so that a
/// reader can always tell a newer checkpoint from a damaged one.
extension CheckpointHeader {
    /// The first line of every checkpoint file.
    package static let magic: [UInt8] = Array("MoreSleep checkpoint\n".utf8)

    /// The header's size in bytes: where the payload starts.
    package static let encodedSize = 129

    /// The offset of the header digest: the bytes before it are what it covers.
    static let headerDigestOffset = 113

    /// The header's bytes (``encodedSize`` of them).
    package func encoded() -> [UInt8] {
        var writer = LittleEndianWriter(capacity: Self.encodedSize)
        writer.write(bytes: Self.magic)
        writer.write(formatVersion)
        writer.write(foldVersion)
        writer.write(flags.rawValue)
        writer.write(byteOffset)
        writer.write(Int64(lineNumber))
        writer.write(Int64(lastSeq))
        writer.write(Int64(eventCount))
        writer.write(latestAt)
        writer.write(prefixDigest.high)
        writer.write(prefixDigest.low)
        writer.write(payloadLength)
        writer.write(payloadDigest.high)
        writer.write(payloadDigest.low)
        let check = PrefixDigest.digest(of: writer.bytes)
        writer.write(check.high)
        writer.write(check.low)
        return writer.bytes
    }

    /// Reads a header from the first bytes of a checkpoint file (`bytes` may hold more: the
    /// payload is not looked at).
    ///
    /// - Parameter file: The file's path, for the problem it throws.
    /// - Throws: `CheckpointProblem.garbled` (no magic line, cut short, a header digest that
    ///   differs, impossible values) or `.otherFormat`.
    package static func decode(_ bytes: UnsafeRawBufferPointer, file: String) throws(CheckpointProblem) -> CheckpointHeader {
        guard bytes.count >= magic.count, bytes.prefix(magic.count).elementsEqual(magic) else {
            throw .garbled(file: file, reason: "it does not start with the checkpoint's first line")
        }
        let cutShort = CheckpointProblem.garbled(file: file, reason: "its header is cut short (\(bytes.count) of \(encodedSize) bytes)")
        var reader = LittleEndianReader(UnsafeRawBufferPointer(rebasing: bytes[magic.count...]))
        guard let formatVersion = try? reader.read(UInt32.self) else { throw cutShort }
        guard formatVersion >= 1 else { throw .garbled(file: file, reason: "its format version is 0") }
        guard formatVersion == currentFormatVersion else { throw .otherFormat(file: file, formatVersion: formatVersion) }
        guard bytes.count >= encodedSize else { throw cutShort }
        // Every field is there: the reads below cannot run short.
        func read<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) -> Integer { (try? reader.read(Integer.self)) ?? 0 }
        let foldVersion: UInt32 = read(), flags = Flags(rawValue: read())
        let byteOffset: Int64 = read(), lineNumber: Int64 = read(), lastSeq: Int64 = read(), eventCount: Int64 = read()
        let latestAt: Int64 = read()
        let prefixDigest = PrefixDigest(high: read(), low: read())
        let payloadLength: Int64 = read()
        let payloadDigest = PrefixDigest(high: read(), low: read())
        let check = PrefixDigest(high: read(), low: read())
        guard check == PrefixDigest.digest(of: UnsafeRawBufferPointer(rebasing: bytes[0..<headerDigestOffset])) else {
            throw .garbled(file: file, reason: "its header's digest does not match its header (the file is damaged)")
        }
        guard byteOffset >= 0, lineNumber >= 1, lastSeq >= 0, eventCount >= 0, payloadLength >= 0,
              (byteOffset == 0) == (lineNumber == 1), lineNumber - 1 <= byteOffset
        else {
            throw .garbled(file: file, reason: "its header states an impossible position or length")
        }
        return CheckpointHeader(
            formatVersion: formatVersion, foldVersion: foldVersion, byteOffset: byteOffset,
            lineNumber: Int(lineNumber), lastSeq: Int(lastSeq), eventCount: Int(eventCount), latestAt: latestAt,
            prefixDigest: prefixDigest, flags: flags, payloadLength: payloadLength, payloadDigest: payloadDigest
        )
    }

    /// ``decode(_:file:)`` of an array's bytes.
    package static func decode(_ bytes: [UInt8], file: String) throws(CheckpointProblem) -> CheckpointHeader {
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(CheckpointProblem) -> CheckpointHeader in try decode(buffer, file: file) }
        }
        return try decoded.get()
    }
}
