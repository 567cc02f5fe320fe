import Commands
import EventLogFile
import Events
import Projections

/// What a log set's checkpoint holds after its position (`CheckpointFolder.write(position:…)`):
/// UInt32 length N, the ``RecentFirstCopies`` table's N bytes, then the state as a log
/// file's checkpoint holds it (`CheckpointState`).
package struct LogSetCheckpointState: Sendable {
    /// The runner, folding as of the position it was decoded for.
    package var runner: ProjectionRunner<LogState>
    /// The instant of the latest line folded.
    package var latestLineAt: Instant
    /// The first copies of the ids folded in the last days.
    package var recentCopies: RecentFirstCopies

    /// The bytes of a state.
    static func payload(of runner: ProjectionRunner<LogState>, latestLineAt: Instant, recentCopies: RecentFirstCopies) -> [UInt8] {
        let table = recentCopies.encoded()
        var bytes: [UInt8] = []
        withUnsafeBytes(of: UInt32(table.count).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes + table + CheckpointState.payload(of: runner, latestLineAt: latestLineAt)
    }

    /// Reads a state from `bytes`, to fold as of `position`.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, position: ReplayPosition
    ) throws(CheckpointDecodingError) -> LogSetCheckpointState {
        guard bytes.count >= 4 else { throw CheckpointDecodingError(what: "the recent copies' length", offset: 0, reason: "cut short") }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
        guard bytes.count >= 4 + length,
              let copies = RecentFirstCopies.decode(UnsafeRawBufferPointer(rebasing: bytes[4..<(4 + length)]))
        else {
            throw CheckpointDecodingError(what: "the recent copies", offset: 4, reason: "they do not decode")
        }
        let (runner, latest) = try CheckpointState.decode(UnsafeRawBufferPointer(rebasing: bytes[(4 + length)...]), position: position)
        return LogSetCheckpointState(runner: runner, latestLineAt: latest, recentCopies: copies)
    }

    /// The state saved in `entry`, decoded to fold as of `position`, or why it cannot be.
    static func decode(_ entry: CheckpointEntry, in folder: CheckpointFolder, position: ReplayPosition) -> Result<LogSetCheckpointState, CheckpointProblem> {
        CheckpointedFold.decoding(entry) { () throws(CheckpointProblem) in
            try folder.withState(of: entry) { bytes in
                Result { () throws(CheckpointDecodingError) in try decode(bytes, position: position) }
            }
        }
    }
}
