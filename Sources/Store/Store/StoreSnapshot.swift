import Commands
import Events
import Projections

/// What the store knows at one moment: the state, the fold's warnings, the last seq, and
/// whether the state is behind the log.
public struct StoreSnapshot: Sendable, Hashable {
    /// Every projection, a correct fold of the log (while ``outOfDate``, without its events).
    public var state: LogState
    /// Events skipped while folding, and why; an out-of-date warning comes last.
    public var warnings: ProjectionWarnings
    /// The log's last seq (this device's stream's in a log set), unfolded events included.
    public var lastSeq: Int
    /// `nil` when the state holds every event this store knows of; else which events are not
    /// folded in yet and why, for a front end to show. `MoreSleepStore.reload()` retries.
    public var outOfDate: StoreStaleness?
}

extension StoreSnapshot: CustomStringConvertible {
    /// "log at seq 42, 1 warning" (and "out of date: …"), for a console.
    public var description: String {
        var text = "log at seq \(lastSeq), \(warnings.all.count) warning\(warnings.all.count == 1 ? "" : "s")"
        if let outOfDate { text += "; out of date: \(outOfDate.warning)" }
        return text
    }
}
