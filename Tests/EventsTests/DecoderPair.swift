import Events

/// What one decoder made of one line: the event with the bytes it encodes to, or the error.
enum DecodeOutcome: Equatable, CustomStringConvertible {
    case decoded(RecordedEvent, encoded: [UInt8])
    case refused(EventDecodingError)

    var isDecoded: Bool {
        if case .decoded = self { return true }
        return false
    }

    var event: RecordedEvent? {
        if case .decoded(let event, _) = self { return event }
        return nil
    }

    var description: String {
        switch self {
        case .decoded(let event, let encoded):
            return "decoded seq \(event.seq) \(event.typeName): \(String(decoding: encoded.prefix(300), as: UTF8.self))"
        case .refused(let error):
            return "refused: \(error.description)"
        }
    }
}

/// `FastEventLineDecoder` and the reference `EventLineDecoder` side by side, each keeping
/// its caches from line to line as it would reading a file.
struct DecoderPair {
    var fast = FastEventLineDecoder()
    var reference = EventLineDecoder()

    /// Both outcomes for `line`.
    mutating func outcomes(_ line: [UInt8]) -> (fast: DecodeOutcome, reference: DecodeOutcome) {
        (Self.outcome(of: line, with: &fast), Self.outcome(of: line, with: &reference))
    }

    /// Whether the fast decoder took its fast path for the last line it read.
    func lastLineTookFastPath(fastPathCountBefore: Int) -> Bool {
        fast.fastPathLineCount == fastPathCountBefore + 1
    }

    static func outcome(of line: [UInt8], with decoder: inout FastEventLineDecoder) -> DecodeOutcome {
        do {
            let event = try decoder.decode(line: line)
            return .decoded(event, encoded: EventLineEncoder.encode(event))
        } catch {
            return .refused(error)
        }
    }

    static func outcome(of line: [UInt8], with decoder: inout EventLineDecoder) -> DecodeOutcome {
        do {
            let event = try decoder.decode(line: line)
            return .decoded(event, encoded: EventLineEncoder.encode(event))
        } catch {
            return .refused(error)
        }
    }
}
