/// The name of a stream: one device's log file in a log set, named by its file name
/// without `.jsonl` (`phone-3f2a9c`, `watch-77b1`).
///
/// A name is 1 to 64 bytes of ASCII letters, digits, `-`, `_` and `.`, and is neither `.`
/// nor `..`. Names order by their bytes (the fold order of a log set breaks ties of `at` by
/// it), which for these characters is `String`'s order too.
public struct StreamName: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The name's text.
    public let text: String

    /// The longest name, in bytes.
    public static let maximumLength = 64
    /// The extension of a stream's file.
    public static let fileExtension = ".jsonl"

    /// Creates a name, or `nil` when `text` is not one (see the type's rules).
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        self.text = text
    }

    /// Why `text` is not a stream name, or `nil` when it is one.
    public static func problem(with text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return "a stream name cannot be empty" }
        guard bytes.count <= maximumLength else {
            return "a stream name is at most \(maximumLength) bytes; this one has \(bytes.count)"
        }
        guard text != ".", text != ".." else { return "a stream name cannot be \"\(text)\"" }
        for byte in bytes where !isAllowed(byte) {
            return "a stream name holds only ASCII letters, digits, \"-\", \"_\" and \".\"; this one holds \(Self.describe(byte))"
        }
        return nil
    }

    /// The stream named by a file name (`phone-1.jsonl` → `phone-1`), or `nil` when the file
    /// is not a stream's.
    public init?(fileName: String) {
        guard fileName.hasSuffix(Self.fileExtension) else { return nil }
        self.init(String(fileName.dropLast(Self.fileExtension.count)))
    }

    /// The stream's file name (`phone-1.jsonl`).
    public var fileName: String { text + Self.fileExtension }

    public var description: String { text }

    public static func < (left: StreamName, right: StreamName) -> Bool {
        left.text.utf8.lexicographicallyPrecedes(right.text.utf8)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let problem = Self.problem(with: text) {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: problem)
        }
        self.text = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        return byte < 0x80 ? "a control byte" : "a non-ASCII character"
    }
}
