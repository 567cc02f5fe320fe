/// How every message names where an event stands, so the names agree everywhere (trace,
/// why, warnings, the report): `seq 12` for a line of a log file; `watch-77b1:12` for a
/// line of a log set, whose seqs count per stream, so the stream comes with its seq.
public enum EventPlace {
    /// `seq 12`, or `watch-77b1:12` when the event was read from the stream `stream`.
    public static func name(seq: Int, stream: String?) -> String {
        stream.map { "\($0):\(seq)" } ?? "seq \(seq)"
    }

    /// A run of seqs of one stream: `seq 27–45`, or `watch-77b1:27–45`; a run of one seq
    /// is named as that seq.
    public static func name(seqs: ClosedRange<Int>, stream: String?) -> String {
        guard seqs.count > 1 else { return name(seq: seqs.lowerBound, stream: stream) }
        return name(seq: seqs.lowerBound, stream: stream) + "–\(seqs.upperBound)"
    }
}
