import Events

/// One backend of the state descriptions: the writer (`CheckpointWriter`) or the reader
/// (`CheckpointReader`, which overwrites each value with what it reads and throws, never
/// traps, on bad bytes). What a description does only when reading it does under
/// ``isReading`` or in ``check(_:_:)``, which a writer never evaluates.
package protocol StateCoder {
    /// What a read throws (`Never` for the writer).
    associatedtype Failure: Error

    /// Whether this backend reads (overwrites the values it is handed).
    static var isReading: Bool { get }

    /// Starts the named field whose values come next (errors name the innermost), answering the outer one.
    mutating func enterField(_ name: StaticString) -> StateField
    /// Ends the field started by ``enterField(_:)``: `outer`, which it answered, is current again.
    mutating func leaveField(_ outer: StateField)

    /// Throws (reading) unless `isValid`; a writer evaluates neither argument.
    mutating func check(_ isValid: @autoclosure () -> Bool, _ reason: @autoclosure () -> String) throws(Failure)

    /// A count of elements of at least `minimumElementSize` bytes: a reader refuses, before allocating, one the bytes left cannot hold.
    mutating func elementCount(_ count: inout Int, minimumElementSize: Int) throws(Failure)

    /// Fixed-width integers in bulk: their count, then their little-endian bytes.
    mutating func bulk<Value: FixedWidthInteger>(_ values: inout [Value], growing: Bool) throws(Failure)

    /// A column: one integer per element of `elements` (counted before); a writer writes
    /// `get` of each, a reader hands each to `set`, with no array of its own.
    mutating func column<Element, Value: FixedWidthInteger>(
        _ elements: inout [Element], get: (Element) -> Value, set: (inout Element, Value) -> Void
    ) throws(Failure)

    /// Starts a section: `value`'s byte count (8 bytes), then its bytes, which a reader may
    /// read on another thread (`SectionRead`) until ``endSection(_:_:)``; `nil` when done in place.
    mutating func beginSection<Value: StateCodable & Sendable>(_ name: StaticString, _ value: inout Value) throws(Failure) -> SectionRead<Value>?
    /// Ends a section: a reader waits for it and sets `value` (or throws its error).
    mutating func endSection<Value: StateCodable & Sendable>(_ section: SectionRead<Value>?, _ value: inout Value) throws(Failure)

    // The leaves, one per stored type: `CheckpointWriter`'s code is their encoding
    // (docs/checkpoints.md); a reader refuses a value out of its type's range.
    mutating func code(_ value: inout UInt8) throws(Failure)
    mutating func code(_ value: inout Bool) throws(Failure)
    mutating func code(_ value: inout Int) throws(Failure)
    mutating func code(_ value: inout Int32) throws(Failure)
    mutating func code(_ value: inout UInt32) throws(Failure)
    mutating func code(_ value: inout UInt64) throws(Failure)
    mutating func code(_ value: inout Int64) throws(Failure)
    mutating func code(_ value: inout Double) throws(Failure)
    mutating func code(_ value: inout String) throws(Failure)
    mutating func code(_ value: inout Instant) throws(Failure)
    mutating func code(_ value: inout LocalDate) throws(Failure)
    mutating func code(_ value: inout Night) throws(Failure)
    mutating func code(_ value: inout TimeOfDay) throws(Failure)
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

    @inline(__always)
    package mutating func field<Value: StateCodable>(_ name: StaticString, _ value: inout Value) throws(Failure) {
        let outer = enterField(name)
        try value.describeState(&self)
        leaveField(outer)
    }

    /// A named value, checked by `isValid` when read (an error points at its first byte).
    @inline(__always)
    package mutating func field<Value: StateCodable>(
        _ name: StaticString, _ value: inout Value, checking isValid: (Value) -> Bool, _ reason: @autoclosure () -> String
    ) throws(Failure) {
        let outer = enterField(name)
        try value.describeState(&self)
        if Self.isReading { try check(isValid(value), reason()) }
        leaveField(outer)
    }

    /// A named array the fold keeps growing: read with spare capacity (``StateCoding/growthCapacity(_:)``).
    package mutating func field<Element: StateCodable>(_ name: StaticString, _ value: inout [Element], growing: Bool) throws(Failure) {
        try field(name) { coder throws(Failure) in try value.describeState(&coder, growing: growing) }
    }

    package mutating func bulk<Value: FixedWidthInteger>(_ name: StaticString, _ values: inout [Value], growing: Bool = false) throws(Failure) {
        try field(name) { coder throws(Failure) in try coder.bulk(&values, growing: growing) }
    }
}

/// A field being described: its name and the offset of its first byte (a reader's).
package struct StateField {
    package var name: StaticString
    package var start: Int
}

package enum StateCoding {
    /// The capacity of a decoded array the fold keeps growing: a sixteenth more, so that a
    /// rewind's first insert does not move the whole array to new memory.
    package static func growthCapacity(_ count: Int) -> Int {
        count + count / 16 + 16
    }
}
