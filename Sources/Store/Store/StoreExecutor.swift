import Commands
import Dispatch

/// The executor a `MoreSleepStore` runs on: a serial Dispatch queue of its own, so that the
/// file lock's waits and `fsync` (`F_FULLFSYNC` on Apple platforms) inside `send`, `refresh`
/// and `reload` block that queue's thread, never a thread of Swift's cooperative pool (whose
/// few threads every task of the app shares) nor the caller's actor.
///
/// Each job runs synchronously on the queue, one at a time, in the order enqueued: what an
/// actor needs of a serial executor.
final class StoreExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: the only stored property is an immutable, thread-safe Dispatch queue.
    private let queue: DispatchQueue
    private static let marker = DispatchSpecificKey<ObjectIdentifier>()

    /// An executor on a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        queue.setSpecific(key: Self.marker, value: ObjectIdentifier(self))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.async {
            unowned.runSynchronously(on: self.asUnownedSerialExecutor())
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the caller runs on this executor's queue (for tests).
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: Self.marker) == ObjectIdentifier(self)
    }
}
