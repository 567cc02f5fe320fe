/// A text encoding a log file is not in, told from its first bytes: a log is UTF-8 without
/// a byte-order mark (docs/log-format.md §1), and a file saved as UTF-16 or UTF-32 (or with a
/// byte-order mark) by another tool is named for what it is, instead of "a NUL byte at
/// byte 1" on every line.
public struct LogTextEncoding: Sendable, Hashable, CustomStringConvertible {
    /// The encoding's family.
    public enum Family: Sendable, Hashable {
        /// UTF-8 (only ever "foreign" when it starts with a byte-order mark).
        case utf8
        /// UTF-16.
        case utf16
        /// UTF-32.
        case utf32
    }

    /// The family.
    public var family: Family
    /// Whether the code units are little-endian (`false` for UTF-8).
    public var isLittleEndian: Bool
    /// Whether the file starts with a byte-order mark.
    public var hasByteOrderMark: Bool

    /// Creates the value from its parts.
    public init(family: Family, isLittleEndian: Bool, hasByteOrderMark: Bool) {
        self.family = family
        self.isLittleEndian = isLittleEndian
        self.hasByteOrderMark = hasByteOrderMark
    }

    /// The encoding a file starting with `prefix` is in, when it is not plain UTF-8: a
    /// byte-order mark (UTF-8, UTF-16 or UTF-32, either byte order), or, without one, the
    /// zero bytes an ASCII character such as `{` has in UTF-16 or UTF-32. `nil` for plain
    /// UTF-8 (and for anything else: the line checks then say what is wrong).
    public static func foreign(prefix: some Collection<UInt8>) -> LogTextEncoding? {
        let bytes = Array(prefix.prefix(4))
        func starts(_ mark: [UInt8]) -> Bool { bytes.starts(with: mark) }
        if starts([0xEF, 0xBB, 0xBF]) { return LogTextEncoding(family: .utf8, isLittleEndian: false, hasByteOrderMark: true) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return LogTextEncoding(family: .utf32, isLittleEndian: true, hasByteOrderMark: true) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return LogTextEncoding(family: .utf32, isLittleEndian: false, hasByteOrderMark: true) }
        if starts([0xFF, 0xFE]) { return LogTextEncoding(family: .utf16, isLittleEndian: true, hasByteOrderMark: true) }
        if starts([0xFE, 0xFF]) { return LogTextEncoding(family: .utf16, isLittleEndian: false, hasByteOrderMark: true) }
        guard bytes.count == 4 else { return nil }
        let zero = bytes.map { $0 == 0 }
        switch (zero[0], zero[1], zero[2], zero[3]) {
        case (false, true, true, true): return LogTextEncoding(family: .utf32, isLittleEndian: true, hasByteOrderMark: false)
        case (true, true, true, false): return LogTextEncoding(family: .utf32, isLittleEndian: false, hasByteOrderMark: false)
        case (false, true, false, true): return LogTextEncoding(family: .utf16, isLittleEndian: true, hasByteOrderMark: false)
        case (true, false, true, false): return LogTextEncoding(family: .utf16, isLittleEndian: false, hasByteOrderMark: false)
        default: return nil
        }
    }

    /// The foreign encoding of the file at `path` (see `foreign(prefix:)`), from its first
    /// four bytes.
    ///
    /// - Throws: `EventLogFileError` as `LogFileDescriptor.openForReading(path:)` does, or
    ///   `.ioError` when the read fails.
    public static func foreign(path: String) throws(EventLogFileError) -> LogTextEncoding? {
        let file = try LogFileDescriptor.openForReading(path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 1)
        defer { buffer.deallocate() }
        var count = 0
        while count < buffer.count {
            let read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), at: Int64(count))
            if read == 0 { break }
            count += read
        }
        let bytes = Array(buffer.prefix(count))
        return foreign(prefix: bytes)
    }

    /// `UTF-16 (little-endian)`, `UTF-32 (big-endian, with a byte-order mark)`, `UTF-8 with
    /// a byte-order mark`.
    public var description: String {
        switch family {
        case .utf8:
            return hasByteOrderMark ? "UTF-8 with a byte-order mark" : "UTF-8"
        case .utf16, .utf32:
            let name = family == .utf16 ? "UTF-16" : "UTF-32"
            let order = isLittleEndian ? "little-endian" : "big-endian"
            return "\(name) (\(order)\(hasByteOrderMark ? ", with a byte-order mark" : ""))"
        }
    }

    /// What is wrong and what to do, in a sentence: "this file is UTF-16 (little-endian); a
    /// log is UTF-8: convert it (iconv -f UTF-16LE -t UTF-8)".
    public var problem: String {
        switch family {
        case .utf8:
            return "this file starts with a UTF-8 byte-order mark; a log is UTF-8 without one: remove its first 3 bytes"
        case .utf16, .utf32:
            let name = family == .utf16 ? "UTF-16" : "UTF-32"
            let source = hasByteOrderMark ? name : name + (isLittleEndian ? "LE" : "BE")
            return "this file is \(description); a log is UTF-8: convert it (iconv -f \(source) -t UTF-8)"
        }
    }
}
