import Dispatch
import Events

/// A section of a checkpoint read on another thread (`StateCoder.beginSection`): `LogState`
/// reads the sleep ledger, half the work of reading a state, beside the projections written
/// after it. The answer is the same as reading the section in its place: its own reader
/// reads its bytes to their end and builds its own value, and its errors give their offsets
/// in the payload.
///
/// The section's bytes are borrowed from the payload the description reads, valid only while
/// it reads: the value waits for the other thread before it goes (``wait()``, and `deinit` on
/// every other path, an error thrown meanwhile included), so the bytes are never read after
/// the description returns.
package final class SectionRead<Value: StateCodable & Sendable>: Sendable {
    /// Below this many bytes a section is read in its place (a thread's start costs more
    /// than it would save).
    static var minimumParallelBytes: Int { 1 << 16 }

    private let result = Locked<Result<Value, CheckpointDecodingError>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading `bytes` (at `base` in the payload: the section `field`) as a `Value`
    /// on another thread.
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
