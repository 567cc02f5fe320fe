#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Events

/// Finds the line of an id in a log prefix that was not scanned (adopted from a checkpoint):
/// a retried append of an event that landed before the checkpoint.
///
/// The prefix is read line by line; a line is decoded only when it could hold the id: when
/// it contains the id's UTF-8 bytes as they are, or holds a `\` (an escape could spell the
/// id otherwise). An id with a character JSON must escape (`"`, `\`, a control character)
/// is looked for in every line. So the search costs one read of the prefix and a decode of
/// the few lines that could match.
enum AdoptedPrefixSearch {
    /// The first event in the log at `path`, before `end`, whose id is `identifier`; `nil`
    /// when the prefix holds none.
    ///
    /// - Throws: `EventLogFileError`: what reading throws, or `.corrupt` for a candidate line
    ///   that does not decode.
    static func firstEvent(identifier: String, path: String, before end: LineReader.Position) throws(EventLogFileError) -> RecordedEvent? {
        let needle = Array(identifier.utf8)
        let mustDecodeEveryLine = needle.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
        var reader = try LineReader(path: path)
        var decoder = EventLineDecoder()
        while let line = try reader.nextLine(), line.byteOffset < end.byteOffset {
            guard mustDecodeEveryLine || contains(line.bytes, needle) || line.bytes.contains(UInt8(ascii: "\\")) else { continue }
            let event: RecordedEvent
            do {
                event = try decoder.decode(line: line.bytes)
            } catch {
                throw EventLogFileError(code: .corrupt, message: error.description, path: path, line: line.lineNumber)
            }
            if event.id == identifier { return event }
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack` (`memchr` for its first byte, then `memcmp`).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        return needle.withUnsafeBytes { needleBytes in
            var start = 0
            let lastStart = haystack.count - needle.count
            while start <= lastStart {
                guard let found = memchr(base + start, Int32(first), lastStart - start + 1) else { return false }
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index, needleBytes.baseAddress!, needle.count) == 0 { return true }
                start = index + 1
            }
            return false
        }
    }
}
