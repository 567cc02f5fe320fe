import Events
import Foundation

extension EventLogReader {
    /// The last whole line of the log at `path` that decodes, read from the file's last 64 KiB
    /// only; `nil` when there is none there (an empty log, or a last line longer than that). A
    /// hint — where the log ends in time and in seqs — not a check: the lines are not verified.
    package static func lastLineEvent(path: String) throws(EventLogFileError) -> RecordedEvent? {
        let window: Int64 = 64 * 1024
        let length: Int64
        do {
            length = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        } catch {
            throw EventLogFileError(code: .notFound, message: "the log cannot be read: \(error.localizedDescription)", path: path)
        }
        let start = max(0, length - window)
        var reader = try LineReader(path: path, startingAt: LineReader.Position(byteOffset: start, lineNumber: 1))
        var decoder = FastEventLineDecoder()
        var last: RecordedEvent?
        var first = true
        while let line = try reader.nextLine() {
            defer { first = false }
            // The window's first piece may be the end of a longer line.
            if first, start > 0 { continue }
            guard line.endsWithNewline, let event = try? decoder.decode(line: line.bytes) else { continue }
            last = event
        }
        return last
    }
}
