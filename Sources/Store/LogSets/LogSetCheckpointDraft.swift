import Commands
import EventLogFile
import Events
import Projections

/// A log set's checkpoint about to be written: the state's bytes and the prefix of each
/// stream they cover. Made where the state is (encoding is quick), written elsewhere
/// (``write(logSet:into:prune:)`` reads each stream's prefix for its digest and syncs the
/// file: slow, so never on a store's actor).
package struct LogSetCheckpointDraft: Sendable {
    /// The encoded state (`LogSetCheckpointState`).
    package var payload: [UInt8]
    /// Where each stream's covered prefix ends (streams at their start are left out).
    package var ends: [StreamName: LogResumePoint]
    /// The key of the last event folded.
    package var lastKey: EventOrdering.Key
    /// The largest `at` among the lines covered.
    package var latestAt: Int64
    /// The events covered.
    package var eventCount: Int

    /// A draft of `runner`, which must be the fold (as of `.end`, without torn tails'
    /// warnings) of exactly the lines before `ends` in each stream; `nil` when there is
    /// nothing to save or the runner folds less than everything.
    package init?(
        runner: ProjectionRunner<LogState>, ends: [StreamName: LogResumePoint], lastKey: EventOrdering.Key?,
        latestLineAt: Instant?, eventCount: Int, recentCopies: RecentFirstCopies
    ) {
        guard runner.position == .end, eventCount > 0, let latestLineAt, let lastKey else { return nil }
        payload = LogSetCheckpointState.payload(of: runner, latestLineAt: latestLineAt, recentCopies: recentCopies)
        self.ends = ends.filter { $0.value.byteOffset > 0 }
        self.lastKey = lastKey
        latestAt = latestLineAt.millisecondsSince1970
        self.eventCount = eventCount
    }

    /// A draft of a fold's state at its end.
    package init?(_ fold: LogSetCheckpointedFold) {
        self.init(
            runner: fold.runner, ends: fold.ends, lastKey: fold.lastKey, latestLineAt: fold.latestLineAt, eventCount: fold.eventCount,
            recentCopies: fold.recentCopies)
    }

    /// Writes the checkpoint (atomically: see `CheckpointFolder.write`) after reading the
    /// digest of each stream's covered prefix, then (when `prune`) removes the checkpoints
    /// `CheckpointRetention` no longer keeps.
    ///
    /// - Throws: `EventLogFileError` when a stream cannot be read, is shorter than its
    ///   covered prefix (nothing is written then), or the file cannot be written.
    @discardableResult
    package func write(logSet: LogSetDirectory, into folder: CheckpointFolder, prune: Bool = true) throws(EventLogFileError) -> CheckpointEntry {
        var streams: [CheckpointPosition.Stream] = []
        for (name, end) in ends {
            streams.append(try .reading(logSet.path(of: name), upTo: end, name: name))
        }
        let entry = try folder.write(
            position: CheckpointPosition(streams: streams, lastKey: lastKey), logSet: true, foldVersion: FoldVersion.current,
            eventCount: eventCount, latestAt: latestAt, statePayload: payload)
        if prune { CheckpointRetention.prune(folder) }
        return entry
    }
}
