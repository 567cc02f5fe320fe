/// What a checkpoint file says about itself: its format, the fold that made its payload,
/// the log prefix it covers (totals over its streams, and the digest of its position
/// table, `CheckpointPosition`) and its payload's length and digest. The layout is in
/// `CheckpointHeader+Encoding.swift` and docs/checkpoints.md.
///
/// A checkpoint is a cache of the folded state at a position of the log: it is used only
/// when every field agrees with the log and the reader (see `CheckpointFolder.validate`).
package struct CheckpointHeader: Sendable, Hashable {
    /// The format this version of the package writes and reads: 2 (a position table with
    /// tail digests in every checkpoint). A file of another format is ignored
    /// (`CheckpointProblem.otherFormat`) and replaced.
    package static let currentFormatVersion: UInt32 = 2

    /// Facts about the covered prefix that the writer states.
    package struct Flags: OptionSet, Sendable, Hashable {
        package var rawValue: UInt32

        package init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Bit 1: the checkpoint covers a log set (a position per named stream), not a log
        /// file. Such a checkpoint is never used for a file, nor a file's for a log set.
        package static let logSet = Flags(rawValue: 1 << 1)
    }

    /// The checkpoint format (``currentFormatVersion`` for what this package writes).
    package var formatVersion: UInt32
    /// The version of the fold that made the payload, as the caller numbers it: a payload
    /// made by another fold version is not used.
    package var foldVersion: UInt32
    /// The length of the covered prefix in bytes, over every stream: where a log file's next
    /// line starts.
    package var byteOffset: Int64
    /// One more than the lines covered, over every stream.
    package var lineNumber: Int
    /// The seq of the last event in the prefix (0 for an empty prefix); a log set's: the sum
    /// of its streams' last seqs.
    package var lastSeq: Int
    /// How many events the prefix holds (as the caller folded them).
    package var eventCount: Int
    /// The fold point: the largest `at` folded, in milliseconds since 1970 (the caller
    /// gives it; `Int64.min` when nothing was folded, by convention).
    package var latestAt: Int64
    /// The digest of the position table at the start of the payload (`CheckpointPosition`,
    /// which holds each stream's tail and prefix digests).
    package var prefixDigest: PrefixDigest
    /// Facts the writer states about the prefix. Unknown bits are kept as read.
    package var flags: Flags
    /// The payload's length in bytes. `CheckpointFolder.write(header:payload:)` sets it.
    package var payloadLength: Int64
    /// The digest of the payload's bytes. `CheckpointFolder.write(header:payload:)` sets it.
    package var payloadDigest: PrefixDigest

    /// Creates a header. The payload's length and digest are set when it is written.
    package init(
        formatVersion: UInt32 = CheckpointHeader.currentFormatVersion,
        foldVersion: UInt32,
        byteOffset: Int64,
        lineNumber: Int,
        lastSeq: Int,
        eventCount: Int,
        latestAt: Int64,
        prefixDigest: PrefixDigest,
        flags: Flags = [],
        payloadLength: Int64 = 0,
        payloadDigest: PrefixDigest = PrefixDigest(high: 0, low: 0)
    ) {
        self.formatVersion = formatVersion
        self.foldVersion = foldVersion
        self.byteOffset = byteOffset
        self.lineNumber = lineNumber
        self.lastSeq = lastSeq
        self.eventCount = eventCount
        self.latestAt = latestAt
        self.prefixDigest = prefixDigest
        self.flags = flags
        self.payloadLength = payloadLength
        self.payloadDigest = payloadDigest
    }

    /// Creates the header of a checkpoint at `point` (its position and last seq).
    package init(
        foldVersion: UInt32,
        point: LogResumePoint,
        eventCount: Int,
        latestAt: Int64,
        prefixDigest: PrefixDigest,
        flags: Flags = []
    ) {
        self.init(
            foldVersion: foldVersion, byteOffset: point.position.byteOffset, lineNumber: point.position.lineNumber,
            lastSeq: point.lastSeq, eventCount: eventCount, latestAt: latestAt, prefixDigest: prefixDigest, flags: flags
        )
    }

    /// Where reading the log goes on after this checkpoint.
    package var resumePoint: LogResumePoint {
        LogResumePoint(position: LineReader.Position(byteOffset: byteOffset, lineNumber: lineNumber), lastSeq: lastSeq)
    }
}
