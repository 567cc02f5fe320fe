import Events

/// Appends a checkpoint payload's bytes: compact, little-endian, read back by
/// `CheckpointReader` with the same calls in the same order.
///
/// - Fixed-width numbers (`uint8`, `uint32`, `uint64`, `double` as its bit pattern) take
///   their width.
/// - Counts and integers are LEB128 varints (`count`, `unsignedVarint`), signed ones
///   zigzag-mapped first (`int`, `int64`): small values take one byte.
/// - An instant is its milliseconds (a signed varint) and its offset in whole minutes (a
///   signed varint); a date its days since 1970 (a signed varint); a time of day its
///   minutes; a night a date or a mark for the demo night.
/// - A string is its UTF-8 byte count (a varint) and its bytes.
/// - An optional is a byte, 0 (absent) or 1, then the value.
/// - Arrays of fixed-width integers go in bulk (`integers`): a count, then their bytes.
package struct CheckpointWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8]

    /// An empty writer, with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Sections

    /// A section: what `write` writes, after its length in bytes, so that a reader can take
    /// it whole (`CheckpointReader.section(_:)`) without reading it, and decode several
    /// sections at once.
    package mutating func section(_ write: (inout CheckpointWriter) -> Void) {
        var part = CheckpointWriter()
        write(&part)
        count(part.bytes.count)
        bytes.append(contentsOf: part.bytes)
    }

    // MARK: Numbers

    /// One byte.
    package mutating func uint8(_ value: UInt8) {
        bytes.append(value)
    }

    /// A bool, as a byte 0 or 1.
    package mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// Four bytes, little-endian.
    package mutating func uint32(_ value: UInt32) {
        fixed(value)
    }

    /// Eight bytes, little-endian.
    package mutating func uint64(_ value: UInt64) {
        fixed(value)
    }

    /// A double, as the eight bytes of its bit pattern (every value, NaNs and -0 included,
    /// reads back bit for bit).
    package mutating func double(_ value: Double) {
        fixed(value.bitPattern)
    }

    /// An unsigned LEB128 varint: 7 bits a byte, the high bit set on every byte but the last.
    package mutating func unsignedVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// A signed integer, zigzag-mapped (0, -1, 1, -2, … → 0, 1, 2, 3, …) then a varint.
    package mutating func int64(_ value: Int64) {
        unsignedVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// An `Int`, as `int64`.
    package mutating func int(_ value: Int) {
        int64(Int64(value))
    }

    /// A count (of elements, of bytes): a varint.
    package mutating func count(_ value: Int) {
        unsignedVarint(UInt64(value))
    }

    /// A fixed-width integer's bytes, little-endian.
    private mutating func fixed<Value: FixedWidthInteger>(_ value: Value) {
        var little = value.littleEndian
        withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
    }

    /// Fixed-width integers in bulk: their count, then each one's bytes, little-endian.
    package mutating func integers<Value: FixedWidthInteger>(_ values: [Value]) {
        count(values.count)
        appendBulk(values)
    }

    /// Fixed-width integers in bulk, without their count (the reader knows it).
    package mutating func appendBulk<Value: FixedWidthInteger>(_ values: [Value]) {
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { fixed(value) }
        #endif
    }

    /// Doubles in bulk: their count, then their bit patterns (as `double`).
    package mutating func doubles(_ values: [Double]) {
        count(values.count)
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { fixed(value.bitPattern) }
        #endif
    }

    // MARK: Text and values

    /// A string: its UTF-8 byte count, then the bytes (exactly the string's own bytes).
    package mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// An optional string.
    package mutating func optionalString(_ value: String?) {
        optional(value) { $0.string($1) }
    }

    /// An instant: its milliseconds since 1970 and its offset in whole minutes.
    package mutating func instant(_ value: Instant) {
        int64(value.millisecondsSince1970)
        int(Int(value.utcOffsetSeconds / 60))
    }

    /// An optional instant.
    package mutating func optionalInstant(_ value: Instant?) {
        optional(value) { $0.instant($1) }
    }

    /// A date, as its days since 1970.
    package mutating func localDate(_ value: LocalDate) {
        int(value.daysSince1970)
    }

    /// A night: 0 then a date, or 1 for the demo night.
    package mutating func night(_ value: Night) {
        switch value {
        case .date(let date):
            bytes.append(0)
            localDate(date)
        case .demo:
            bytes.append(1)
        }
    }

    /// A time of day, as its minutes since midnight.
    package mutating func timeOfDay(_ value: TimeOfDay) {
        count(value.minutesSinceMidnight)
    }

    /// An optional `Int`.
    package mutating func optionalInt(_ value: Int?) {
        optional(value) { $0.int($1) }
    }

    /// An optional value: 0, or 1 then the value written by `write`.
    package mutating func optional<Value>(_ value: Value?, _ write: (inout CheckpointWriter, Value) -> Void) {
        guard let value else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        write(&self, value)
    }

    /// A value that writes itself.
    package mutating func value<Value: CheckpointCodable>(_ value: Value) {
        value.encode(to: &self)
    }

    /// An array: its count, then each element written by `write`.
    package mutating func array<Element>(_ values: [Element], _ write: (inout CheckpointWriter, Element) -> Void) {
        count(values.count)
        for element in values { write(&self, element) }
    }

    /// An array of values that write themselves.
    package mutating func array<Element: CheckpointCodable>(_ values: [Element]) {
        count(values.count)
        for element in values { element.encode(to: &self) }
    }

    /// A payload of module `Events` (a goal, a manual sleep …), field by field in the order
    /// its description visits them.
    package mutating func payload<Payload: EventPayloadContent>(_ value: Payload) {
        var fields = value
        fields.visitFields(&self)
    }
}
