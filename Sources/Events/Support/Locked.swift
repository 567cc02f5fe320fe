import Foundation

/// A value behind a lock: the one way a class shared between threads keeps mutable state,
/// instead of an `NSLock` beside loose variables under `@unchecked Sendable`. (The standard
/// library's `Mutex` needs iOS 18 and watchOS 11; this package supports iOS 17 and
/// watchOS 10.)
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read or written inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock; what `body` changes stays.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value, read under the lock.
    public var current: Value { withLock { $0 } }
}
