/// A JSON value as defined by RFC 8259.
///
/// Numbers keep their literal text (see ``JSONNumber``) and objects keep their members
/// in document order, duplicates included (see ``JSONObject``), so a parsed value can be
/// written back byte for byte in the canonical compact form of ``JSONWriter``.
///
/// Equality is structural and order-sensitive: two objects with the same members in a
/// different order are different values, and the numbers `1` and `1.0` are different.
package enum JSONValue: Sendable, Hashable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text.
    case number(JSONNumber)
    /// A string (always valid Unicode; lone surrogates are rejected by the parser).
    case string(String)
    /// An array of values, in order.
    case array([JSONValue])
    /// An object: ordered members, duplicate keys allowed.
    case object(JSONObject)

    /// The object, if this value is an object; otherwise `nil`.
    package var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The string, if this value is a string; otherwise `nil`.
    package var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The Boolean, if this value is `true` or `false`; otherwise `nil`.
    package var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The number, if this value is a number; otherwise `nil`.
    package var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The elements, if this value is an array; otherwise `nil`.
    package var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// `true` if this value is the literal `null`.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The kind of this value with its article, for error messages:
    /// "null", "a boolean", "a number", "a string", "an array" or "an object".
    ///
    /// Never includes the value's content.
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
