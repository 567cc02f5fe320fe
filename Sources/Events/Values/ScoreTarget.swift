/// A deep- or REM-sleep target: `{"minutes": n}` or `{"percent": n}` of time asleep.
public enum ScoreTarget: Sendable, Hashable {
    /// Minutes of the stage.
    case minutes(Double)
    /// Percent of time asleep.
    case percent(Double)

    init(decoding data: PayloadDecoder) throws(EventDecodingError) {
        let hasMinutes = data.value("minutes") != nil
        let hasPercent = data.value("percent") != nil
        switch (hasMinutes, hasPercent) {
        case (true, false): self = .minutes(try data.number("minutes"))
        case (false, true): self = .percent(try data.number("percent"))
        default:
            throw EventDecodingError(key: data.path, message: "expected exactly one of {\"minutes\": n} or {\"percent\": n}")
        }
    }

    func encode(to data: inout PayloadEncoder) {
        switch self {
        case .minutes(let minutes): data.number("minutes", minutes)
        case .percent(let percent): data.number("percent", percent)
        }
    }
}
