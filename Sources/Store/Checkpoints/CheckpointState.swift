import Commands
import EventLogFile
import Events
import Projections

/// A checkpoint's payload: the ``RecentFirstCopies`` (empty in a log file's), the latest line's
/// instant (queries' default; an opaque line, which the runner ignores, may set it), the runner.
package struct CheckpointState: Sendable {
    /// Folds as of the position it was decoded for.
    package var runner: ProjectionRunner<LogState>
    package var latestLineAt: Instant
    package var recentCopies: RecentFirstCopies

    static func payload(of runner: ProjectionRunner<LogState>, latestLineAt: Instant, recentCopies: RecentFirstCopies) -> [UInt8] {
        var writer = CheckpointWriter()
        writer.write(recentCopies)
        writer.instant(latestLineAt)
        return writer.bytes + runner.checkpointPayload()
    }

    /// Decodes `bytes` to fold as of `position`; the state keeps nothing of `bytes`.
    static func decode(_ bytes: UnsafeRawBufferPointer, position: ReplayPosition) throws(CheckpointDecodingError) -> CheckpointState {
        var reader = CheckpointReader(bytes)
        let copies = try reader.read(RecentFirstCopies.self)
        let latest = try reader.instant("the latest line's instant")
        let runner = try ProjectionRunner<LogState>(checkpointPayload: UnsafeRawBufferPointer(rebasing: bytes[reader.offset...]), position: position)
        return CheckpointState(runner: runner, latestLineAt: latest, recentCopies: copies)
    }
}
