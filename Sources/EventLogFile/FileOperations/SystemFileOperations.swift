#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The real system calls: what every file operation of the library uses outside tests.
package struct SystemFileOperations: FileOperations {
    /// The system's calls.
    package init() {}

    package func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
        try retrying { systemOpen(path, flags, mode_t(mode)) }
    }

    package func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let count = try retrying { systemWrite(descriptor, base, bytes.count) }
        // A write of 0 bytes for a non-empty buffer makes no progress: report it as EIO.
        guard count > 0 else { throw SystemCallError(EIO) }
        return count
    }

    package func synchronize(_ descriptor: Int32) throws(SystemCallError) {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) != -1 { return }
        #endif
        _ = try retrying { fsync(descriptor) }
    }

    package func truncate(_ descriptor: Int32, to length: Int64) throws(SystemCallError) {
        _ = try retrying { ftruncate(descriptor, off_t(length)) }
    }

    package func changeMode(_ descriptor: Int32, to mode: UInt32) throws(SystemCallError) {
        _ = try retrying { fchmod(descriptor, mode_t(mode)) }
    }

    package func makeFolder(_ path: String, mode: UInt32) throws(SystemCallError) {
        _ = try retrying { mkdir(path, mode_t(mode)) }
    }

    package func changeMode(ofPath path: String, to mode: UInt32) throws(SystemCallError) {
        _ = try retrying { chmod(path, mode_t(mode)) }
    }

    package func rename(_ source: String, over destination: String) throws(SystemCallError) {
        _ = try retrying { systemRename(source, destination) }
    }

    package func remove(_ path: String) throws(SystemCallError) {
        _ = try retrying { unlink(path) }
    }

    /// Runs `call` until it is not interrupted; a negative answer throws `errno`.
    private func retrying<Answer: BinaryInteger>(_ call: () -> Answer) throws(SystemCallError) -> Answer {
        while true {
            let answer = call()
            if answer >= 0 { return answer }
            let error = errno
            if error != EINTR { throw SystemCallError(error) }
        }
    }
}

// Free functions, so that the methods named like the calls do not shadow them.

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, base, count)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
