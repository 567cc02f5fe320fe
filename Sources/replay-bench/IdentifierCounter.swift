import Foundation

/// Distinct ids for the events a benchmark store makes.
final class IdentifierCounter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func next() -> String {
        lock.withLock {
            count += 1
            return "bench-\(count)"
        }
    }
}
