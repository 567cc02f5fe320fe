#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// An open file descriptor of an event log file, owned uniquely.
///
/// The value cannot be copied, so exactly one owner closes the descriptor: either
/// explicitly with ``close()`` or, when the value is dropped, automatically.
/// Closing the descriptor also releases its lock.
///
/// All operations are synchronous system calls that block the calling thread;
/// ``lockExclusive(timeout:)`` blocks for at most its timeout.
///
/// Durability: ``appendAll(_:)`` only hands bytes to the operating system; call
/// ``synchronize()`` to have them on disk (`fsync`, or `F_FULLFSYNC` on Apple platforms).
package struct LogFileDescriptor: ~Copyable, Sendable {
    /// The raw descriptor, or -1 once closed.
    private var descriptor: Int32

    /// The path the file was opened with, used to name the file in errors.
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
        }
    }

    // MARK: Opening

    /// Opens a log file for appending (and reading), optionally creating it.
    ///
    /// The file is opened with `O_RDWR | O_APPEND | O_CLOEXEC`, so every write lands at the
    /// end of the file whatever the read position. A new file is created with mode 0600
    /// exactly (it holds health data), and then the file and its folder are synced so that
    /// the new name survives a crash. The mode of an existing file is left as it is.
    ///
    /// - Parameters:
    ///   - path: The log file's path.
    ///   - createIfMissing: Whether to create the file when it does not exist.
    /// - Returns: The open descriptor, not yet locked.
    /// - Throws: ``EventLogFileError`` with code `.notFound` (the file is missing and
    ///   `createIfMissing` is false, or its folder is missing), `.isDirectory`,
    ///   `.permissionDenied`, or `.ioError`.
    package static func openForAppending(
        path: String,
        createIfMissing: Bool
    ) throws(EventLogFileError) -> LogFileDescriptor {
        let flags = O_RDWR | O_APPEND | O_CLOEXEC
        if !createIfMissing {
            let descriptor = try openRetryingInterrupts(path: path, flags: flags, action: "open the log for appending")
            return LogFileDescriptor(descriptor: descriptor, path: path)
        }
        // Create with O_EXCL to know whether this call made the file (then the folder must be
        // synced); if it already exists, open it as it is. The loop covers a file removed
        // or created by someone else between the two attempts.
        var attempts = 0
        while true {
            attempts += 1
            let created = systemOpen(path, flags | O_CREAT | O_EXCL, 0o600)
            if created >= 0 {
                let file = LogFileDescriptor(descriptor: created, path: path)
                try file.finishCreation()
                return file
            }
            let creationError = errno
            if creationError == EINTR {
                continue
            }
            if creationError != EEXIST {
                throw .system(creationError, action: "create the log", path: path)
            }
            let existing = systemOpen(path, flags, 0)
            if existing >= 0 {
                return LogFileDescriptor(descriptor: existing, path: path)
            }
            let openError = errno
            if openError == EINTR || (openError == ENOENT && attempts < 3) {
                // Removed between the two calls: try to create it again.
                continue
            }
            // ENOENT after EEXIST again and again: a symbolic link whose target is missing.
            throw .system(openError, action: "open the log for appending", path: path)
        }
    }

    /// Opens an existing log file to repair it (read and write, `O_APPEND`, never created):
    /// like ``openForAppending(path:createIfMissing:)`` with `createIfMissing` false, but a
    /// failure says it could not open the log to repair.
    ///
    /// - Parameter path: The log file's path.
    /// - Returns: The open descriptor, not yet locked.
    /// - Throws: ``EventLogFileError`` with code `.notFound`, `.isDirectory`,
    ///   `.permissionDenied`, or `.ioError`.
    package static func openForRepair(path: String) throws(EventLogFileError) -> LogFileDescriptor {
        let descriptor = try openRetryingInterrupts(path: path, flags: O_RDWR | O_APPEND | O_CLOEXEC, action: "open the log to repair")
        return LogFileDescriptor(descriptor: descriptor, path: path)
    }

    /// Opens a log file for reading only (`O_RDONLY | O_CLOEXEC`).
    ///
    /// - Parameter path: The log file's path.
    /// - Returns: The open descriptor.
    /// - Throws: ``EventLogFileError`` with code `.notFound` (no such file, a missing folder
    ///   on the path, or a symbolic link whose target is missing), `.isDirectory`,
    ///   `.permissionDenied`, or `.ioError`.
    package static func openForReading(path: String) throws(EventLogFileError) -> LogFileDescriptor {
        let descriptor = try openRetryingInterrupts(path: path, flags: O_RDONLY | O_CLOEXEC, action: "open the log for reading")
        let file = LogFileDescriptor(descriptor: descriptor, path: path)
        // A directory opens fine read-only; refuse it here rather than failing on the first read.
        if try file.isDirectory() {
            throw EventLogFileError(
                code: .isDirectory,
                message: "this is a directory, not a log file — give the path of the log file inside it",
                path: path
            )
        }
        return file
    }

    private static func openRetryingInterrupts(
        path: String,
        flags: Int32,
        action: String
    ) throws(EventLogFileError) -> Int32 {
        while true {
            let descriptor = systemOpen(path, flags, 0)
            if descriptor >= 0 {
                return descriptor
            }
            let error = errno
            if error != EINTR {
                throw .system(error, action: action, path: path)
            }
        }
    }

    /// Makes a freshly created file 0600 whatever the umask, and makes its name durable.
    private func finishCreation() throws(EventLogFileError) {
        // The umask can only narrow the mode given to open; set it exactly anyway.
        if fchmod(descriptor, 0o600) != 0 {
            throw .system(errno, action: "set the new log's permissions to 0600", path: path)
        }
        try synchronize()
        try Self.synchronizeFolder(containing: path)
    }

    /// Syncs the folder that holds `path`, so that a newly created name in it is durable.
    private static func synchronizeFolder(containing path: String) throws(EventLogFileError) {
        let folder = parentFolder(of: path)
        var folderDescriptor: Int32
        repeat {
            folderDescriptor = systemOpen(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        } while folderDescriptor < 0 && errno == EINTR
        if folderDescriptor < 0 {
            throw .system(
                errno,
                action: "open the log's folder to make the new file durable",
                consequence: "the file was created but may not survive a crash",
                path: folder
            )
        }
        defer { _ = systemClose(folderDescriptor) }
        if let error = fullSynchronize(folderDescriptor) {
            throw .system(
                error,
                action: "sync the log's folder",
                consequence: "the file was created but may not survive a crash",
                path: folder
            )
        }
    }

    /// The folder part of a path: everything before the last `/`, `/` for a file at the
    /// root, or `.` for a bare file name.
    static func parentFolder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") {
            trimmed = trimmed.dropLast()
        }
        guard let slash = trimmed.lastIndex(of: "/") else {
            return "."
        }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    // MARK: Locking

    /// Takes the exclusive lock on the file (`flock`), waiting at most `timeout`.
    ///
    /// The lock is advisory and belongs to this descriptor: a second descriptor of the same
    /// file is excluded too, even in the same process. It is polled without blocking every
    /// 5 ms at first, backing off exponentially up to every 50 ms, on a monotonic clock.
    /// The lock is released by ``unlock()`` or by closing the descriptor.
    ///
    /// - Parameter timeout: How long to wait for another holder to let go. `.zero` (or a
    ///   negative duration) tries exactly once.
    /// - Throws: ``EventLogFileError`` with code `.lockTimeout` if another holder kept the
    ///   lock until the timeout, or `.ioError` if locking failed otherwise.
    package func lockExclusive(timeout: Duration) throws(EventLogFileError) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(5)
        let longestPause = Duration.milliseconds(50)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                return
            }
            let error = errno
            if error == EINTR {
                continue
            }
            guard error == EWOULDBLOCK || error == EAGAIN else {
                throw .system(error, action: "lock the log", consequence: "nothing was written", path: path)
            }
            let now = clock.now
            if now >= deadline {
                throw EventLogFileError(
                    code: .lockTimeout,
                    message: "another process holds the log's lock (it is appending); "
                        + "nothing was written — try again",
                    path: path,
                    systemErrorNumber: error
                )
            }
            Self.sleep(for: min(pause, now.duration(to: deadline)))
            pause = min(pause * 2, longestPause)
        }
    }

    /// Releases the lock taken by ``lockExclusive(timeout:)``. Does nothing if it is not held.
    package func unlock() {
        while flock(descriptor, LOCK_UN) != 0 && errno == EINTR {}
    }

    /// Blocks the calling thread for `duration` (an interrupted sleep returns early, which
    /// the polling loop tolerates).
    private static func sleep(for duration: Duration) {
        let components = duration.components
        guard components.seconds > 0 || components.attoseconds > 0 else {
            return
        }
        var request = timespec()
        request.tv_sec = time_t(components.seconds)
        request.tv_nsec = Int(components.attoseconds / 1_000_000_000)
        _ = nanosleep(&request, nil)
    }

    // MARK: Reading and writing

    /// The file's current size in bytes (`fstat`).
    ///
    /// - Throws: ``EventLogFileError`` with code `.ioError`.
    package func size() throws(EventLogFileError) -> Int64 {
        Int64(try status().st_size)
    }

    /// Reads up to `buffer.count` bytes at `offset` (`pread`), without moving any position.
    ///
    /// A short count is not an error; 0 means `offset` is at or beyond the end of the file.
    ///
    /// - Parameters:
    ///   - buffer: Where to put the bytes.
    ///   - offset: The byte offset in the file to read from (0 or more).
    /// - Returns: The number of bytes read.
    /// - Throws: ``EventLogFileError`` with code `.invalidArgument` for a negative offset,
    ///   or `.ioError`.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(EventLogFileError) -> Int {
        guard offset >= 0 else {
            throw EventLogFileError(
                code: .invalidArgument,
                message: "cannot read at the negative offset \(offset)",
                path: path
            )
        }
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return 0
        }
        while true {
            let count = pread(descriptor, base, buffer.count, off_t(offset))
            if count >= 0 {
                return count
            }
            let error = errno
            if error != EINTR {
                throw .system(error, action: "read the log", path: path)
            }
        }
    }

    /// Appends all of `bytes` at the end of the file (the descriptor is `O_APPEND`),
    /// continuing after partial writes and interruptions.
    ///
    /// This does not make the bytes durable: call ``synchronize()`` afterwards.
    /// Take the lock first when other writers may exist.
    ///
    /// - Parameter bytes: The bytes to append; empty appends nothing.
    /// - Throws: ``EventLogFileError`` with code `.ioError` (for example a full disk).
    ///   Its message says whether nothing was written or how many bytes were, in which case
    ///   the file may now end with a partial line that must be repaired.
    package func appendAll(_ bytes: UnsafeRawBufferPointer) throws(EventLogFileError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return
        }
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, base + written, bytes.count - written)
            if count > 0 {
                written += count
                continue
            }
            let error = count == 0 ? EIO : errno
            if count < 0 && error == EINTR {
                continue
            }
            let consequence = written == 0
                ? "nothing was written"
                : "only \(written) of \(bytes.count) bytes were written, so the log may end with "
                    + "a partial line that must be repaired before appending again"
            throw .system(error, action: "append to the log", consequence: consequence, path: path)
        }
    }

    /// Makes everything written so far durable: `F_FULLFSYNC` on Apple platforms (falling
    /// back to `fsync` where the file system does not support it), `fsync` elsewhere.
    ///
    /// - Throws: ``EventLogFileError`` with code `.ioError`; the data may then not be durable.
    package func synchronize() throws(EventLogFileError) {
        if let error = Self.fullSynchronize(descriptor) {
            throw .system(
                error,
                action: "sync the log to disk",
                consequence: "what was written may not survive a crash",
                path: path
            )
        }
    }

    /// Cuts the file to `length` bytes (`ftruncate`) and syncs it, for example to remove a
    /// torn tail.
    ///
    /// - Parameter length: The new size in bytes, 0 or more (normally less than ``size()``).
    /// - Throws: ``EventLogFileError`` with code `.invalidArgument` for a negative length,
    ///   or `.ioError`.
    package func truncate(to length: Int64) throws(EventLogFileError) {
        guard length >= 0 else {
            throw EventLogFileError(
                code: .invalidArgument,
                message: "cannot truncate to the negative length \(length)",
                path: path
            )
        }
        while ftruncate(descriptor, off_t(length)) != 0 {
            let error = errno
            if error != EINTR {
                throw .system(error, action: "truncate the log", path: path)
            }
        }
        try synchronize()
    }

    /// Closes the descriptor, which also releases its lock.
    ///
    /// Errors from `close` are ignored: they cannot be acted on, and durability comes from
    /// ``synchronize()``, not from closing.
    package consuming func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
        }
        descriptor = -1
    }

    // MARK: Helpers

    private func status() throws(EventLogFileError) -> stat {
        var information = stat()
        if fstat(descriptor, &information) != 0 {
            throw .system(errno, action: "get the log's size", path: path)
        }
        return information
    }

    private func isDirectory() throws(EventLogFileError) -> Bool {
        let fileTypeMask: UInt32 = 0o170000
        let directoryType: UInt32 = 0o040000
        return UInt32(try status().st_mode) & fileTypeMask == directoryType
    }

    /// Syncs a descriptor the most durable way the platform offers; returns `errno` on failure.
    static func fullSynchronize(_ descriptor: Int32) -> Int32? {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) != -1 {
            return nil
        }
        #endif
        while fsync(descriptor) != 0 {
            let error = errno
            if error != EINTR {
                return error
            }
        }
        return nil
    }
}

// Free functions so that the methods named `close` and `open…` do not shadow the system calls.

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
