import Commands
import EventLogFile

/// Where a log file's (or a log set's) checkpoints live, or that none are used.
///
/// A checkpoint is the folded state of a prefix of the log, saved in a folder so that
/// opening folds only the lines after it (docs/checkpoints.md). It is a cache: deleting the
/// folder changes no output, only the time to open.
public struct CheckpointOptions: Sendable, Hashable {
    enum Place: Sendable, Hashable {
        case besideLog
        case folder(String)
        case off
    }

    let place: Place

    /// `LOG.checkpoints/` beside the log file `LOG`; for a log set, `checkpoints/` inside its
    /// directory (the default).
    public static let besideLog = CheckpointOptions(place: .besideLog)

    /// The folder at `path` (created when first written): e.g. in an app group's
    /// container, or in Caches on a device where the log itself is backed up.
    ///
    /// The store reads checkpoints when it opens and when a late line rewinds it, so the
    /// folder must stay readable while the device is locked, as the log must (not
    /// `NSFileProtection.complete`).
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
