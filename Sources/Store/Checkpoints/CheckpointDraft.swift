import Commands
import EventLogFile
import Events
import Projections

/// A checkpoint about to be written: the state's bytes and the position they cover. The
/// store makes it on the checkpoints' own queue from a copy of its state (encoding a long
/// history's state is too slow for the store's actor), and ``write(logAt:into:)``
/// reads the log's prefix for its digest and syncs the file there too.
package struct CheckpointDraft: Sendable {
    /// The encoded runner.
    package var payload: [UInt8]
    /// The position the state covers.
    package var end: LogResumePoint
    /// The largest `at` among the lines up to ``end``.
    package var latestAt: Int64
    /// The events up to ``end``.
    package var eventCount: Int
    /// Whether their ids are distinct.
    package var identifiersAreDistinct: Bool

    /// A draft of `runner`, which must be the fold (as of `.end`, without a torn tail's warning)
    /// of exactly the lines up to `end`; `nil` when there is nothing to save (an empty log) or the
    /// runner folds less than everything.
    package init?(runner: ProjectionRunner<LogState>, end: LogResumePoint, latestLineAt: Instant?, eventCount: Int) {
        guard runner.position == .end, eventCount > 0, let latestLineAt else { return nil }
        payload = CheckpointState.payload(of: runner, latestLineAt: latestLineAt)
        self.end = end
        latestAt = latestLineAt.millisecondsSince1970
        self.eventCount = eventCount
        identifiersAreDistinct = runner.identifierCount == eventCount
    }

    /// A draft of a fold's state at its end.
    package init?(_ fold: CheckpointedFold) {
        self.init(runner: fold.runner, end: fold.end, latestLineAt: fold.latestLineAt, eventCount: fold.eventCount)
    }

    /// Writes the checkpoint (atomically: see `CheckpointFolder.write`) after reading the
    /// log's first `end.byteOffset` bytes for their digest (and the last 4 KiB of them for
    /// the tail digest an open checks), then (when `prune`) removes the checkpoints
    /// ``CheckpointRetention`` no longer keeps.
    ///
    /// - Returns: the entry written.
    /// - Throws: `EventLogFileError` when the log cannot be read or is shorter than ``end``
    ///   (nothing is written then), or the file cannot be written.
    @discardableResult
    package func write(logAt path: String, into folder: CheckpointFolder, prune: Bool = true) throws(EventLogFileError) -> CheckpointEntry {
        let stream = try CheckpointPosition.Stream.reading(path, upTo: end, name: nil)
        let entry = try folder.write(
            position: CheckpointPosition(streams: [stream], lastKey: nil), logSet: false, foldVersion: FoldVersion.current,
            eventCount: eventCount, latestAt: latestAt, identifiersDistinct: identifiersAreDistinct, statePayload: payload)
        if prune { CheckpointRetention.prune(folder) }
        return entry
    }
}

extension CheckpointPosition.Stream {
    /// The position of the stream in the file at `path` up to `end`, with its digests read
    /// from the file.
    ///
    /// - Throws: `EventLogFileError` when the file cannot be read or is shorter than `end`.
    static func reading(_ path: String, upTo end: LogResumePoint, name: StreamName?) throws(EventLogFileError) -> Self {
        guard let tail = try PrefixDigest.tail(ofFileAt: path, end: end.byteOffset),
              let prefix = try PrefixDigest.digests(ofFileAt: path, prefixLengths: [end.byteOffset])[end.byteOffset]
        else {
            throw EventLogFileError(code: .ioError, message: "the log is shorter than the checkpoint's position; no checkpoint was written", path: path)
        }
        return Self(name: name, end: end, tailDigest: tail, prefixDigest: prefix)
    }
}
