import Commands

/// The observers of `MoreSleepStore.changes()`: each gets the current snapshot, then the
/// newest after each change (older unread ones are dropped).
struct StoreObservers {
    private var continuations: [Int: AsyncStream<StoreSnapshot>.Continuation] = [:]
    private var nextKey = 0

    var isEmpty: Bool { continuations.isEmpty }

    /// A new observer's stream, starting with `current`; `ended` gets its key when the
    /// observer stops iterating.
    mutating func add(current: StoreSnapshot, ended: @escaping @Sendable (Int) -> Void) -> AsyncStream<StoreSnapshot> {
        let (stream, continuation) = AsyncStream<StoreSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = nextKey
        nextKey += 1
        continuations[key] = continuation
        continuation.onTermination = { _ in ended(key) }
        continuation.yield(current)
        return stream
    }

    mutating func remove(_ key: Int) {
        continuations[key] = nil
    }

    func yield(_ snapshot: StoreSnapshot) {
        for continuation in continuations.values { continuation.yield(snapshot) }
    }
}
