import Commands
import EventLogFile
import Events
import Projections

/// What a checkpoint holds after its position (`CheckpointFolder.write(position:…)`):
/// UInt32 length N, the ``RecentFirstCopies`` table's N bytes (empty in a log file's), the
/// instant of the latest line folded (with its offset: the default instant of queries, which
/// an opaque line may set though the runner does not count it), then the runner
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
        let table = recentCopies.encoded()
        var head = LittleEndianWriter(capacity: 4 + table.count)
        head.write(UInt32(table.count))
        head.write(bytes: table)
        var writer = CheckpointWriter(capacity: 16)
        writer.instant(latestLineAt)
        return head.bytes + writer.bytes + runner.checkpointPayload()
    }

    /// Reads a state from `bytes`, to fold as of `position` (the state keeps nothing of `bytes`).
    static func decode(_ bytes: UnsafeRawBufferPointer, position: ReplayPosition) throws(CheckpointDecodingError) -> CheckpointState {
        var head = LittleEndianReader(bytes)
        guard let length = try? head.read(UInt32.self) else {
            throw CheckpointDecodingError(what: "the recent copies' length", offset: 0, reason: "cut short")
        }
        guard let table = try? head.read(count: Int(length)), let copies = RecentFirstCopies.decode(table) else {
            throw CheckpointDecodingError(what: "the recent copies", offset: 4, reason: "they do not decode")
        }
        var reader = CheckpointReader(UnsafeRawBufferPointer(rebasing: bytes[head.offset...]))
        let latest = try reader.instant("the latest line's instant")
        let rest = UnsafeRawBufferPointer(rebasing: bytes[(head.offset + reader.offset)...])
        let runner = try ProjectionRunner<LogState>(checkpointPayload: rest, position: position)
        return CheckpointState(runner: runner, latestLineAt: latest, recentCopies: copies)
    }
}
