/// What folding one event did to one projection: the typed answer a parent fold reads
/// (`LogState.apply`) instead of counting warnings.
package enum FoldOutcome<Reason: Sendable & Hashable>: Sendable, Hashable {
    /// The event is not one this projection folds.
    case ignored
    /// The event was folded.
    case applied
    /// The event breaks a rule of this projection and was skipped (with a warning).
    case skipped(Reason)

    /// Whether the event was skipped.
    package var isSkipped: Bool {
        if case .skipped = self { return true }
        return false
    }
}
