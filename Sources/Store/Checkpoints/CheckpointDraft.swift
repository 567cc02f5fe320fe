import Commands
import EventLogFile
import Events
import Projections

/// A checkpoint about to be written: the state's bytes and each stream's covered prefix.
/// ``write(_:into:prune:)`` reads the prefixes and syncs the file: slow, never on a store's actor.
package struct CheckpointDraft: Sendable {
    /// `CheckpointState`'s bytes.
    package var payload: [UInt8]
    /// Where each stream's covered prefix ends; streams at their start are left out.
    package var ends: [StreamName?: LogResumePoint]
    package var lastKey: EventOrdering.Key
    package var latestAt: Int64
    package var eventCount: Int

    /// A draft of `runner`, the fold (as of `.end`, without torn tails' warnings) of exactly the
    /// lines before `ends`; `nil` when nothing is folded or the runner folds less than everything.
    package init?(
        runner: ProjectionRunner<LogState>, ends: [StreamName?: LogResumePoint], lastKey: EventOrdering.Key?,
        latestLineAt: Instant?, eventCount: Int, recentCopies: RecentFirstCopies
    ) {
        guard runner.position == .end, eventCount > 0, let latestLineAt, let lastKey else { return nil }
        payload = CheckpointState.payload(of: runner, latestLineAt: latestLineAt, recentCopies: recentCopies)
        self.ends = ends.filter { $0.value.byteOffset > 0 }
        self.lastKey = lastKey
        latestAt = latestLineAt.millisecondsSince1970
        self.eventCount = eventCount
    }

    package init?(_ fold: CheckpointedFold) {
        self.init(
            runner: fold.runner, ends: fold.ends, lastKey: fold.lastKey, latestLineAt: fold.latestLineAt, eventCount: fold.eventCount,
            recentCopies: fold.recentCopies)
    }

    /// Reads each stream's prefix for its digests, writes the checkpoint atomically, then (with
    /// `prune`) removes those `CheckpointRetention` no longer keeps.
    /// - Throws: `EventLogFileError` when a stream is unreadable or too short, or the write fails.
    @discardableResult
    package func write(_ source: LogSource, into folder: CheckpointFolder, prune: Bool = true) throws(EventLogFileError) -> CheckpointEntry {
        var streams: [CheckpointPosition.Stream] = []
        for (name, end) in ends {
            streams.append(try .reading(source.path(of: name), upTo: end, name: name))
        }
        let header = CheckpointHeader(
            foldVersion: FoldVersion.current, isLogSet: source.isLogSet, position: CheckpointPosition(streams: streams, lastKey: lastKey),
            eventCount: eventCount, latestAt: latestAt)
        let entry = try folder.write(header: header, payload: payload)
        if prune { CheckpointRetention.prune(folder) }
        return entry
    }
}

extension CheckpointPosition.Stream {
    /// The stream at `path` up to `end`, with its digests.
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
