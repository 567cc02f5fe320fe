import StrictJSON

// The fast path's payload decoding: the payload descriptions
// (`EventPayloadContent.visitFields(_:)`) read straight from the line's bytes, each field's
// key compared with its literal. Members are expected in the
// writer's order, optional ones possibly left out; any other order, a key the shape does
// not name (kept on round trip by the reference), a key twice, a missing required key or
// a value of another type misses, and the line goes to the reference decoder.

extension FastEventLineDecoder {
    /// Reads the `data` object at the cursor as the current (v1) payload of `type`.
    @inline(__always)
    mutating func decodePayload(_ type: EventType, _ scanner: inout FastLineScanner) throws(FastPathMiss) -> EventPayload {
        try withUnsafeMutablePointer(to: &strings) { (strings: UnsafeMutablePointer<InternedStrings>) throws(FastPathMiss) -> EventPayload in
            var reader = FastPayloadReader(scanner: scanner, strings: strings)
            let payload = try type.readPayload(with: &reader)
            scanner = reader.scanner
            return payload
        }
    }
}

/// Reads one payload object for the fast path: a ``PayloadFieldVisitor`` over the line's
/// bytes that misses (``FastPathMiss``) on anything it does not read exactly as the
/// reference would.
struct FastPayloadReader: PayloadFieldVisitor, PayloadReading {
    typealias Failure = FastPathMiss

    var scanner: FastLineScanner
    /// The decoder's shared strings, for the length of one payload.
    let strings: UnsafeMutablePointer<InternedStrings>
    /// Before the first member of the object being read.
    private var first = true
    /// A key read but not yet taken by a field (an optional field was absent).
    private var pending: PackedName?
    /// The object's `}` was read.
    private var ended = false

    init(scanner: FastLineScanner, strings: UnsafeMutablePointer<InternedStrings>) {
        self.scanner = scanner
        self.strings = strings
    }

    // MARK: Objects

    /// Reads the object at the cursor (its `{` not yet read) as `Payload`.
    @inline(__always)
    mutating func read<Payload: EventPayloadContent>(_ type: Payload.Type) throws(FastPathMiss) -> Payload {
        try scanner.expect(UInt8(ascii: "{"))
        var value = Payload.placeholder
        try value.visitFields(&self)
        try finishObject()
        return value
    }

    /// After the last field: the object must end here, with no key left over.
    @inline(__always)
    private mutating func finishObject() throws(FastPathMiss) {
        guard pending == nil else { throw FastPathMiss() }
        if !ended {
            guard try scanner.nextKey(first: &first) == nil else { throw FastPathMiss() }
        }
    }

    /// Whether the next member is `key`'s (then the cursor is on its value); `false` when
    /// the object has ended or another key comes next (kept for the following fields).
    /// The writer's form of the key is tried first on its bytes; the packed comparison is
    /// made only when a key was read the general way.
    @inline(__always)
    private mutating func take(_ key: StaticString) throws(FastPathMiss) -> Bool {
        if pending == nil, !ended {
            if scanner.consumeKey(key, first: &first) { return true }
            pending = try scanner.nextKey(first: &first)
            if pending == nil { ended = true }
        }
        guard let next = pending, next == PackedName(key) else { return false }
        pending = nil
        return true
    }

    /// Moves to the value of the required `key`, or misses.
    @inline(__always)
    private mutating func require(_ key: StaticString) throws(FastPathMiss) {
        guard try take(key) else { throw FastPathMiss() }
    }

    /// Moves to the value of the optional `key`: `false` when it is absent or `null`.
    @inline(__always)
    private mutating func present(_ key: StaticString) throws(FastPathMiss) -> Bool {
        try take(key) && !scanner.consumeNull()
    }

    // MARK: Fields

    @inline(__always)
    mutating func night(_ key: StaticString, _ value: inout Night) throws(FastPathMiss) {
        try require(key)
        value = try FastEventLineDecoder.night(&scanner)
    }

    @inline(__always)
    mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) throws(FastPathMiss) {
        try require(key)
        value = try FastEventLineDecoder.timeOfDay(&scanner)
    }

    @inline(__always)
    mutating func localDate(_ key: StaticString, _ value: inout LocalDate) throws(FastPathMiss) {
        try require(key)
        value = try FastEventLineDecoder.localDate(&scanner)
    }

    @inline(__always)
    mutating func instant(_ key: StaticString, _ value: inout Instant) throws(FastPathMiss) {
        try require(key)
        value = try FastEventLineDecoder.instant(&scanner)
    }

    @inline(__always)
    mutating func integer(_ key: StaticString, _ value: inout Int) throws(FastPathMiss) {
        try require(key)
        value = try scanner.integer()
    }

    @inline(__always)
    mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) throws(FastPathMiss) {
        value = try present(key) ? try scanner.integer() : nil
    }

    @inline(__always)
    mutating func number(_ key: StaticString, _ value: inout Double) throws(FastPathMiss) {
        try require(key)
        value = try scanner.number()
    }

    @inline(__always)
    mutating func optionalNumber(_ key: StaticString, _ value: inout Double?) throws(FastPathMiss) {
        value = try present(key) ? try scanner.number() : nil
    }

    @inline(__always)
    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(FastPathMiss) {
        try require(key)
        value = try scanner.bool()
    }

    @inline(__always)
    mutating func identifier(_ key: StaticString, _ value: inout CompactIdentifier) throws(FastPathMiss) {
        try require(key)
        // A UUID is held as its bits; any other id is made for this event alone.
        let read = try scanner.withString { bytes in bytes.isEmpty ? nil : CompactIdentifier(utf8: bytes) }
        guard let read else { throw FastPathMiss() }
        value = read
    }

    @inline(__always)
    mutating func name(_ key: StaticString, _ value: inout String) throws(FastPathMiss) {
        try require(key)
        let text = try strings.pointee.string(at: &scanner, field: InternedStrings.Field(key: key))
        guard !text.isEmpty else { throw FastPathMiss() }
        value = text
    }

    @inline(__always)
    mutating func text(_ key: StaticString, _ value: inout String) throws(FastPathMiss) {
        try require(key)
        value = try strings.pointee.string(at: &scanner, field: InternedStrings.Field(key: key))
    }

    @inline(__always)
    mutating func optionalText(_ key: StaticString, _ value: inout String?) throws(FastPathMiss) {
        value = try present(key)
            ? try strings.pointee.string(at: &scanner, field: InternedStrings.Field(key: key)) : nil
    }

    @inline(__always)
    mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) throws(FastPathMiss) {
        // A zone name by form only, as the reference checks it.
        value = try present(key)
            ? try strings.pointee.zoneName(at: &scanner, field: InternedStrings.Field(key: key)) : nil
    }

    @inline(__always)
    mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) throws(FastPathMiss) {
        try require(key)
        value = try Value.packedNames.value(try scanner.name())
    }

    /// A nested object: read with the same rules, then the outer object goes on. (The
    /// reference ignores other keys inside `weights`; the fast path hands such a line over
    /// rather than decide.)
    @inline(__always)
    mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) throws(FastPathMiss) {
        try require(key)
        try scanner.expect(UInt8(ascii: "{"))
        let outer = (first, pending, ended)
        (first, pending, ended) = (true, nil, false)
        var read = Value.placeholder
        try read.visitFields(&self)
        try finishObject()
        (first, pending, ended) = outer
        value = read
    }

    /// A nested target object: exactly one of `minutes` or `percent`, a number.
    @inline(__always)
    mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) throws(FastPathMiss) {
        try require(key)
        try scanner.expect(UInt8(ascii: "{"))
        var target: ScoreTarget?
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard target == nil else { throw FastPathMiss() }
            switch key {
            case .minutes: target = .minutes(try scanner.number())
            case .percent: target = .percent(try scanner.number())
            default: throw FastPathMiss()
            }
        }
        guard let target else { throw FastPathMiss() }
        value = target
    }

    /// Any object, kept as written: its extent found (strings skipped whole), then read by
    /// `JSONParser`, as the reference reads the whole line; a carriage return in it, or
    /// anything the parser refuses, misses.
    mutating func anyObject(_ key: StaticString, _ value: inout JSONObject) throws(FastPathMiss) {
        try require(key)
        let start = scanner.position
        let stop = try scanner.objectEnd()
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(UnsafeBufferPointer(start: scanner.base + start, count: stop - start))
        } catch {
            throw FastPathMiss()
        }
        guard case .object(let object) = parsed else { throw FastPathMiss() }
        scanner.position = stop
        value = object
    }
}
