import StrictJSON
/// Why an event line, or one of its keys, could not be read.
///
/// The message names the key and what was expected, never the value's health content.
/// The log layer adds the file and line number (see `EventLogFileError`).
public struct EventDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key at fault, as a path from the envelope (`"seq"`, `"data.days"`), or `nil`
    /// when the line as a whole is at fault (not JSON, not an object).
    public var key: String?
    /// What is wrong and what would be accepted.
    public var message: String

    /// Creates an error about `key` (or the whole line when `nil`).
    public init(key: String?, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String {
        if let key { return "key '\(key)': \(message)" }
        return message
    }

    static func missing(_ key: String, expected: String) -> EventDecodingError {
        EventDecodingError(key: key, message: "missing; expected \(expected)")
    }

    static func mistyped(_ key: String, expected: String, found value: JSONValue) -> EventDecodingError {
        EventDecodingError(key: key, message: "expected \(expected), found \(value.kindDescription)")
    }
}
