import Events

/// Appends a checkpoint payload's bytes: the writing backend of the state descriptions, read
/// back by `CheckpointReader`. Fixed-width numbers are little-endian, counts LEB128 varints,
/// integers zigzag varints (docs/checkpoints.md, "The state's bytes").
package struct CheckpointWriter {
    package private(set) var bytes: [UInt8]

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

    package mutating func uint8(_ value: UInt8) {
        bytes.append(value)
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    package mutating func uint32(_ value: UInt32) {
        fixed(value)
    }

    package mutating func uint64(_ value: UInt64) {
        fixed(value)
    }

    /// A double's bit pattern (NaNs and -0 read back bit for bit).
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

    package mutating func int(_ value: Int) {
        int64(Int64(value))
    }

    package mutating func count(_ value: Int) {
        unsignedVarint(UInt64(value))
    }

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

    /// A string: its UTF-8 byte count, then its bytes.
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

    package mutating func localDate(_ value: LocalDate) {
        int(value.daysSince1970)
    }

    package mutating func night(_ value: Night) {
        switch value {
        case .date(let date):
            bytes.append(0)
            localDate(date)
        case .demo:
            bytes.append(1)
        }
    }

    package mutating func timeOfDay(_ value: TimeOfDay) {
        count(value.minutesSinceMidnight)
    }

    /// A payload of module `Events`, field by field in its description's order.
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

    /// The section's 8-byte length (filled in once the section is written), then the section.
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
