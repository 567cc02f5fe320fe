import Events

/// Distinct ids for the events a benchmark store makes.
final class IdentifierCounter: Sendable {
    private let count = Locked(0)

    func next() -> String {
        count.withLock { count in
            count += 1
            return "bench-\(count)"
        }
    }
}
