import Events

/// A checkpoint file's header. Bytes (format 3, little-endian): the magic line
/// `MoreSleep checkpoint\n` (21 bytes); UInt32 format version (at offset 21 in every format, so
/// a newer file is told from a damaged one); UInt32 length N of the fields; N bytes of fields:
/// UInt32 fold version, UInt8 1 for a log set's, Int64 event count, Int64 latest `at`, Int64
/// payload length, the payload digest, then the position: UInt32 stream count; per stream, in
/// name order, UInt8 name length and name (empty for a log file), Int64 byte offset, line number
/// and last seq, the tail and prefix digests; UInt8 1 and the last key (Int64 moment, UInt8
/// stream length and stream, Int64 seq), or UInt8 0. Then the digest of every byte before it.
/// A digest is two UInt64, `high` then `low`. The payload follows.
package struct CheckpointHeader: Sendable, Hashable {
    /// The format this build writes and reads; a file of another is ignored and replaced.
    package static let currentFormatVersion: UInt32 = 3
    package static let magic: [UInt8] = Array("MoreSleep checkpoint\n".utf8)
    /// A bound on N: a larger one is garbled.
    static let maximumFieldsLength = 1 << 16

    package var formatVersion = CheckpointHeader.currentFormatVersion
    /// `FoldVersion` of the fold that made the payload: another's is not used.
    package var foldVersion: UInt32
    package var isLogSet: Bool
    package var position: CheckpointPosition
    package var eventCount: Int
    /// The largest `at` folded, in ms since 1970.
    package var latestAt: Int64
    /// Set by `CheckpointFolder.write(header:payload:)`.
    package var payloadLength: Int64 = 0
    package var payloadDigest = PrefixDigest(high: 0, low: 0)

    package init(foldVersion: UInt32, isLogSet: Bool, position: CheckpointPosition, eventCount: Int, latestAt: Int64) {
        self.foldVersion = foldVersion
        self.isLogSet = isLogSet
        self.position = position
        self.eventCount = eventCount
        self.latestAt = latestAt
    }

    /// Orders a folder's checkpoints (streams only grow).
    package var byteOffset: Int64 { position.totalBytes }
    /// The sum of the streams' last seqs: the file's name.
    package var lastSeq: Int { position.seqSum }

    package func encoded() -> [UInt8] {
        var fields = LittleEndianWriter()
        fields.write(foldVersion)
        fields.write(UInt8(isLogSet ? 1 : 0))
        fields.write(Int64(eventCount))
        fields.write(latestAt)
        fields.write(payloadLength)
        Self.write(payloadDigest, into: &fields)
        fields.write(UInt32(position.streams.count))
        for stream in position.streams {
            fields.write(text: stream.name?.text ?? "", lengthAs: UInt8.self)
            fields.write(stream.end.byteOffset)
            fields.write(Int64(stream.end.lineNumber))
            fields.write(Int64(stream.end.lastSeq))
            Self.write(stream.tailDigest, into: &fields)
            Self.write(stream.prefixDigest, into: &fields)
        }
        if let lastKey = position.lastKey {
            fields.write(UInt8(1))
            fields.write(lastKey.moment)
            fields.write(text: lastKey.stream ?? "", lengthAs: UInt8.self)
            fields.write(Int64(lastKey.seq))
        } else {
            fields.write(UInt8(0))
        }
        var writer = LittleEndianWriter(capacity: 45 + fields.bytes.count)
        writer.write(bytes: Self.magic)
        writer.write(formatVersion)
        writer.write(UInt32(fields.bytes.count))
        writer.write(bytes: fields.bytes)
        Self.write(PrefixDigest.digest(of: writer.bytes), into: &writer)
        return writer.bytes
    }

    private static func write(_ digest: PrefixDigest, into writer: inout LittleEndianWriter) {
        writer.write(digest.high)
        writer.write(digest.low)
    }

    /// The size of the header starting `bytes`, from its length field; `nil` if too short to tell.
    static func encodedSize(announcedBy bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 29 else { return nil }
        return 45 + Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 25, as: UInt32.self)))
    }

    /// The header at the start of `bytes` (the payload is not looked at), and its size.
    /// - Throws: `CheckpointProblem.garbled` (no magic line, cut short, a digest that differs,
    ///   impossible values) or `.otherFormat`, naming `file`.
    package static func decode(_ bytes: UnsafeRawBufferPointer, file: String) throws(CheckpointProblem) -> (header: CheckpointHeader, size: Int) {
        func garbled(_ reason: String) -> CheckpointProblem { .garbled(file: file, reason: reason) }
        guard bytes.count >= magic.count, bytes.prefix(magic.count).elementsEqual(magic) else {
            throw garbled("it does not start with the checkpoint's first line")
        }
        guard bytes.count >= 25 else { throw garbled("its header is cut short") }
        let formatVersion = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 21, as: UInt32.self))
        guard formatVersion >= 1 else { throw garbled("its format version is 0") }
        guard formatVersion == currentFormatVersion else { throw .otherFormat(file: file, formatVersion: formatVersion) }
        guard let size = encodedSize(announcedBy: bytes), size - 45 <= maximumFieldsLength, bytes.count >= size else {
            throw garbled("its header is cut short")
        }
        let check = PrefixDigest.digest(of: UnsafeRawBufferPointer(rebasing: bytes[0..<(size - 16)]))
        guard check.high == bytes.loadLittleEndian(at: size - 16), check.low == bytes.loadLittleEndian(at: size - 8) else {
            throw garbled("its header's digest does not match its header (the file is damaged)")
        }
        var reader = LittleEndianReader(UnsafeRawBufferPointer(rebasing: bytes[29..<(size - 16)]))
        func read<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) throws(CheckpointProblem) -> Integer {
            do { return try reader.read(Integer.self) } catch { throw garbled("its header is cut short") }
        }
        func text() throws(CheckpointProblem) -> String {
            do { return try reader.readText(lengthAs: UInt8.self) } catch { throw garbled("its header is cut short") }
        }
        func digest() throws(CheckpointProblem) -> PrefixDigest { PrefixDigest(high: try read(), low: try read()) }
        let foldVersion: UInt32 = try read(), isLogSet: UInt8 = try read()
        let eventCount: Int64 = try read(), latestAt: Int64 = try read(), payloadLength: Int64 = try read()
        let payloadDigest = try digest()
        let count: UInt32 = try read()
        var streams: [CheckpointPosition.Stream] = []
        for _ in 0..<min(Int(count), maximumFieldsLength) {
            let nameText = try text()
            let name = StreamName(nameText)
            guard name != nil || (nameText.isEmpty && count == 1) else { throw garbled("its position names a stream that cannot exist") }
            let byteOffset: Int64 = try read(), lineNumber: Int64 = try read(), lastSeq: Int64 = try read()
            let tail = try digest(), prefix = try digest()
            guard byteOffset >= 0, lineNumber >= 1, lastSeq >= 0, (byteOffset == 0) == (lineNumber == 1), lineNumber - 1 <= byteOffset else {
                throw garbled("it states an impossible position in \(nameText.isEmpty ? "the log" : nameText)")
            }
            if let previous = streams.last?.name, let name, !(previous < name) { throw garbled("its position names its streams out of order") }
            streams.append(CheckpointPosition.Stream(
                name: name, end: LogResumePoint(byteOffset: byteOffset, lineNumber: Int(lineNumber), lastSeq: Int(lastSeq)),
                tailDigest: tail, prefixDigest: prefix))
        }
        var lastKey: EventOrdering.Key?
        switch try read(UInt8.self) {
        case 0: break
        case 1:
            let moment: Int64 = try read()
            let stream = try text()
            lastKey = EventOrdering.Key(moment: moment, stream: stream.isEmpty ? nil : stream, seq: Int(try read(Int64.self)))
        default:
            throw garbled("its position has an unknown last-key marker")
        }
        guard reader.remaining == 0, isLogSet <= 1, eventCount >= 0, payloadLength >= 0 else {
            throw garbled("its header states an impossible value")
        }
        var header = CheckpointHeader(
            foldVersion: foldVersion, isLogSet: isLogSet == 1, position: CheckpointPosition(streams: streams, lastKey: lastKey),
            eventCount: Int(eventCount), latestAt: latestAt)
        header.payloadLength = payloadLength
        header.payloadDigest = payloadDigest
        return (header, size)
    }
}

extension UnsafeRawBufferPointer {
    fileprivate func loadLittleEndian(at offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
