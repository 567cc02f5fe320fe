import Dispatch
import Events

/// A checkpoint section read on another thread (`StateCoder.beginSection`): `LogState` reads
/// the sleep ledger beside the rest. The answer is the same as reading it in place.
///
/// Its bytes are borrowed from the payload: the value waits for the thread before it goes
/// (``wait()``, or `deinit` on every other path, a thrown error included).
package final class SectionRead<Value: StateCodable & Sendable>: Sendable {
    /// Below this many bytes a section is read in place: a thread costs more than it saves.
    static var minimumParallelBytes: Int { 1 << 16 }

    private let result = Locked<Result<Value, CheckpointDecodingError>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading the section `field` (at `base` in the payload) on another thread.
    init(_ bytes: UnsafeRawBufferPointer, base: Int, field: StaticString) {
        // The address as a number: the bytes outlive the thread (see the type's comment).
        let address = Int(bitPattern: bytes.baseAddress)
        let count = bytes.count
        DispatchQueue.global(qos: .userInitiated).async { [result, finished] in
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count)
            let read = Result { () throws(CheckpointDecodingError) -> Value in
                var reader = CheckpointReader(bytes, base: base, field: field)
                let value = try reader.read(Value.self)
                try reader.finish()
                return value
            }
            result.withLock { $0 = read }
            finished.signal()
        }
    }

    /// Waits for the other thread, and answers what it read.
    func wait() throws(CheckpointDecodingError) -> Value {
        finished.wait()
        finished.signal()
        guard let read = result.current else {
            throw CheckpointDecodingError(what: "a section", offset: 0, reason: "it was not read")
        }
        return try read.get()
    }

    deinit {
        finished.wait()
    }
}
