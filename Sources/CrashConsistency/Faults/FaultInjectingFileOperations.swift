import EventLogFile
import Events
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// File operations that are made for real (`SystemFileOperations`) except the ones a
/// ``Fault`` names, which fail with its `errno` the way a failing disk makes them fail.
package final class FaultInjectingFileOperations: FileOperations, Sendable {

    /// The calls a fault can fail.
    package enum Call: String, Sendable, Hashable, CaseIterable {
        case write, synchronize, truncate, open, rename, makeFolder, remove
    }

    /// One failure to inject: the `nth` call (from 1) of `call` after the fault was added
    /// fails with `errno` `error`, and so do the `repeats` calls after it. A failed write
    /// may first write `partialBytes` bytes for real (then fail on the call after), as a
    /// disk that fills mid-write does.
    package struct Fault: Sendable, Hashable {
        package var call: Call
        package var error: Int32
        package var nth: Int
        package var repeats: Int
        package var partialBytes: Int

        /// A fault of `call` with `errno` `error` at its `nth` call, repeated `repeats` more times.
        package init(_ call: Call, error: Int32, nth: Int = 1, repeats: Int = 0, partialBytes: Int = 0) {
            self.call = call
            self.error = error
            self.nth = nth
            self.repeats = repeats
            self.partialBytes = partialBytes
        }
    }

    private let system = SystemFileOperations()
    /// The faults, how many calls each has seen, the failures injected, and which partial
    /// writes were made: one value behind a lock.
    private struct Faults: Sendable {
        var faults: [(fault: Fault, seen: Int)] = []
        var injectedCounts: [Call: Int] = [:]
        var partialDone: Set<Int> = []
    }
    private let state = Locked(Faults())

    /// Operations that fail nothing until ``inject(_:)``.
    package init() {}

    /// Adds a fault (counting its calls from now).
    package func inject(_ fault: Fault) {
        state.withLock { $0.faults.append((fault, 0)) }
    }

    /// Removes every fault not yet spent (the disk is healthy again).
    package func heal() {
        state.withLock { $0.faults.removeAll() }
    }

    /// How many failures were injected, by call.
    package var injected: [Call: Int] {
        state.withLock { $0.injectedCounts }
    }

    /// The `errno` the call fails with now, if a fault says so (and counts the call).
    private func failure(of call: Call) -> (error: Int32, partial: Int)? {
        state.withLock { state in
            var answer: (Int32, Int)?
            for index in state.faults.indices where state.faults[index].fault.call == call {
                state.faults[index].seen += 1
                let fault = state.faults[index].fault
                let seen = state.faults[index].seen
                if answer == nil, seen >= fault.nth, seen <= fault.nth + fault.repeats {
                    let partial = state.partialDone.contains(index) ? 0 : fault.partialBytes
                    if partial > 0 {
                        // Write these bytes for real, and fail the same fault's next call.
                        state.partialDone.insert(index)
                        state.faults[index].seen -= 1
                        answer = (0, partial)
                    } else {
                        answer = (fault.error, 0)
                        state.injectedCounts[call, default: 0] += 1
                    }
                }
            }
            return answer
        }
    }

    package func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
        if let failed = failure(of: .open) { throw SystemCallError(failed.error) }
        return try system.open(path, flags: flags, mode: mode)
    }

    package func close(_ descriptor: Int32) {
        system.close(descriptor)
    }

    package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        if let failed = failure(of: .write) {
            guard failed.partial > 0 else { throw SystemCallError(failed.error) }
            return try system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<min(failed.partial, bytes.count)]))
        }
        return try system.write(descriptor, bytes)
    }

    package func synchronize(_ descriptor: Int32) throws(SystemCallError) {
        if let failed = failure(of: .synchronize) { throw SystemCallError(failed.error) }
        try system.synchronize(descriptor)
    }

    package func truncate(_ descriptor: Int32, to length: Int64) throws(SystemCallError) {
        if let failed = failure(of: .truncate) { throw SystemCallError(failed.error) }
        try system.truncate(descriptor, to: length)
    }

    package func changeMode(_ descriptor: Int32, to mode: UInt32) throws(SystemCallError) {
        try system.changeMode(descriptor, to: mode)
    }

    package func makeFolder(_ path: String, mode: UInt32) throws(SystemCallError) {
        if let failed = failure(of: .makeFolder) { throw SystemCallError(failed.error) }
        try system.makeFolder(path, mode: mode)
    }

    package func changeMode(ofPath path: String, to mode: UInt32) throws(SystemCallError) {
        try system.changeMode(ofPath: path, to: mode)
    }

    package func rename(_ source: String, over destination: String) throws(SystemCallError) {
        if let failed = failure(of: .rename) { throw SystemCallError(failed.error) }
        try system.rename(source, over: destination)
    }

    package func remove(_ path: String) throws(SystemCallError) {
        if let failed = failure(of: .remove) { throw SystemCallError(failed.error) }
        try system.remove(path)
    }
}
