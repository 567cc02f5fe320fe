import Commands
import Events
import Projections

/// What the store knows at one moment: the folded state, the warnings of the fold, the
/// log's last seq, and whether the state is behind the log.
public struct StoreSnapshot: Sendable, Hashable {
    /// Every projection, folded in (`at`, `seq`) order: always a correct fold of the log
    /// up to what it holds; while ``outOfDate`` is set, without the events it names.
    public var state: LogState
    /// Events skipped while folding, and why; while ``outOfDate`` is set, its warning
    /// last.
    public var warnings: ProjectionWarnings
    /// The log's last seq (while ``outOfDate`` is set, the state does not hold the events
    /// it names, up to this seq).
    public var lastSeq: Int
    /// `nil` when the state holds every event of the log this store knows of; else which
    /// appended events are not folded in yet and why (a re-read of the log failed), for a
    /// front end to show. `MoreSleepStore.reload()` retries.
    public var outOfDate: StoreStaleness?
}

extension StoreSnapshot: CustomStringConvertible {
    /// "log at seq 42, 1 warning" (and "out of date: …" while it is), for a console.
    public var description: String {
        var text = "log at seq \(lastSeq), \(warnings.all.count) warning\(warnings.all.count == 1 ? "" : "s")"
        if let outOfDate { text += "; out of date: \(outOfDate.warning)" }
        return text
    }
}
