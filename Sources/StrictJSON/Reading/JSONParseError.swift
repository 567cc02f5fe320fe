/// Why a byte sequence is not a single strict RFC 8259 JSON text, and where.
///
/// Messages state what was expected and the byte offset; they never quote the input's
/// content (which may be health data), only positions, structural characters such as
/// `}` or `,`, and the code point of an offending control character.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based offset of the offending byte in the input.
    package var byteOffset: Int
    /// A human-readable explanation, e.g. "expected ',' or '}' after an object member at byte 17".
    package var message: String

    /// Creates an error at `byteOffset` with the given message.
    package init(byteOffset: Int, message: String) {
        self.byteOffset = byteOffset
        self.message = message
    }

    /// The message.
    package var description: String {
        message
    }
}
