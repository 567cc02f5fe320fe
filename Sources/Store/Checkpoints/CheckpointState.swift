import Commands
import Events
import Projections

/// What a checkpoint's payload holds: the instant of the latest line folded (with its
/// offset: the default instant of queries, which an opaque line may set though the runner
/// does not count it), then the runner (`ProjectionRunner.checkpointPayload()`).
enum CheckpointState {
    /// The payload of `runner`, whose latest line is at `latestLineAt`.
    static func payload(of runner: ProjectionRunner<LogState>, latestLineAt: Instant) -> [UInt8] {
        var writer = CheckpointWriter(capacity: 16)
        writer.instant(latestLineAt)
        return writer.bytes + runner.checkpointPayload()
    }

    /// The runner (folding as of `position` from here on) and the latest line's instant.
    static func decode(_ payload: [UInt8], position: ReplayPosition) throws(CheckpointDecodingError) -> (runner: ProjectionRunner<LogState>, latestLineAt: Instant) {
        let decoded = payload.withUnsafeBytes { bytes in
            Result { () throws(CheckpointDecodingError) in try decode(bytes, position: position) }
        }
        return try decoded.get()
    }

    /// ``decode(_:position:)`` of bytes in memory (the state keeps nothing of `bytes`).
    static func decode(
        _ bytes: UnsafeRawBufferPointer, position: ReplayPosition
    ) throws(CheckpointDecodingError) -> (runner: ProjectionRunner<LogState>, latestLineAt: Instant) {
        var reader = CheckpointReader(bytes)
        let latest = try reader.instant("the latest line's instant")
        let rest = UnsafeRawBufferPointer(rebasing: bytes[reader.offset...])
        return (try ProjectionRunner<LogState>(checkpointPayload: rest, position: position), latest)
    }
}
