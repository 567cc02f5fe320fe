/// Events as a writer hands them in: JSON lines without `seq` (and `batch`), the input of
/// `replay-tool append` and of any front end in another language that writes the log.
///
/// The rules of a writer, stricter than a reader's: every line holds one whole event (no
/// blank line; the last may lack its `\n`), and its `source`, if any, is one the log format
/// lists (a reader keeps any source, so a newer app's log still reads).
public enum UnsequencedInput {
    /// Why the input was refused: its 1-based line and what is wrong there.
    public struct Failure: Error, Sendable, Hashable {
        /// The input line.
        public var line: Int
        /// What is wrong, naming the key when a key is.
        public var message: String
    }

    /// The events of `input`, in order, or the first line that breaks the rules.
    public static func parse(_ input: [UInt8]) -> Result<[Event], Failure> {
        var decoder = EventLineDecoder()
        var events: [Event] = []
        var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            guard !line.isEmpty else {
                return .failure(Failure(line: index + 1, message: "blank line: one JSON event a line, no blank lines"))
            }
            let event: Event
            do {
                event = try decoder.decodeUnsequenced(line: Array(line))
            } catch {
                return .failure(Failure(line: index + 1, message: error.description))
            }
            if let source = event.source, !source.isListed {
                let listed = EventSource.listed.map(\.rawValue).joined(separator: ", ")
                return .failure(Failure(line: index + 1, message: "key 'source': '\(source.rawValue)' is not a source of the log format; expected one of \(listed)"))
            }
            events.append(event)
        }
        return .success(events)
    }
}
