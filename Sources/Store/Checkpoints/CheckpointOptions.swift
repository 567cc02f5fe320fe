import Commands
import EventLogFile

/// Where a log's checkpoints live, or that none are used. A checkpoint is a cache
/// (docs/checkpoints.md): deleting the folder changes no output, only the time to open.
public struct CheckpointOptions: Sendable, Hashable {
    enum Place: Sendable, Hashable {
        case besideLog
        case folder(String)
        case off
    }

    let place: Place

    /// `LOG.checkpoints/` beside a log file, `checkpoints/` inside a log set (the default).
    public static let besideLog = CheckpointOptions(place: .besideLog)

    /// The folder at `path` (created when first written), e.g. in Caches when the log is
    /// backed up; readable while the device is locked, as the log (docs/checkpoints.md).
    public static func folder(_ path: String) -> CheckpointOptions {
        CheckpointOptions(place: .folder(path))
    }

    /// No checkpoints: every open folds the whole log, and none is written.
    public static let off = CheckpointOptions(place: .off)

    /// The folder of the checkpoints of `source`, or `nil` when off.
    package func folderPath(for source: LogSource) -> String? {
        switch place {
        case .besideLog: return source.defaultCheckpointFolder
        case .folder(let path): return path
        case .off: return nil
        }
    }
}
