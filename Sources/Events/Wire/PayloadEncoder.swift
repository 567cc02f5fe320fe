import StrictJSON
/// Writes the members of an event's `data` object in a fixed order with no spaces, so
/// that the same event always gives the same bytes.
package struct PayloadEncoder: Sendable {
    /// The bytes written so far, without the enclosing braces.
    package private(set) var bytes: [UInt8] = []

    /// Creates an empty encoder.
    package init() {}

    mutating func key(_ key: String) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
        JSONWriter.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `"key":` for a key written in the source: ASCII letters and digits, which
    /// `JSONWriter` writes as they are (checked for every payload key by the tests).
    mutating func key(_ key: StaticString) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `"key":"value"`.
    package mutating func string(_ key: String, _ value: String) {
        self.key(key)
        stringValue(value)
    }

    /// Writes `"key":"value"` when `value` is not `nil`.
    package mutating func optionalString(_ key: String, _ value: String?) {
        if let value { string(key, value) }
    }

    /// Writes an integer.
    package mutating func integer(_ key: String, _ value: Int) {
        self.key(key)
        integerValue(value)
    }

    /// Writes an integer when it is not `nil`.
    package mutating func optionalInteger(_ key: String, _ value: Int?) {
        if let value { integer(key, value) }
    }

    /// Writes a number in its shortest form (see `JSONNumber`). JSON has no NaN or
    /// infinity: a non-finite value is written as `null`, which no payload accepts as a
    /// number, so the log refuses the event rather than store another value.
    package mutating func number(_ key: String, _ value: Double) {
        self.key(key)
        numberValue(value)
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        boolValue(value)
    }

    /// Writes an instant in RFC 3339 with its offset.
    package mutating func instant(_ key: String, _ value: Instant) {
        self.key(key)
        instantValue(value)
    }

    private mutating func stringValue(_ value: String) {
        JSONWriter.writeString(value, into: &bytes)
    }

    private mutating func integerValue(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    private mutating func numberValue(_ value: Double) {
        if let number = JSONNumber(value) {
            bytes.append(contentsOf: number.literal.utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    private mutating func boolValue(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    private mutating func instantValue(_ value: Instant) {
        bytes.append(UInt8(ascii: "\""))
        value.writeRFC3339(into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a nested object built by `body`.
    package mutating func nested(_ key: String, _ body: (inout PayloadEncoder) -> Void) {
        self.key(key)
        nestedValue(body)
    }

    private mutating func nestedValue(_ body: (inout PayloadEncoder) -> Void) {
        var inner = PayloadEncoder()
        body(&inner)
        bytes.append(UInt8(ascii: "{"))
        bytes.append(contentsOf: inner.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes members kept from a newer writer, after the known ones.
    package mutating func additional(_ fields: JSONObject) {
        for member in fields.members {
            key(member.key)
            JSONWriter.write(member.value, into: &bytes)
        }
    }
}

// The writer of the payload descriptions (`EventPayloadContent.visitFields(_:)`).
extension PayloadEncoder: PayloadFieldVisitor {
    package typealias Failure = Never

    package mutating func night(_ key: StaticString, _ value: inout Night) { self.key(key); stringValue(value.text) }
    package mutating func timeOfDay(_ key: StaticString, _ value: inout TimeOfDay) { self.key(key); stringValue(value.text) }
    package mutating func localDate(_ key: StaticString, _ value: inout LocalDate) { self.key(key); stringValue(value.iso) }
    package mutating func instant(_ key: StaticString, _ value: inout Instant) { self.key(key); instantValue(value) }
    package mutating func integer(_ key: StaticString, _ value: inout Int) { self.key(key); integerValue(value) }
    package mutating func number(_ key: StaticString, _ value: inout Double) { self.key(key); numberValue(value) }
    package mutating func bool(_ key: StaticString, _ value: inout Bool) { self.key(key); boolValue(value) }
    package mutating func identifier(_ key: StaticString, _ value: inout CompactIdentifier) { self.key(key); stringValue(value.text) }
    package mutating func name(_ key: StaticString, _ value: inout String) { self.key(key); stringValue(value) }
    package mutating func text(_ key: StaticString, _ value: inout String) { self.key(key); stringValue(value) }

    package mutating func optionalInteger(_ key: StaticString, _ value: inout Int?) {
        if let present = value { self.key(key); integerValue(present) }
    }

    package mutating func optionalNumber(_ key: StaticString, _ value: inout Double?) {
        if let present = value { self.key(key); numberValue(present) }
    }

    package mutating func optionalText(_ key: StaticString, _ value: inout String?) {
        if let present = value { self.key(key); stringValue(present) }
    }

    package mutating func optionalZoneName(_ key: StaticString, _ value: inout String?) {
        if let present = value { self.key(key); stringValue(present) }
    }

    package mutating func enumeration<Value: PayloadEnumeration>(_ key: StaticString, _ value: inout Value) {
        self.key(key)
        stringValue(value.rawValue)
    }

    package mutating func object<Value: PayloadObject>(_ key: StaticString, _ value: inout Value) {
        self.key(key)
        nestedValue { inner in value.visitFields(&inner) }
    }

    package mutating func scoreTarget(_ key: StaticString, _ value: inout ScoreTarget) {
        self.key(key)
        nestedValue { value.encode(to: &$0) }
    }

    package mutating func anyObject(_ key: StaticString, _ value: inout JSONObject) {
        self.key(key)
        JSONWriter.write(.object(value), into: &bytes)
    }
}
