import Events

/// One backend of the state descriptions (``StateCodable/describeState(_:)``): the writer
/// (`CheckpointWriter`, which appends each value's bytes) or the reader
/// (`CheckpointReader`, which overwrites each value with what it reads back, checking
/// every read against the bytes left and throwing, never trapping, on bytes that make no
/// sense).
///
/// A description names its fields (``field(_:_:)``) and hands each to the backend; the
/// leaves (``code(_:)-(UInt8)`` and its overloads) are the payload's few encodings. What
/// a description does only when reading (checking what it read, rebuilding what is
/// derived) it does under ``isReading`` or through ``check(_:_:)``, which a writer never
/// evaluates.
package protocol StateCoder {
    /// What a read throws (`Never` for the writer).
    associatedtype Failure: Error

    /// Whether this backend reads (the values it is handed are overwritten) rather than
    /// writes.
    static var isReading: Bool { get }

    /// Starts the named field whose values come next (``field(_:_:)``), answering the field
    /// it is in. A reader's errors name the innermost field, and its checks point at that
    /// field's first byte.
    mutating func enterField(_ name: StaticString) -> StateField
    /// Ends the field started by ``enterField(_:)``: `outer`, which it answered, is current again.
    mutating func leaveField(_ outer: StateField)

    /// Throws (reading) unless `isValid`; a writer evaluates neither argument.
    mutating func check(_ isValid: @autoclosure () -> Bool, _ reason: @autoclosure () -> String) throws(Failure)

    /// A count of elements that each take at least `minimumElementSize` bytes (at least 1): a
    /// reader refuses a count that the bytes left could not hold, before allocating anything.
    mutating func elementCount(_ count: inout Int, minimumElementSize: Int) throws(Failure)

    /// Fixed-width integers in bulk: their count, then their little-endian bytes.
    mutating func bulk<Value: FixedWidthInteger>(_ values: inout [Value], growing: Bool) throws(Failure)

    /// A column of fixed-width integers in bulk, one for each of `elements` (whose count the
    /// description wrote before): a writer writes `get` of each element, little-endian; a
    /// reader reads them (checked against the bytes left at once) and hands each to `set`
    /// with its element, so that columns are read into the elements without an array of
    /// their own.
    mutating func column<Element, Value: FixedWidthInteger>(
        _ elements: inout [Element], get: (Element) -> Value, set: (inout Element, Value) -> Void
    ) throws(Failure)

    /// Starts a section: `value` in bytes of its own (their count, 8 bytes, then them), which a
    /// reader may read on another thread (`SectionRead`, when they are many) while the
    /// description goes on; ``endSection(_:_:)`` ends it, and `value` is read only then. A
    /// writer writes `value` at once and answers `nil`; so does a reader that read it in
    /// its place.
    mutating func beginSection<Value: StateCodable & Sendable>(_ name: StaticString, _ value: inout Value) throws(Failure) -> SectionRead<Value>?
    /// Ends the section ``beginSection(_:_:)`` started: a reader waits for it, and `value` is
    /// what it read (or its error is thrown).
    mutating func endSection<Value: StateCodable & Sendable>(_ section: SectionRead<Value>?, _ value: inout Value) throws(Failure)

    /// One byte.
    mutating func code(_ value: inout UInt8) throws(Failure)
    /// A byte, 0 or 1.
    mutating func code(_ value: inout Bool) throws(Failure)
    /// A signed varint (as `Int64`'s) that must fit this platform's `Int`.
    mutating func code(_ value: inout Int) throws(Failure)
    /// A signed varint (as `Int64`'s) that must fit 32 bits.
    mutating func code(_ value: inout Int32) throws(Failure)
    /// A signed varint (as `Int64`'s) that must fit 32 bits unsigned.
    mutating func code(_ value: inout UInt32) throws(Failure)
    /// Eight bytes, little-endian.
    mutating func code(_ value: inout UInt64) throws(Failure)
    /// A signed integer: zigzag-mapped, then a LEB128 varint.
    mutating func code(_ value: inout Int64) throws(Failure)
    /// A double, as the eight bytes of its bit pattern.
    mutating func code(_ value: inout Double) throws(Failure)
    /// A string: its UTF-8 byte count, then the bytes (read back byte for byte).
    mutating func code(_ value: inout String) throws(Failure)
    /// An instant: its milliseconds since 1970 and its offset in whole minutes.
    mutating func code(_ value: inout Instant) throws(Failure)
    /// A date, as its days since 1970.
    mutating func code(_ value: inout LocalDate) throws(Failure)
    /// A night: 0 then a date, or 1 for the demo night.
    mutating func code(_ value: inout Night) throws(Failure)
    /// A time of day, as its minutes since midnight.
    mutating func code(_ value: inout TimeOfDay) throws(Failure)
    /// A payload of module `Events`, field by field in the order its own description
    /// (`EventPayloadContent.visitFields`) visits them.
    mutating func code<Payload: EventPayloadContent>(_ value: inout Payload) throws(Failure)
}

extension StateCoder {
    /// A named part of the state: `describe` hands its values to the backend.
    @inline(__always)
    package mutating func field(_ name: StaticString, _ describe: (inout Self) throws(Failure) -> Void) throws(Failure) {
        let outer = enterField(name)
        try describe(&self)
        leaveField(outer)
    }

    /// A named value that describes itself.
    @inline(__always)
    package mutating func field<Value: StateCodable>(_ name: StaticString, _ value: inout Value) throws(Failure) {
        let outer = enterField(name)
        try value.describeState(&self)
        leaveField(outer)
    }

    /// A named value that describes itself, then is checked (reading) by `isValid`: an error
    /// names the field and points at its first byte.
    @inline(__always)
    package mutating func field<Value: StateCodable>(
        _ name: StaticString, _ value: inout Value, checking isValid: (Value) -> Bool, _ reason: @autoclosure () -> String
    ) throws(Failure) {
        let outer = enterField(name)
        try value.describeState(&self)
        if Self.isReading { try check(isValid(value), reason()) }
        leaveField(outer)
    }

    /// A named array that the fold goes on appending to or inserting into: read with room for
    /// a few more elements (``StateCoding/growthCapacity(_:)``).
    package mutating func field<Element: StateCodable>(_ name: StaticString, _ value: inout [Element], growing: Bool) throws(Failure) {
        try field(name) { coder throws(Failure) in try value.describeState(&coder, growing: growing) }
    }

    /// A named array of fixed-width integers, in bulk.
    package mutating func bulk<Value: FixedWidthInteger>(_ name: StaticString, _ values: inout [Value], growing: Bool = false) throws(Failure) {
        try field(name) { coder throws(Failure) in try coder.bulk(&values, growing: growing) }
    }
}

/// A field being described: its name and the offset of its first byte (a reader's).
package struct StateField {
    /// The field's name, as errors give it.
    package var name: StaticString
    /// The offset of its first byte in the payload.
    package var start: Int
}

/// What the backends share.
package enum StateCoding {
    /// The capacity of a decoded array that the fold goes on appending to or inserting into
    /// (a night's records, the plans' timeline): room for a sixteenth more. A rewind folds a
    /// few nights onto the state it decoded; with the capacity read exactly, their first
    /// insert would move the whole array to new memory, twice its size. Room never written
    /// is never faulted in either.
    package static func growthCapacity(_ count: Int) -> Int {
        count + count / 16 + 16
    }
}
