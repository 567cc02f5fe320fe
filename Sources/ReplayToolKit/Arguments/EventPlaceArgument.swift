/// An event named on the command line: `SEQ` in a log file, `STREAM:SEQ` in a log set
/// (as the tool names events: `EventPlace`).
struct EventPlaceArgument: Hashable {
    var seq: Int
    var stream: String?

    /// How the tool names it: `seq 12`, `watch-77b1:12`.
    var name: String { stream.map { "\($0):\(seq)" } ?? "seq \(seq)" }

    /// Reads `text`, given to `--option`.
    ///
    /// - Throws: `UsageError` saying what is wrong: not a whole number of 1 or more, a
    ///   stream in a log file, or none in a log set.
    init(_ text: String, option: String, isLogSet: Bool, commandPath: [String]) throws(UsageError) {
        var seqText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            let stream = String(text[..<colon])
            guard isLogSet else {
                throw UsageError(message: "The value '\(text)' is invalid for '--\(option)': a log file names its events by seq alone (e.g. 12)", commandPath: commandPath)
            }
            guard !stream.isEmpty else {
                throw UsageError(message: "The value '\(text)' is invalid for '--\(option)': expected STREAM:SEQ, and the stream is empty", commandPath: commandPath)
            }
            self.stream = stream
            seqText = text[text.index(after: colon)...]
        } else if isLogSet {
            throw UsageError(message: "The value '\(text)' is invalid for '--\(option)': in a log set name the event as STREAM:SEQ (e.g. watch-77b1:12), as 'trace' and warnings name it", commandPath: commandPath)
        } else {
            self.stream = nil
        }
        guard seqText.allSatisfy({ $0.isASCII && $0.isNumber }), let seq = Int(seqText), seq >= 1 else {
            throw UsageError(message: "The value '\(text)' is invalid for '--\(option)': expected a seq, a whole number from 1", commandPath: commandPath)
        }
        self.seq = seq
    }
}
