/// The version of what the fold means; a checkpoint of another fold version is ignored.
/// **Bump ``current`` whenever any projection's output changes** (a rule, a warning's words,
/// anything `show --json` shows differently); a change of payload bytes bumps
/// `CheckpointLayout.version` instead. `Tests/Fixtures/FrozenLogs/fold-version.txt` pins it
/// (docs/checkpoints.md).
package enum FoldVersion {
    package static let current: UInt32 = 9
}
