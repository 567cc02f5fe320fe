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
        var bytes: [UInt8] = []
        func put<Integer: FixedWidthInteger>(_ value: Integer) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        func put(_ text: String) {
            put(UInt8(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        put(UInt32(streams.count))
        for stream in streams {
            put(stream.name?.text ?? "")
            put(stream.end.byteOffset)
            put(Int64(stream.end.lineNumber))
            put(Int64(stream.end.lastSeq))
            put(stream.tailDigest.high)
            put(stream.tailDigest.low)
            put(stream.prefixDigest.high)
            put(stream.prefixDigest.low)
        }
        if let lastKey {
            put(UInt8(1))
            put(lastKey.moment)
            put(lastKey.stream ?? "")
            put(Int64(lastKey.seq))
        } else {
            put(UInt8(0))
        }
        return bytes
    }

    /// Reads the value from exactly `bytes`.
    ///
    /// - Throws: `CheckpointProblem.garbled` naming `file` when the bytes are cut short, run
    ///   on, or state an impossible stream name or position.
    package static func decode(_ bytes: ArraySlice<UInt8>, file: String) throws(CheckpointProblem) -> CheckpointPosition {
        var offset = bytes.startIndex
        func garbled(_ reason: String) -> CheckpointProblem {
            .garbled(file: file, reason: "its log set position \(reason)")
        }
        func take<Integer: FixedWidthInteger>(_: Integer.Type) throws(CheckpointProblem) -> Integer {
            let size = MemoryLayout<Integer>.size
            guard bytes.endIndex - offset >= size else { throw garbled("is cut short") }
            var value: Integer = 0
            withUnsafeMutableBytes(of: &value) { target in
                for index in 0..<size { target[index] = bytes[offset + index] }
            }
            offset += size
            return Integer(littleEndian: value)
        }
        func text() throws(CheckpointProblem) -> String {
            let count = Int(try take(UInt8.self))
            guard bytes.endIndex - offset >= count else { throw garbled("is cut short") }
            let text = String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
            offset += count
            return text
        }
        let count = Int(try take(UInt32.self))
        var streams: [Stream] = []
        for _ in 0..<min(count, maximumEncodedSize) {
            let nameText = try text()
            let name = StreamName(nameText)
            guard name != nil || (nameText.isEmpty && count == 1) else { throw garbled("names a stream that cannot exist") }
            let byteOffset = try take(Int64.self)
            let lineNumber = try take(Int64.self)
            let lastSeq = try take(Int64.self)
            let tail = PrefixDigest(high: try take(UInt64.self), low: try take(UInt64.self))
            let digest = PrefixDigest(high: try take(UInt64.self), low: try take(UInt64.self))
            guard byteOffset >= 0, lineNumber >= 1, lastSeq >= 0, (byteOffset == 0) == (lineNumber == 1), lineNumber - 1 <= byteOffset else {
                throw garbled("states an impossible position in \(nameText.isEmpty ? "the log" : nameText)")
            }
            if let previous = streams.last?.name, let name, !(previous < name) { throw garbled("names its streams out of order") }
            streams.append(Stream(
                name: name, end: LogResumePoint(byteOffset: byteOffset, lineNumber: Int(lineNumber), lastSeq: Int(lastSeq)),
                tailDigest: tail, prefixDigest: digest))
        }
        var lastKey: EventOrdering.Key?
        switch try take(UInt8.self) {
        case 0:
            break
        case 1:
            let moment = try take(Int64.self)
            let stream = try text()
            let seq = try take(Int64.self)
            lastKey = EventOrdering.Key(moment: moment, stream: stream.isEmpty ? nil : stream, seq: Int(seq))
        default:
            throw garbled("has an unknown last-key marker")
        }
        guard offset == bytes.endIndex else { throw garbled("runs on past its end") }
        return CheckpointPosition(streams: streams, lastKey: lastKey)
    }
}
