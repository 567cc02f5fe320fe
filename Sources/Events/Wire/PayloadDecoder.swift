import StrictJSON
/// Reads the keys of an event's `data` object, checking presence and type, and naming
/// the key (as `data.KEY`) and what was expected in every error.
package struct PayloadDecoder: Sendable {
    /// The object being read.
    package let object: JSONObject
    /// The path of `object` from the envelope, e.g. `"data"` or `"data.weights"`.
    package let path: String

    /// Creates a reader of `object`, found at `path`.
    package init(object: JSONObject, path: String = "data") {
        self.object = object
        self.path = path
    }

    func keyPath(_ key: String) -> String { "\(path).\(key)" }

    /// The value of `key`, or `nil` when absent.
    package func value(_ key: String) -> JSONValue? { object[key] }

    /// The value of a required `key`.
    package func required(_ key: String, expected: String) throws(EventDecodingError) -> JSONValue {
        guard let value = object[key] else { throw .missing(keyPath(key), expected: expected) }
        return value
    }

    /// A required string.
    package func string(_ key: String) throws(EventDecodingError) -> String {
        let value = try required(key, expected: "a string")
        guard case .string(let text) = value else { throw .mistyped(keyPath(key), expected: "a string", found: value) }
        return text
    }

    /// A required non-empty string.
    package func nonEmptyString(_ key: String) throws(EventDecodingError) -> String {
        let text = try string(key)
        guard !text.isEmpty else { throw EventDecodingError(key: keyPath(key), message: "expected a non-empty string") }
        return text
    }

    /// An optional string (absent or `null` give `nil`).
    package func optionalString(_ key: String) throws(EventDecodingError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw .mistyped(keyPath(key), expected: "a string", found: value) }
        return text
    }

    /// An optional time-zone name (absent or `null` give `nil`): a string of the form
    /// `ZoneName.isPlausible(_:)` accepts, whether or not this platform knows the zone.
    package func optionalZoneName(_ key: String) throws(EventDecodingError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw .mistyped(keyPath(key), expected: ZoneName.expectedForm, found: value) }
        try ZoneName.check(text, key: keyPath(key))
        return text
    }

    /// A required integer written without fraction or exponent (`1.0` is not an integer).
    package func integer(_ key: String) throws(EventDecodingError) -> Int {
        let value = try required(key, expected: "an integer")
        return try Self.integer(value, keyPath: keyPath(key))
    }

    /// An optional integer.
    package func optionalInteger(_ key: String) throws(EventDecodingError) -> Int? {
        guard let value = object[key], value != .null else { return nil }
        return try Self.integer(value, keyPath: keyPath(key))
    }

    static func integer(_ value: JSONValue, keyPath: String) throws(EventDecodingError) -> Int {
        guard case .number(let number) = value else { throw .mistyped(keyPath, expected: "an integer", found: value) }
        guard let integer = number.integerValue, let result = Int(exactly: integer) else {
            throw EventDecodingError(key: keyPath, message: "expected an integer (no fraction or exponent, within 64 bits)")
        }
        return result
    }

    /// A required finite number.
    package func number(_ key: String) throws(EventDecodingError) -> Double {
        let value = try required(key, expected: "a number")
        return try Self.number(value, keyPath: keyPath(key))
    }

    /// An optional finite number (absent or `null` give `nil`).
    package func optionalNumber(_ key: String) throws(EventDecodingError) -> Double? {
        guard let value = object[key], value != .null else { return nil }
        return try Self.number(value, keyPath: keyPath(key))
    }

    static func number(_ value: JSONValue, keyPath: String) throws(EventDecodingError) -> Double {
        guard case .number(let number) = value else { throw .mistyped(keyPath, expected: "a number", found: value) }
        guard let double = number.doubleValue else {
            throw EventDecodingError(key: keyPath, message: "expected a finite number")
        }
        return double
    }

    /// A required boolean.
    package func bool(_ key: String) throws(EventDecodingError) -> Bool {
        let value = try required(key, expected: "true or false")
        guard case .bool(let flag) = value else { throw .mistyped(keyPath(key), expected: "true or false", found: value) }
        return flag
    }

    /// A required RFC 3339 instant with an explicit offset.
    package func instant(_ key: String) throws(EventDecodingError) -> Instant {
        let text = try string(key)
        do {
            return try Instant(rfc3339: text)
        } catch {
            throw EventDecodingError(key: keyPath(key), message: error.description)
        }
    }

    /// A required time of day, `"HH:mm"`.
    package func timeOfDay(_ key: String) throws(EventDecodingError) -> TimeOfDay {
        let text = try string(key)
        do {
            return try TimeOfDay(text: text)
        } catch {
            throw EventDecodingError(key: keyPath(key), message: error.description)
        }
    }

    /// A required calendar date, `"YYYY-MM-DD"`.
    package func localDate(_ key: String) throws(EventDecodingError) -> LocalDate {
        let text = try string(key)
        do {
            return try LocalDate(iso: text)
        } catch {
            throw EventDecodingError(key: keyPath(key), message: error.description)
        }
    }

    /// A required night, `"YYYY-MM-DD"` or `"demo"`.
    package func night(_ key: String) throws(EventDecodingError) -> Night {
        let text = try string(key)
        do {
            return try Night(text: text)
        } catch {
            throw EventDecodingError(key: keyPath(key), message: "expected a night, YYYY-MM-DD or \"demo\": \(error.description)")
        }
    }

    /// A required string from a closed set of values.
    package func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: String, as type: Value.Type
    ) throws(EventDecodingError) -> Value where Value.RawValue == String {
        let text = try string(key)
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw EventDecodingError(key: keyPath(key), message: "expected one of \(allowed)")
        }
        return value
    }

    /// A required nested object, read with its own path.
    package func nested(_ key: String) throws(EventDecodingError) -> PayloadDecoder {
        let value = try required(key, expected: "an object")
        guard case .object(let nestedObject) = value else {
            throw .mistyped(keyPath(key), expected: "an object", found: value)
        }
        try Self.rejectDuplicateKeys(in: nestedObject, path: keyPath(key))
        return PayloadDecoder(object: nestedObject, path: keyPath(key))
    }

    /// A required object of any members, kept as written (a repeated key too).
    package func anyObject(_ key: String) throws(EventDecodingError) -> JSONObject {
        let value = try required(key, expected: "an object")
        guard case .object(let object) = value else {
            throw .mistyped(keyPath(key), expected: "an object", found: value)
        }
        return object
    }

    /// The members whose keys are not in `knownKeys`, kept so that a later version's
    /// optional fields survive a round trip.
    package func additionalFields(knownKeys: Set<String>) -> JSONObject {
        JSONObject(object.members.filter { !knownKeys.contains($0.key) })
    }

    static func rejectDuplicateKeys(in object: JSONObject, path: String) throws(EventDecodingError) {
        if let duplicate = object.duplicateKeys().first {
            throw EventDecodingError(key: "\(path).\(duplicate)", message: "appears more than once")
        }
    }
}
