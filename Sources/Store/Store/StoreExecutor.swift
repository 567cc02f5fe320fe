import Commands
import Dispatch

/// A `MoreSleepStore`'s executor: a serial Dispatch queue of its own, so the file lock's
/// waits and `fsync` block that queue, never the cooperative pool or the caller's actor.
final class StoreExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: the only stored property is an immutable Dispatch queue.
    private let queue: DispatchQueue
    private static let marker = DispatchSpecificKey<ObjectIdentifier>()

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

    /// Whether the caller runs on this queue (tests).
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: Self.marker) == ObjectIdentifier(self)
    }
}
