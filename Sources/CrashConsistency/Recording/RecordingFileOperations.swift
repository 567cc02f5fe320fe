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

/// File operations that are made for real (`SystemFileOperations`) and recorded, in order,
/// with what a crash state needs: which file each write went to and at which offset.
///
/// Paths are recorded as given (workloads use absolute paths under one root folder).
package final class RecordingFileOperations: FileOperations, Sendable {
    private let system = SystemFileOperations()
    /// What was recorded, and what each open descriptor is (its path, whether it is a folder
    /// or appends): one value behind a lock.
    private struct Record: Sendable {
        var recorded: [RecordedOperation] = []
        var descriptors: [Int32: (path: String, isFolder: Bool, appends: Bool)] = [:]
    }
    private let state = Locked(Record())

    /// A recorder with nothing recorded.
    package init() {}

    /// Everything recorded so far, in order.
    package var operations: [RecordedOperation] {
        state.withLock { state in state.recorded }
    }

    /// Records the workload's mark that the file at `path` now holds what was acknowledged
    /// (its current bytes are the prefix every later crash state must keep).
    package func acknowledge(path: String, label: String) {
        let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        state.withLock { state in state.recorded.append(.acknowledged(path: path, prefix: bytes, label: label)) }
    }

    package func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
        let existed = FileManager.default.fileExists(atPath: path)
        let descriptor = try system.open(path, flags: flags, mode: mode)
        state.withLock { state in
            state.descriptors[descriptor] = (path, flags & O_DIRECTORY != 0, flags & O_APPEND != 0)
            if flags & O_CREAT != 0, !existed { state.recorded.append(.createFile(path: path)) }
        }
        return descriptor
    }

    package func close(_ descriptor: Int32) {
        state.withLock { state in _ = state.descriptors.removeValue(forKey: descriptor) }
        system.close(descriptor)
    }

    package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        let known = state.withLock { state in state.descriptors[descriptor] }
        let offset: Int64
        if known?.appends ?? false {
            var information = stat()
            offset = fstat(descriptor, &information) == 0 ? Int64(information.st_size) : 0
        } else {
            offset = Int64(lseek(descriptor, 0, SEEK_CUR))
        }
        let count = try system.write(descriptor, bytes)
        if let known {
            let written = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[..<count]))
            state.withLock { state in state.recorded.append(.write(path: known.path, offset: offset, bytes: written)) }
        }
        return count
    }

    package func synchronize(_ descriptor: Int32) throws(SystemCallError) {
        try system.synchronize(descriptor)
        state.withLock { state in
            guard let known = state.descriptors[descriptor] else { return }
            state.recorded.append(known.isFolder ? .synchronizeFolder(path: known.path) : .synchronizeFile(path: known.path))
        }
    }

    package func truncate(_ descriptor: Int32, to length: Int64) throws(SystemCallError) {
        try system.truncate(descriptor, to: length)
        state.withLock { state in
            guard let known = state.descriptors[descriptor] else { return }
            state.recorded.append(.truncate(path: known.path, length: length))
        }
    }

    package func changeMode(_ descriptor: Int32, to mode: UInt32) throws(SystemCallError) {
        try system.changeMode(descriptor, to: mode)
    }

    package func makeFolder(_ path: String, mode: UInt32) throws(SystemCallError) {
        try system.makeFolder(path, mode: mode)
        state.withLock { state in state.recorded.append(.makeFolder(path: path)) }
    }

    package func changeMode(ofPath path: String, to mode: UInt32) throws(SystemCallError) {
        try system.changeMode(ofPath: path, to: mode)
    }

    package func rename(_ source: String, over destination: String) throws(SystemCallError) {
        try system.rename(source, over: destination)
        state.withLock { state in state.recorded.append(.rename(from: source, to: destination)) }
    }

    package func remove(_ path: String) throws(SystemCallError) {
        try system.remove(path)
        state.withLock { state in state.recorded.append(.remove(path: path)) }
    }
}
