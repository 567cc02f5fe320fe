import Events

/// Where a checkpoint stands: a position in every stream it covers — a log file is a log set
/// of one stream, unnamed — with what the log must still hold there, and the fold-order key
/// of the last event it folded.
///
/// A log's state is a function of the stream prefixes present (docs/sync.md), so a
/// checkpoint names one prefix per stream. It is stored at the start of the checkpoint's
/// payload (`CheckpointFolder.write(position:…)`), and the header's `prefixDigest` is the
/// digest of these bytes, so the header and the positions are one.
///
/// For each stream it keeps two digests: of the at most `PrefixDigest.tailLength` bytes
/// before the position (the last line covered: checked on every open, cheaply) and of the
/// whole prefix (checked off the open path: `CheckpointFolder.validate(_:streams:foldVersion:check:)`).
///
/// Layout (little-endian): UInt32 count of streams; per stream (a set's in name order)
/// UInt8 name length (0 for a log file's one stream), the name's bytes, Int64 byte offset,
/// Int64 line number, Int64 last seq, the tail digest and the prefix digest (UInt64 high,
/// UInt64 low each); then UInt8 1 and the last key (Int64 moment, UInt8 stream length, the
/// stream's bytes, Int64 seq), or UInt8 0 when nothing was folded.
package struct CheckpointPosition: Sendable, Hashable {
    /// One stream's covered prefix.
    package struct Stream: Sendable, Hashable {
        /// The stream; `nil` for a log file (a log set of one stream).
        package var name: StreamName?
        /// Where the covered prefix ends (where reading the stream goes on).
        package var end: LogResumePoint
        /// The digest of the at most `PrefixDigest.tailLength` bytes before `end`.
        package var tailDigest: PrefixDigest
        /// The digest of the stream's first `end.byteOffset` bytes.
        package var prefixDigest: PrefixDigest

        /// Creates the value from its parts.
        package init(name: StreamName?, end: LogResumePoint, tailDigest: PrefixDigest, prefixDigest: PrefixDigest) {
            self.name = name
            self.end = end
            self.tailDigest = tailDigest
            self.prefixDigest = prefixDigest
        }
    }

    /// The streams covered, in name order. A stream of the log set not named here is covered
    /// from its start (it had no lines, or did not exist, when the checkpoint was made).
    package var streams: [Stream]
    /// The key of the last event folded in fold order; `nil` when none was.
    package var lastKey: EventOrdering.Key?

    /// Creates the value (the streams are put in name order).
    package init(streams: [Stream], lastKey: EventOrdering.Key?) {
        self.streams = streams.sorted { ($0.name?.text ?? "").utf8.lexicographicallyPrecedes(($1.name?.text ?? "").utf8) }
        self.lastKey = lastKey
    }

    /// The covered prefix of `name`: the start of the stream when it is not named.
    package func end(of name: StreamName?) -> LogResumePoint {
        streams.first { $0.name == name }?.end ?? .start
    }

    /// The bytes covered, over every stream (a checkpoint header's `byteOffset`, which orders
    /// a folder's checkpoints: streams only grow).
    package var totalBytes: Int64 { streams.reduce(0) { $0 + $1.end.byteOffset } }
    /// The lines covered, over every stream.
    package var totalLines: Int { streams.reduce(0) { $0 + $1.end.lineNumber - 1 } }
    /// The sum of the streams' last seqs (a checkpoint's name: it grows as any stream does).
    package var seqSum: Int { streams.reduce(0) { $0 + $1.end.lastSeq } }

    /// The largest size ``decode(_:file:)`` accepts.
    package static let maximumEncodedSize = 1 << 16

    /// The encoded bytes (see the type's layout).
    package func encoded() -> [UInt8] {
        var writer = LittleEndianWriter()
        writer.write(UInt32(streams.count))
        for stream in streams {
            writer.write(text: stream.name?.text ?? "", lengthAs: UInt8.self)
            writer.write(stream.end.byteOffset)
            writer.write(Int64(stream.end.lineNumber))
            writer.write(Int64(stream.end.lastSeq))
            for digest in [stream.tailDigest, stream.prefixDigest] {
                writer.write(digest.high)
                writer.write(digest.low)
            }
        }
        if let lastKey {
            writer.write(UInt8(1))
            writer.write(lastKey.moment)
            writer.write(text: lastKey.stream ?? "", lengthAs: UInt8.self)
            writer.write(Int64(lastKey.seq))
        } else {
            writer.write(UInt8(0))
        }
        return writer.bytes
    }

    /// Reads the value from exactly `bytes`.
    ///
    /// - Throws: `CheckpointProblem.garbled` naming `file` when the bytes are cut short, run
    ///   on, or state an impossible stream name or position.
    package static func decode(_ bytes: ArraySlice<UInt8>, file: String) throws(CheckpointProblem) -> CheckpointPosition {
        let decoded = bytes.withUnsafeBytes { raw in
            Result { () throws(CheckpointProblem) -> CheckpointPosition in try decode(raw, file: file) }
        }
        return try decoded.get()
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, file: String) throws(CheckpointProblem) -> CheckpointPosition {
        func garbled(_ reason: String) -> CheckpointProblem {
            .garbled(file: file, reason: "its position \(reason)")
        }
        var reader = LittleEndianReader(bytes)
        func read<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) throws(CheckpointProblem) -> Integer {
            do { return try reader.read(Integer.self) } catch { throw garbled("is cut short") }
        }
        func text() throws(CheckpointProblem) -> String {
            do { return try reader.readText(lengthAs: UInt8.self) } catch { throw garbled("is cut short") }
        }
        let count = Int(try read(UInt32.self))
        var streams: [Stream] = []
        for _ in 0..<min(count, maximumEncodedSize) {
            let nameText = try text()
            let name = StreamName(nameText)
            guard name != nil || (nameText.isEmpty && count == 1) else { throw garbled("names a stream that cannot exist") }
            let byteOffset: Int64 = try read(), lineNumber: Int64 = try read(), lastSeq: Int64 = try read()
            let tail = PrefixDigest(high: try read(), low: try read())
            let digest = PrefixDigest(high: try read(), low: try read())
            guard byteOffset >= 0, lineNumber >= 1, lastSeq >= 0, (byteOffset == 0) == (lineNumber == 1), lineNumber - 1 <= byteOffset else {
                throw garbled("states an impossible position in \(nameText.isEmpty ? "the log" : nameText)")
            }
            if let previous = streams.last?.name, let name, !(previous < name) { throw garbled("names its streams out of order") }
            streams.append(Stream(
                name: name, end: LogResumePoint(byteOffset: byteOffset, lineNumber: Int(lineNumber), lastSeq: Int(lastSeq)),
                tailDigest: tail, prefixDigest: digest))
        }
        var lastKey: EventOrdering.Key?
        switch try read(UInt8.self) {
        case 0:
            break
        case 1:
            let moment: Int64 = try read()
            let stream = try text()
            let seq: Int64 = try read()
            lastKey = EventOrdering.Key(moment: moment, stream: stream.isEmpty ? nil : stream, seq: Int(seq))
        default:
            throw garbled("has an unknown last-key marker")
        }
        guard reader.remaining == 0 else { throw garbled("runs on past its end") }
        return CheckpointPosition(streams: streams, lastKey: lastKey)
    }
}
