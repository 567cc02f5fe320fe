/// The check of a store's checkpoints after it opened (docs/checkpoints.md): opening trusts a
/// checkpoint whose position still holds its last line (the tail check); this check, on the
/// keeper's queue at low priority and before any checkpoint is saved, reads each whole
/// prefix. When one differs (a line edited further back), the keeper removes it and the
/// store folds the log again from its first line or an older checkpoint, and says so in its
/// snapshot's warnings.
package enum StorePrefixCheck {
    /// Starts the check on `keeper`'s queue (at once, so it comes before any save), and
    /// returns the task that awaits it and calls `refold` when a checkpoint failed.
    static func start(_ keeper: CheckpointKeeper, refold: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let (outcomes, continuation) = AsyncStream<Bool>.makeStream()
        keeper.checkPrefixes { failed in
            continuation.yield(failed)
            continuation.finish()
        }
        return Task {
            for await failed in outcomes where failed { await refold() }
        }
    }

    /// The snapshot's warning after the check found a checkpoint of a changed prefix, and the
    /// store folded the log again (`failure`: the error when that fold failed).
    package static func notice(refoldFailure failure: (any Error)? = nil) -> String {
        let found = "a checkpoint covered lines that changed after it was written (an edit before its last line): it was removed"
        guard let failure else { return found + ", and the log was folded again without it" }
        return found + ", but folding the log again failed (\(failure)); what is shown may be wrong: reload once the log can be read"
    }
}
