/// The one writer of the package's binary formats (a checkpoint's header, its position
/// table, a log set's recent first copies): fixed-width integers little-endian, byte strings
/// and short texts after their length. `LittleEndianReader` reads them back.
package struct LittleEndianWriter: Sendable {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `value`, little-endian.
    package mutating func write<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `more` as they are.
    package mutating func write(bytes more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends `text`'s UTF-8 after its length as a `Length` (at most what a `Length` holds:
    /// callers keep their texts within it).
    package mutating func write<Length: FixedWidthInteger & UnsignedInteger>(text: String, lengthAs _: Length.Type) {
        let utf8 = text.utf8.prefix(Int(clamping: Length.max))
        write(Length(utf8.count))
        bytes.append(contentsOf: utf8)
    }
}

/// Reads what `LittleEndianWriter` wrote, checking every read against the bytes left: a read
/// past the end throws ``CutShort`` (with where), never traps. The bytes must outlive the
/// reader (read inside `withUnsafeBytes`).
package struct LittleEndianReader {
    /// A read that needed more bytes than were left.
    package struct CutShort: Error, Sendable, Hashable {
        /// Where the read started.
        package var offset: Int
    }

    private let bytes: UnsafeRawBufferPointer
    /// Where the next read starts.
    package private(set) var offset = 0

    /// A reader of `bytes` from their start.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The bytes not read yet.
    package var remaining: Int { bytes.count - offset }

    /// Reads a little-endian `Integer`.
    package mutating func read<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) throws(CutShort) -> Integer {
        let size = MemoryLayout<Integer>.size
        guard remaining >= size else { throw CutShort(offset: offset) }
        defer { offset += size }
        return Integer(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Integer.self))
    }

    /// Reads the next `count` bytes (valid as long as the reader's bytes are).
    package mutating func read(count: Int) throws(CutShort) -> UnsafeRawBufferPointer {
        guard count >= 0, remaining >= count else { throw CutShort(offset: offset) }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// Reads a text written after its length as a `Length`.
    package mutating func readText<Length: FixedWidthInteger & UnsignedInteger>(lengthAs _: Length.Type) throws(CutShort) -> String {
        let start = offset
        let length = Int(try read(Length.self))
        guard remaining >= length else {
            offset = start
            throw CutShort(offset: start)
        }
        return String(decoding: try read(count: length), as: UTF8.self)
    }
}
