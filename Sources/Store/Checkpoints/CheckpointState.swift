import Commands
import EventLogFile
import Events
import Projections

/// What a checkpoint's payload holds: the ``RecentFirstCopies`` table (empty in a log file's),
/// the instant of the latest line folded (the default instant of queries, which an opaque
/// line may set though the runner does not count it), then the runner
/// (`ProjectionRunner.checkpointPayload()`).
package struct CheckpointState: Sendable {
    /// The runner, folding as of the position it was decoded for.
    package var runner: ProjectionRunner<LogState>
    /// The instant of the latest line folded.
    package var latestLineAt: Instant
    /// The first copies of the ids folded in the last days (a log set's).
    package var recentCopies: RecentFirstCopies

    /// The bytes of a state.
    static func payload(of runner: ProjectionRunner<LogState>, latestLineAt: Instant, recentCopies: RecentFirstCopies) -> [UInt8] {
        var writer = CheckpointWriter()
        writer.write(recentCopies)
        writer.instant(latestLineAt)
        return writer.bytes + runner.checkpointPayload()
    }

    /// Reads a state from `bytes`, to fold as of `position` (the state keeps nothing of `bytes`).
    static func decode(_ bytes: UnsafeRawBufferPointer, position: ReplayPosition) throws(CheckpointDecodingError) -> CheckpointState {
        var reader = CheckpointReader(bytes)
        let copies = try reader.read(RecentFirstCopies.self)
        let latest = try reader.instant("the latest line's instant")
        let runner = try ProjectionRunner<LogState>(checkpointPayload: UnsafeRawBufferPointer(rebasing: bytes[reader.offset...]), position: position)
        return CheckpointState(runner: runner, latestLineAt: latest, recentCopies: copies)
    }
}
