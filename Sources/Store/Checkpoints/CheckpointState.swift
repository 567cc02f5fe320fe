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
        var bytes: [UInt8] = []
        withUnsafeBytes(of: UInt32(table.count).littleEndian) { bytes.append(contentsOf: $0) }
        var writer = CheckpointWriter(capacity: 16)
        writer.instant(latestLineAt)
        return bytes + table + writer.bytes + runner.checkpointPayload()
    }

    /// Reads a state from `bytes`, to fold as of `position`; `keeper` as
    /// `ProjectionRunner.init(checkpointPayload:position:keptBy:)` takes it (without one, the
    /// state keeps nothing of `bytes`).
    static func decode(
        _ bytes: UnsafeRawBufferPointer, position: ReplayPosition, keptBy keeper: (any AnyObject & Sendable)? = nil
    ) throws(CheckpointDecodingError) -> CheckpointState {
        guard bytes.count >= 4 else { throw CheckpointDecodingError(what: "the recent copies' length", offset: 0, reason: "cut short") }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
        guard bytes.count >= 4 + length,
              let copies = RecentFirstCopies.decode(UnsafeRawBufferPointer(rebasing: bytes[4..<(4 + length)]))
        else {
            throw CheckpointDecodingError(what: "the recent copies", offset: 4, reason: "they do not decode")
        }
        var reader = CheckpointReader(UnsafeRawBufferPointer(rebasing: bytes[(4 + length)...]))
        let latest = try reader.instant("the latest line's instant")
        let rest = UnsafeRawBufferPointer(rebasing: bytes[(4 + length + reader.offset)...])
        let runner = try ProjectionRunner<LogState>(checkpointPayload: rest, position: position, keptBy: keeper)
        return CheckpointState(runner: runner, latestLineAt: latest, recentCopies: copies)
    }
}
