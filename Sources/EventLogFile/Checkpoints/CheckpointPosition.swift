import Events

/// Where a checkpoint stands: a position in every stream it covers (a log file is a log set
/// of one unnamed stream), with what the log must still hold there, and the fold-order key
/// of the last event it folded. Stored in the checkpoint's header (`CheckpointHeader`).
///
/// Per stream it keeps two digests: of the at most `PrefixDigest.tailLength` bytes before the
/// position (its last line: checked on every open) and of the whole prefix (checked off the
/// open path, `CheckpointFolder.Check.full`).
package struct CheckpointPosition: Sendable, Hashable {
    /// One stream's covered prefix.
    package struct Stream: Sendable, Hashable {
        /// `nil` for a log file's one stream.
        package var name: StreamName?
        /// Where the covered prefix ends: where reading the stream goes on.
        package var end: LogResumePoint
        package var tailDigest: PrefixDigest
        package var prefixDigest: PrefixDigest

        package init(name: StreamName?, end: LogResumePoint, tailDigest: PrefixDigest, prefixDigest: PrefixDigest) {
            self.name = name
            self.end = end
            self.tailDigest = tailDigest
            self.prefixDigest = prefixDigest
        }
    }

    /// The streams covered, in name order; a stream not named is covered from its start.
    package var streams: [Stream]
    /// The key of the last event folded in fold order; `nil` when none was.
    package var lastKey: EventOrdering.Key?

    /// The streams are put in name order.
    package init(streams: [Stream], lastKey: EventOrdering.Key?) {
        self.streams = streams.sorted { ($0.name?.text ?? "").utf8.lexicographicallyPrecedes(($1.name?.text ?? "").utf8) }
        self.lastKey = lastKey
    }

    /// The covered prefix of `name`: the start of the stream when it is not named.
    package func end(of name: StreamName?) -> LogResumePoint {
        streams.first { $0.name == name }?.end ?? .start
    }

    /// The bytes covered, over every stream.
    package var totalBytes: Int64 { streams.reduce(0) { $0 + $1.end.byteOffset } }
    /// The sum of the streams' last seqs.
    package var seqSum: Int { streams.reduce(0) { $0 + $1.end.lastSeq } }
}
