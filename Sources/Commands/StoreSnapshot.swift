import Events
import Projections

/// What the store knows at one moment: the folded state, the warnings of the fold, and
/// the log's last seq.
public struct StoreSnapshot: Sendable, Hashable {
    /// Every projection, folded in (`at`, `seq`) order.
    public var state: LogState
    /// Events skipped while folding, and why.
    public var warnings: ProjectionWarnings
    /// The log's last seq.
    public var lastSeq: Int
}
