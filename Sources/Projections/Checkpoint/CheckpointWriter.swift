import Events

/// Appends a checkpoint payload's bytes: the writing backend of the state descriptions
/// (``StateCodable/describeState(_:)``), read back by `CheckpointReader` from the same
/// description.
///
/// - Fixed-width numbers (`uint8`, `uint32`, `uint64`, `double` as its bit pattern) take
///   their width, little-endian.
/// - Counts are LEB128 varints (`count`, `unsignedVarint`); integers signed varints,
///   zigzag-mapped first (`int`, `int64`): small values take one byte.
/// - An instant is its milliseconds (a signed varint) and its offset in whole minutes (a
///   signed varint); a date its days since 1970 (a signed varint); a time of day its
///   minutes; a night a mark then a date, or the mark of the demo night.
/// - A string is its UTF-8 byte count (a varint) and its bytes.
/// - Collections are written as `StateCodable+Collections.swift` describes them.
package struct CheckpointWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8]

    /// An empty writer, with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends the bytes of `value`'s description.
    package mutating func write<Value: StateCodable>(_ value: Value) {
        var copy = value
        copy.describeState(&self)
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

    /// Fixed-width integers in bulk, without their count (the reader knows it).
    package mutating func appendBulk<Value: FixedWidthInteger>(_ values: [Value]) {
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { fixed(value) }
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

    /// An instant: its milliseconds since 1970 and its offset in whole minutes.
    package mutating func instant(_ value: Instant) {
        int64(value.millisecondsSince1970)
        int(Int(value.utcOffsetSeconds / 60))
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

    /// A payload of module `Events` (a goal, a manual sleep …), field by field in the order
    /// its description visits them.
    package mutating func payload<Payload: EventPayloadContent>(_ value: Payload) {
        var fields = value
        fields.visitFields(&self)
    }
}

// MARK: - The writing backend

extension CheckpointWriter: StateCoder {
    package typealias Failure = Never

    package static var isReading: Bool { false }

    @inline(__always)
    package mutating func enterField(_ name: StaticString) -> StateField { StateField(name: name, start: 0) }

    @inline(__always)
    package mutating func leaveField(_ outer: StateField) {}

    @inline(__always)
    package mutating func check(_ isValid: @autoclosure () -> Bool, _ reason: @autoclosure () -> String) {}

    @inline(__always)
    package mutating func elementCount(_ count: inout Int, minimumElementSize: Int) { self.count(count) }

    package mutating func bulk<Value: FixedWidthInteger>(_ values: inout [Value], growing: Bool) {
        count(values.count)
        appendBulk(values)
    }

    package mutating func column<Element, Value: FixedWidthInteger>(
        _ elements: inout [Element], get: (Element) -> Value, set: (inout Element, Value) -> Void
    ) {
        let start = bytes.count
        let size = MemoryLayout<Value>.size
        bytes.append(contentsOf: repeatElement(0, count: size * elements.count))
        bytes.withUnsafeMutableBytes { buffer in
            for (index, element) in elements.enumerated() {
                buffer.storeBytes(of: get(element).littleEndian, toByteOffset: start + size * index, as: Value.self)
            }
        }
    }

    /// The section's length (8 bytes, little-endian: written once the section is, in the
    /// place kept for it), then the section.
    package mutating func beginSection<Value: StateCodable & Sendable>(_ name: StaticString, _ value: inout Value) -> SectionRead<Value>? {
        let lengthAt = bytes.count
        uint64(0)
        value.describeState(&self)
        let length = UInt64(bytes.count - lengthAt - 8).littleEndian
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: length, toByteOffset: lengthAt, as: UInt64.self) }
        return nil
    }

    package mutating func endSection<Value: StateCodable & Sendable>(_ section: SectionRead<Value>?, _ value: inout Value) {}

    @inline(__always) package mutating func code(_ value: inout UInt8) { uint8(value) }
    @inline(__always) package mutating func code(_ value: inout Bool) { bool(value) }
    @inline(__always) package mutating func code(_ value: inout Int) { int64(Int64(value)) }
    @inline(__always) package mutating func code(_ value: inout Int32) { int64(Int64(value)) }
    @inline(__always) package mutating func code(_ value: inout UInt32) { int64(Int64(value)) }
    @inline(__always) package mutating func code(_ value: inout UInt64) { uint64(value) }
    @inline(__always) package mutating func code(_ value: inout Int64) { int64(value) }
    @inline(__always) package mutating func code(_ value: inout Double) { double(value) }
    @inline(__always) package mutating func code(_ value: inout String) { string(value) }
    @inline(__always) package mutating func code(_ value: inout Instant) { instant(value) }
    @inline(__always) package mutating func code(_ value: inout LocalDate) { localDate(value) }
    @inline(__always) package mutating func code(_ value: inout Night) { night(value) }
    @inline(__always) package mutating func code(_ value: inout TimeOfDay) { timeOfDay(value) }
    @inline(__always) package mutating func code<Payload: EventPayloadContent>(_ value: inout Payload) { value.visitFields(&self) }
}
