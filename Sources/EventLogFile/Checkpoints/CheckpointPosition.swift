import Events

/// Where a checkpoint stands, stored in its `CheckpointHeader`: the end of its prefix in each
/// stream it covers (a log file is one unnamed stream) with two digests, of the at most
/// `PrefixDigest.tailLength` bytes before it (checked on every open) and of the whole prefix
/// (`CheckpointFolder.Check.full`); and the fold-order key of the last event folded.
package struct CheckpointPosition: Sendable, Hashable {
    package struct Stream: Sendable, Hashable {
        /// `nil` for a log file's one stream.
        package var name: StreamName?
        /// Where reading the stream goes on.
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
    package var lastKey: EventOrdering.Key?

    package init(streams: [Stream], lastKey: EventOrdering.Key?) {
        self.streams = streams.sorted { ($0.name?.text ?? "").utf8.lexicographicallyPrecedes(($1.name?.text ?? "").utf8) }
        self.lastKey = lastKey
    }

    /// Where `name`'s covered prefix ends: its start when it is not named.
    package func end(of name: StreamName?) -> LogResumePoint {
        streams.first { $0.name == name }?.end ?? .start
    }

    package var totalBytes: Int64 { streams.reduce(0) { $0 + $1.end.byteOffset } }
    package var seqSum: Int { streams.reduce(0) { $0 + $1.end.lastSeq } }
}
