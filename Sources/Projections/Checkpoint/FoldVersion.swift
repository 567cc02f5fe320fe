/// The version of what the fold means: which `LogState`, warnings and answers a given log
/// folds into.
///
/// A checkpoint records the fold version it was made with, and one of another fold version
/// is ignored (the log is folded from its first line instead). **Bump ``current`` whenever
/// any projection's meaning changes**: a rule of a fold, what a projection keeps, a
/// warning's words, a query's answer for the same state, anything `show --json` would show
/// differently for the same log. A change that only moves bytes around (a faster fold with
/// the same output) needs no bump; a change of the payload's byte layout bumps
/// `CheckpointLayout.version` instead.
///
/// `Tests/Fixtures/FrozenLogs/fold-version.txt` holds this number and a digest of the
/// JSON views of every frozen log; its test fails when the views change while this number
/// does not (bump it, then re-record with `RECORD_GOLDENS=1`).
package enum FoldVersion {
    /// The fold version of this build.
    package static let current: UInt32 = 4
}
