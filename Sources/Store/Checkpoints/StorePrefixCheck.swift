/// The check of each checkpoint's whole prefix after a store opened (the open checks only
/// the tail, docs/checkpoints.md): one that differs is removed and the store folds again.
package enum StorePrefixCheck {
    /// Starts the check on `keeper`'s queue at once, so it comes before any save; the task
    /// calls `refold` when a checkpoint failed.
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

    /// The snapshot's warning once the check removed a checkpoint (`failure`: why folding again failed).
    package static func notice(refoldFailure failure: (any Error)? = nil) -> String {
        let found = "a checkpoint covered lines that changed after it was written (an edit before its last line): it was removed"
        guard let failure else { return found + ", and the log was folded again without it" }
        return found + ", but folding the log again failed (\(failure)); what is shown may be wrong: reload once the log can be read"
    }
}
