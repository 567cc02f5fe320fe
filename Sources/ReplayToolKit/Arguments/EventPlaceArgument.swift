import EventLogFile
import Projections

/// An event named on the command line as the tool names events (`EventPlace`): `SEQ`, or
/// `STREAM:SEQ` in a log set. The one reading of `--seq` (`diff`) and of each item of
/// `--skip`.
enum EventPlaceArgument {
    /// What is wrong with a value, as a phrase that follows it (`'x:y:3' has more than one ':'`).
    enum Problem: Error {
        case empty
        case severalColons
        case noStream(String)
        case notASeq
        case zero

        var phrase: String {
            switch self {
            case .empty: return "is empty"
            case .severalColons: return "has more than one ':'"
            case .noStream(let problem): return "names no stream: \(problem)"
            case .notASeq: return "is not a seq (a whole number from 1)"
            case .zero: return "is not a seq: seqs start at 1"
            }
        }
    }

    /// Reads `SEQ` or `STREAM:SEQ`, SEQ a whole number from 1 and STREAM a stream's name.
    static func parse(_ text: String) -> Result<ReplayPosition.Place, Problem> {
        guard !text.isEmpty else { return .failure(.empty) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return .failure(.severalColons) }
        var stream: String?
        if parts.count == 2 {
            let name = String(parts[0])
            if let problem = StreamName.problem(with: name) { return .failure(.noStream(problem)) }
            stream = name
        }
        let seqText = parts[parts.count - 1]
        guard !seqText.isEmpty, seqText.allSatisfy({ $0.isASCII && $0.isNumber }), let seq = Int(seqText) else { return .failure(.notASeq) }
        guard seq >= 1 else { return .failure(.zero) }
        return .success(ReplayPosition.Place(stream: stream, seq: seq))
    }

    /// The event `--option` names in one command: a stream in a log set, none in a log file.
    ///
    /// - Throws: `UsageError` saying what is wrong and the form to use.
    static func one(_ text: String, option: String, isLogSet: Bool, commandPath: [String]) throws(UsageError) -> ReplayPosition.Place {
        func invalid(_ problem: String) -> UsageError {
            UsageError(message: "The value '\(text)' is invalid for '--\(option)': \(problem)", commandPath: commandPath)
        }
        let place: ReplayPosition.Place
        switch parse(text) {
        case .success(let parsed): place = parsed
        case .failure(let problem): throw invalid("it \(problem.phrase)")
        }
        if place.stream != nil, !isLogSet { throw invalid("a log file names its events by seq alone (e.g. \(place.seq))") }
        if place.stream == nil, isLogSet {
            throw invalid("in a log set name the event as STREAM:SEQ (e.g. watch-77b1:\(place.seq)), as 'trace' and warnings name it")
        }
        return place
    }
}
