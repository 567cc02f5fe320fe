import Commands

/// The observers of a store's snapshots (`MoreSleepStore.changes()`, `MoreSleepStore.changes()`):
/// each gets the current snapshot at once, then the newest after each change (older ones it
/// has not read yet are dropped). Kept by the store's actor.
struct StoreObservers {
    private var continuations: [Int: AsyncStream<StoreSnapshot>.Continuation] = [:]
    private var nextKey = 0

    /// Whether nobody observes (then a store need not make a snapshot).
    var isEmpty: Bool { continuations.isEmpty }

    /// A new observer's stream, starting with `current`; `ended` is called with its key when
    /// the observer stops iterating (the store then calls ``remove(_:)``).
    mutating func add(current: StoreSnapshot, ended: @escaping @Sendable (Int) -> Void) -> AsyncStream<StoreSnapshot> {
        let (stream, continuation) = AsyncStream<StoreSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = nextKey
        nextKey += 1
        continuations[key] = continuation
        continuation.onTermination = { _ in ended(key) }
        continuation.yield(current)
        return stream
    }

    /// Forgets the observer `key`.
    mutating func remove(_ key: Int) {
        continuations[key] = nil
    }

    /// Hands `snapshot` to every observer.
    func yield(_ snapshot: StoreSnapshot) {
        for continuation in continuations.values { continuation.yield(snapshot) }
    }
}
