import Events

/// Reads a payload written by `CheckpointWriter`: the reading backend of the state
/// descriptions. Every read is bounds-checked; bad bytes throw, naming the field and offset.
/// It borrows its buffer: use it only inside the `withUnsafeBytes` that produced it.
package struct CheckpointReader {
    private let bytes: UnsafeRawBufferPointer
    package private(set) var offset = 0
    /// The offset of `bytes` in the payload, for errors (not 0 in a section's reader).
    private let base: Int
    /// The field being read (``StateCoder/field(_:_:)``), named in errors.
    private var current = StateField(name: "the payload", start: 0)
    private var fieldName: StaticString { current.name }
    /// The last date read, and its days from 1970 (dates come in runs).
    private var lastDate: (days: Int64, date: LocalDate)?

    /// The largest instant, in ms from 1970 either way: beyond any log, far from overflow.
    static let instantLimit: Int64 = 1 << 52
    /// The largest date, in days from 1970 either way (the dates of such instants).
    static let dateLimit = 1 << 26

    package init(_ bytes: UnsafeRawBufferPointer) {
        self.init(bytes, base: 0, field: "the payload")
    }

    /// A reader of the section `field`, whose bytes start at `base` in the payload.
    init(_ bytes: UnsafeRawBufferPointer, base: Int, field: StaticString) {
        self.bytes = bytes
        self.base = base
        current = StateField(name: field, start: 0)
    }

    package var remaining: Int { bytes.count - offset }

    /// An error about `what`, read from `start`.
    package func failure(_ what: StaticString, at start: Int? = nil, _ reason: String) -> CheckpointDecodingError {
        CheckpointDecodingError(what: what.description, offset: base + (start ?? offset), reason: reason)
    }

    /// Throws unless every byte was read.
    package func finish() throws(CheckpointDecodingError) {
        guard remaining == 0 else { throw failure("the end of the payload", "\(remaining) bytes left over") }
    }

    package mutating func read<Value: StateCodable>(_ type: Value.Type = Value.self) throws(CheckpointDecodingError) -> Value {
        try Value.described(by: &self)
    }

    /// The offset of `count` bytes taken for `what`.
    @inline(__always)
    private mutating func take(_ count: Int, _ what: StaticString) throws(CheckpointDecodingError) -> Int {
        guard count <= remaining else { throw failure(what, "needs \(count) bytes, \(remaining) left") }
        let start = offset
        offset += count
        return start
    }

    // MARK: Numbers

    @inline(__always)
    package mutating func uint8(_ what: StaticString) throws(CheckpointDecodingError) -> UInt8 {
        let start = try take(1, what)
        return bytes[start]
    }

    package mutating func bool(_ what: StaticString) throws(CheckpointDecodingError) -> Bool {
        let start = offset
        switch try uint8(what) {
        case 0: return false
        case 1: return true
        case let other: throw failure(what, at: start, "a bool is 0 or 1, not \(other)")
        }
    }

    package mutating func uint32(_ what: StaticString) throws(CheckpointDecodingError) -> UInt32 {
        try fixed(what)
    }

    package mutating func uint64(_ what: StaticString) throws(CheckpointDecodingError) -> UInt64 {
        try fixed(what)
    }

    package mutating func double(_ what: StaticString) throws(CheckpointDecodingError) -> Double {
        Double(bitPattern: try fixed(what))
    }

    @inline(__always)
    private mutating func fixed<Value: FixedWidthInteger>(_ what: StaticString) throws(CheckpointDecodingError) -> Value {
        let start = try take(MemoryLayout<Value>.size, what)
        return Value(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: Value.self))
    }

    /// An unsigned LEB128 varint of at most 10 bytes that fits 64 bits.
    @inline(__always)
    package mutating func unsignedVarint(_ what: StaticString) throws(CheckpointDecodingError) -> UInt64 {
        // With 8 bytes at hand, a varint that ends among them is put together at once.
        if bytes.count - offset >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if word & 0x80 == 0 {
                offset += 1
                return word & 0x7F
            }
            let stops = ~word & 0x8080_8080_8080_8080
            if stops != 0 {
                let length = (stops.trailingZeroBitCount + 1) / 8
                var value = (length == 8 ? word : word & ((1 << (8 * UInt64(length))) - 1)) & 0x7F7F_7F7F_7F7F_7F7F
                value = (value & 0x007F_007F_007F_007F) | ((value & 0x7F00_7F00_7F00_7F00) >> 1)
                value = (value & 0x0000_3FFF_0000_3FFF) | ((value & 0x3FFF_0000_3FFF_0000) >> 2)
                value = (value & 0x0000_0000_0FFF_FFFF) | ((value & 0x0FFF_FFFF_0000_0000) >> 4)
                offset += length
                return value
            }
        }
        return try longVarint(what)
    }

    /// A varint near the end of the bytes, or of more than 8 bytes (or cut short).
    private mutating func longVarint(_ what: StaticString) throws(CheckpointDecodingError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw failure(what, at: start, "the varint is cut short") }
            let byte = bytes[offset]
            offset += 1
            if shift == 63, byte > 1 { throw failure(what, at: start, "the varint does not fit 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A zigzag-mapped signed varint.
    @inline(__always)
    package mutating func int64(_ what: StaticString) throws(CheckpointDecodingError) -> Int64 {
        let raw = try unsignedVarint(what)
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// An `Int` (throws when it does not fit this platform's `Int`).
    @inline(__always)
    package mutating func int(_ what: StaticString) throws(CheckpointDecodingError) -> Int {
        let start = offset
        let value = try int64(what)
        guard let fitted = Int(exactly: value) else { throw failure(what, at: start, "\(value) does not fit an Int") }
        return fitted
    }

    /// A count of elements of at least `minimumElementSize` bytes each, refused if the bytes left cannot hold them.
    @inline(__always)
    package mutating func count(_ what: StaticString, minimumElementSize: Int = 1) throws(CheckpointDecodingError) -> Int {
        let start = offset
        let raw = try unsignedVarint(what)
        let limit = remaining / max(1, minimumElementSize)
        guard raw <= UInt64(limit) else {
            throw failure(what, at: start, "a count of \(raw) cannot fit the \(remaining) bytes left")
        }
        return Int(raw)
    }

    /// `count` integers written by `CheckpointWriter.appendBulk(_:)`, with room for `capacity`.
    package mutating func bulk<Value: FixedWidthInteger>(_ what: StaticString, count: Int, as type: Value.Type = Value.self, capacity: Int = 0) throws(CheckpointDecodingError) -> [Value] {
        let size = MemoryLayout<Value>.size
        guard count >= 0, count <= remaining / size else {
            throw failure(what, "\(count) values of \(size) bytes cannot fit the \(remaining) bytes left")
        }
        let start = try take(count * size, what)
        guard count > 0 else { return [] }
        let source = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count * size)])
        return [Value](unsafeUninitializedCapacity: Swift.max(count, capacity)) { buffer, initialized in
            #if _endian(little)
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            #else
            for index in 0..<count {
                buffer[index] = Value(littleEndian: source.loadUnaligned(fromByteOffset: index * size, as: Value.self))
            }
            #endif
            initialized = count
        }
    }

    // MARK: Text and values

    /// A string, which must be valid UTF-8 (read back byte for byte).
    package mutating func string(_ what: StaticString) throws(CheckpointDecodingError) -> String {
        let length = try count(what)
        let start = try take(length, what)
        let utf8 = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
        let text = String(decoding: utf8, as: UTF8.self)
        // Decoding repairs invalid UTF-8 with U+FFFD, so the bytes would differ; ASCII cannot.
        guard Self.isASCII(utf8) || Self.sameBytes(text, utf8) else {
            throw failure(what, at: start, "the string is not valid UTF-8")
        }
        return text
    }

    /// Whether every byte is below 0x80 (eight at a time).
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    private static func sameBytes(_ text: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in utf8.count == bytes.count && utf8.elementsEqual(bytes) }
    }

    /// An instant (its moment within ±2⁵² ms of 1970, its offset within ±23:59).
    @inline(__always)
    package mutating func instant(_ what: StaticString) throws(CheckpointDecodingError) -> Instant {
        let start = offset
        let moment = try int64(what)
        let minutes = try int64(what)
        guard moment.magnitude <= UInt64(Self.instantLimit) else { throw failure(what, at: start, "the instant \(moment) ms is out of range") }
        guard minutes.magnitude < 24 * 60 else { throw failure(what, at: start, "the offset of \(minutes) minutes is out of range") }
        return Instant(millisecondsSince1970: moment, utcOffsetSeconds: Int32(minutes) * 60)
    }

    /// A date from its days since 1970 (within ±2²⁶ days).
    package mutating func localDate(_ what: StaticString) throws(CheckpointDecodingError) -> LocalDate {
        try localDate(days: int64(what), what)
    }

    package mutating func localDate(days: Int64, _ what: StaticString) throws(CheckpointDecodingError) -> LocalDate {
        guard days.magnitude <= UInt64(Self.dateLimit) else { throw failure(what, "the date \(days) days from 1970 is out of range") }
        // Dates come in runs: one near the last read skips the calendar arithmetic.
        if let lastDate {
            if lastDate.days == days { return lastDate.date }
            // A date in the same month (every month has 28 days) without the calendar.
            let day = Int64(lastDate.date.day) + (days - lastDate.days)
            if (1...28).contains(day), let date = LocalDate(year: lastDate.date.year, month: lastDate.date.month, day: Int(day)) {
                self.lastDate = (days, date)
                return date
            }
        }
        let date = LocalDate(daysSince1970: Int(days))
        lastDate = (days, date)
        return date
    }

    @inline(__always)
    package mutating func night(_ what: StaticString) throws(CheckpointDecodingError) -> Night {
        let start = offset
        switch try uint8(what) {
        case 0: return .date(try localDate(what))
        case 1: return .demo
        case let other: throw failure(what, at: start, "a night is marked 0 or 1, not \(other)")
        }
    }

    /// A time of day (0…1439 minutes).
    package mutating func timeOfDay(_ what: StaticString) throws(CheckpointDecodingError) -> TimeOfDay {
        let start = offset
        let minutes = try unsignedVarint(what)
        guard minutes < 1440, let time = TimeOfDay(minutesSinceMidnight: Int(minutes)) else {
            throw failure(what, at: start, "\(minutes) minutes is not a time of day")
        }
        return time
    }

    /// A payload of module `Events`, field by field (see `CheckpointWriter.payload(_:)`).
    package mutating func payload<Payload: EventPayloadContent>(_ type: Payload.Type = Payload.self) throws(CheckpointDecodingError) -> Payload {
        var value = Payload.placeholder
        try value.visitFields(&self)
        return value
    }
}

// MARK: - The reading backend

extension CheckpointReader: StateCoder {
    package typealias Failure = CheckpointDecodingError

    package static var isReading: Bool { true }

    @inline(__always)
    package mutating func enterField(_ name: StaticString) -> StateField {
        defer { current = StateField(name: name, start: offset) }
        return current
    }

    @inline(__always)
    package mutating func leaveField(_ outer: StateField) {
        current = outer
    }

    @inline(__always)
    package mutating func check(_ isValid: @autoclosure () -> Bool, _ reason: @autoclosure () -> String) throws(CheckpointDecodingError) {
        guard isValid() else { throw failure(current.name, at: current.start, reason()) }
    }

    @inline(__always)
    package mutating func elementCount(_ count: inout Int, minimumElementSize: Int) throws(CheckpointDecodingError) {
        count = try self.count(fieldName, minimumElementSize: minimumElementSize)
    }

    package mutating func bulk<Value: FixedWidthInteger>(_ values: inout [Value], growing: Bool) throws(CheckpointDecodingError) {
        let count = try count(fieldName, minimumElementSize: MemoryLayout<Value>.size)
        values = try bulk(fieldName, count: count, capacity: growing ? StateCoding.growthCapacity(count) : count)
    }

    package mutating func column<Element, Value: FixedWidthInteger>(
        _ elements: inout [Element], get: (Element) -> Value, set: (inout Element, Value) -> Void
    ) throws(CheckpointDecodingError) {
        let size = MemoryLayout<Value>.size
        let count = elements.count
        guard count <= remaining / size else {
            throw failure(fieldName, "\(count) values of \(size) bytes cannot fit the \(remaining) bytes left")
        }
        let start = try take(count * size, fieldName)
        let source = bytes
        elements.withUnsafeMutableBufferPointer { elements in
            for index in 0..<count {
                set(&elements[index], Value(littleEndian: source.loadUnaligned(fromByteOffset: start + size * index, as: Value.self)))
            }
        }
    }

    package mutating func beginSection<Value: StateCodable & Sendable>(
        _ name: StaticString, _ value: inout Value
    ) throws(CheckpointDecodingError) -> SectionRead<Value>? {
        let lengthAt = offset
        let length = try uint64(name)
        guard length <= UInt64(remaining) else { throw failure(name, at: lengthAt, "a section of \(length) bytes cannot fit the \(remaining) bytes left") }
        let start = try take(Int(length), name)
        let section = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + Int(length))])
        guard section.count < SectionRead<Value>.minimumParallelBytes else { return SectionRead(section, base: base + start, field: name) }
        var reader = CheckpointReader(section, base: base + start, field: name)
        value = try reader.read(Value.self)
        try reader.finish()
        return nil
    }

    package mutating func endSection<Value: StateCodable & Sendable>(
        _ section: SectionRead<Value>?, _ value: inout Value
    ) throws(CheckpointDecodingError) {
        guard let section else { return }
        value = try section.wait()
    }

    @inline(__always) package mutating func code(_ value: inout UInt8) throws(CheckpointDecodingError) { value = try uint8(fieldName) }
    @inline(__always) package mutating func code(_ value: inout Bool) throws(CheckpointDecodingError) { value = try bool(fieldName) }
    @inline(__always) package mutating func code(_ value: inout Int) throws(CheckpointDecodingError) { value = try int(fieldName) }
    @inline(__always) package mutating func code(_ value: inout Int32) throws(CheckpointDecodingError) { value = try narrow(fieldName) }
    @inline(__always) package mutating func code(_ value: inout UInt32) throws(CheckpointDecodingError) { value = try narrow(fieldName) }

    /// A signed varint that must fit `Value`.
    @inline(__always)
    private mutating func narrow<Value: FixedWidthInteger>(_ what: StaticString) throws(CheckpointDecodingError) -> Value {
        let start = offset
        let wide = try int64(what)
        guard let value = Value(exactly: wide) else { throw failure(what, at: start, "\(wide) does not fit \(Value.self)") }
        return value
    }
    @inline(__always) package mutating func code(_ value: inout UInt64) throws(CheckpointDecodingError) { value = try uint64(fieldName) }
    @inline(__always) package mutating func code(_ value: inout Int64) throws(CheckpointDecodingError) { value = try int64(fieldName) }
    @inline(__always) package mutating func code(_ value: inout Double) throws(CheckpointDecodingError) { value = try double(fieldName) }
    @inline(__always) package mutating func code(_ value: inout String) throws(CheckpointDecodingError) { value = try string(fieldName) }
    @inline(__always) package mutating func code(_ value: inout Instant) throws(CheckpointDecodingError) { value = try instant(fieldName) }
    @inline(__always) package mutating func code(_ value: inout LocalDate) throws(CheckpointDecodingError) { value = try localDate(fieldName) }
    @inline(__always) package mutating func code(_ value: inout Night) throws(CheckpointDecodingError) { value = try night(fieldName) }
    @inline(__always) package mutating func code(_ value: inout TimeOfDay) throws(CheckpointDecodingError) { value = try timeOfDay(fieldName) }
    @inline(__always) package mutating func code<Payload: EventPayloadContent>(_ value: inout Payload) throws(CheckpointDecodingError) { try value.visitFields(&self) }
}
