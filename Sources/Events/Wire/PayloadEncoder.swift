import StrictJSON
/// Writes the members of an event's `data` object in a fixed order with no spaces, so
/// that the same event always gives the same bytes.
public struct PayloadEncoder: Sendable {
    /// The bytes written so far, without the enclosing braces.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty encoder.
    public init() {}

    mutating func key(_ key: String) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
        JSONWriter.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `"key":"value"`.
    public mutating func string(_ key: String, _ value: String) {
        self.key(key)
        JSONWriter.writeString(value, into: &bytes)
    }

    /// Writes `"key":"value"` when `value` is not `nil`.
    public mutating func optionalString(_ key: String, _ value: String?) {
        if let value { string(key, value) }
    }

    /// Writes an integer.
    public mutating func integer(_ key: String, _ value: Int) {
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes an integer when it is not `nil`.
    public mutating func optionalInteger(_ key: String, _ value: Int?) {
        if let value { integer(key, value) }
    }

    /// Writes a number in its shortest form (see `JSONNumber`). JSON has no NaN or
    /// infinity: a non-finite value is written as `null`, which no payload accepts as a
    /// number, so the log refuses the event rather than store another value.
    public mutating func number(_ key: String, _ value: Double) {
        self.key(key)
        if let number = JSONNumber(value) {
            bytes.append(contentsOf: number.literal.utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes an instant in RFC 3339 with its offset.
    public mutating func instant(_ key: String, _ value: Instant) {
        self.key(key)
        bytes.append(UInt8(ascii: "\""))
        value.writeRFC3339(into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a nested object built by `body`.
    public mutating func nested(_ key: String, _ body: (inout PayloadEncoder) -> Void) {
        self.key(key)
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
    public mutating func additional(_ fields: JSONObject) {
        for member in fields.members {
            key(member.key)
            JSONWriter.write(member.value, into: &bytes)
        }
    }
}
