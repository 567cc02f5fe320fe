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
///
/// Every call that changes the file (and opening and closing it) goes through its
/// ``FileOperations`` (the system's, outside tests).
package struct LogFileDescriptor: ~Copyable, Sendable {
    /// The raw descriptor, or -1 once closed.
    private var descriptor: Int32

    /// The path the file was opened with, used to name the file in errors.
    package let path: String

    /// The calls that change the file.
    private let operations: any FileOperations

    private init(descriptor: Int32, path: String, operations: any FileOperations) {
        self.descriptor = descriptor
        self.path = path
        self.operations = operations
    }

    deinit {
        if descriptor >= 0 {
            operations.close(descriptor)
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
        createIfMissing: Bool,
        operations: any FileOperations = SystemFileOperations()
    ) throws(EventLogFileError) -> LogFileDescriptor {
        let flags = O_RDWR | O_APPEND | O_CLOEXEC
        if !createIfMissing {
            let descriptor = try open(path: path, flags: flags, action: "open the log for appending", operations: operations)
            return LogFileDescriptor(descriptor: descriptor, path: path, operations: operations)
        }
        // Create with O_EXCL to know whether this call made the file (then the folder must be
        // synced); if it already exists, open it as it is. The loop covers a file removed
        // or created by someone else between the two attempts.
        var attempts = 0
        while true {
            attempts += 1
            let created: Int32
            do {
                created = try operations.open(path, flags: flags | O_CREAT | O_EXCL, mode: 0o600)
            } catch where error.number == EEXIST {
                let existing: Int32
                do {
                    existing = try operations.open(path, flags: flags, mode: 0)
                } catch where error.number == ENOENT && attempts < 3 {
                    // Removed between the two calls: try to create it again.
                    continue
                } catch {
                    // ENOENT after EEXIST again and again: a symbolic link whose target is missing.
                    throw .system(error.number, action: "open the log for appending", path: path)
                }
                return LogFileDescriptor(descriptor: existing, path: path, operations: operations)
            } catch {
                throw .system(error.number, action: "create the log", path: path)
            }
            let file = LogFileDescriptor(descriptor: created, path: path, operations: operations)
            try file.finishCreation()
            return file
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
    package static func openForRepair(
        path: String, operations: any FileOperations = SystemFileOperations()
    ) throws(EventLogFileError) -> LogFileDescriptor {
        let descriptor = try open(path: path, flags: O_RDWR | O_APPEND | O_CLOEXEC, action: "open the log to repair", operations: operations)
        return LogFileDescriptor(descriptor: descriptor, path: path, operations: operations)
    }

    /// Opens a log file for reading only (`O_RDONLY | O_CLOEXEC`).
    ///
    /// - Parameter path: The log file's path.
    /// - Returns: The open descriptor.
    /// - Throws: ``EventLogFileError`` with code `.notFound` (no such file, a missing folder
    ///   on the path, or a symbolic link whose target is missing), `.isDirectory`,
    ///   `.permissionDenied`, or `.ioError`.
    package static func openForReading(path: String) throws(EventLogFileError) -> LogFileDescriptor {
        let operations = SystemFileOperations()
        let descriptor = try open(path: path, flags: O_RDONLY | O_CLOEXEC, action: "open the log for reading", operations: operations)
        let file = LogFileDescriptor(descriptor: descriptor, path: path, operations: operations)
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

    private static func open(
        path: String, flags: Int32, action: String, operations: any FileOperations
    ) throws(EventLogFileError) -> Int32 {
        do {
            return try operations.open(path, flags: flags, mode: 0)
        } catch {
            throw .system(error.number, action: action, path: path)
        }
    }

    /// Makes a freshly created file 0600 whatever the umask, and makes its name durable.
    private func finishCreation() throws(EventLogFileError) {
        // The umask can only narrow the mode given to open; set it exactly anyway.
        do {
            try operations.changeMode(descriptor, to: 0o600)
        } catch {
            throw .system(error.number, action: "set the new log's permissions to 0600", path: path)
        }
        try synchronize()
        try Self.synchronizeFolder(
            Self.parentFolder(of: path), operations: operations, what: "the log's folder",
            consequence: "the file was created but may not survive a crash")
    }

    /// Syncs the folder at `folder`, so that the names created, renamed or removed in it are
    /// durable; `what` names it in an error ("the log's folder"), followed by `consequence`.
    package static func synchronizeFolder(
        _ folder: String, operations: any FileOperations, what: String, consequence: String
    ) throws(EventLogFileError) {
        let folderDescriptor: Int32
        do {
            folderDescriptor = try operations.open(folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, mode: 0)
        } catch {
            throw .system(error.number, action: "open \(what) to sync it", consequence: consequence, path: folder)
        }
        defer { operations.close(folderDescriptor) }
        do {
            try operations.synchronize(folderDescriptor)
        } catch {
            throw .system(error.number, action: "sync \(what)", consequence: consequence, path: folder)
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

    /// Up to `count` bytes from `start` (fewer when the file ends sooner), read until done.
    ///
    /// - Throws: ``EventLogFileError`` as ``read(into:at:)`` does.
    package func readFully(from start: Int64, count: Int) throws(EventLogFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { raw in
                Result { () throws(EventLogFileError) in
                    try self.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[done...]), at: start + Int64(done))
                }
            }
            let got = try read.get()
            if got == 0 { break }
            done += got
        }
        return done == count ? bytes : Array(bytes[..<done])
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
            let count: Int
            do {
                count = try operations.write(descriptor, UnsafeRawBufferPointer(start: base + written, count: bytes.count - written))
            } catch {
                let consequence = written == 0
                ? "nothing was written"
                : "only \(written) of \(bytes.count) bytes were written, so the log may end with "
                    + "a partial line that must be repaired before appending again"
                throw .system(error.number, action: "append to the log", consequence: consequence, path: path)
            }
            written += count
        }
    }

    /// Makes everything written so far durable: `F_FULLFSYNC` on Apple platforms (falling
    /// back to `fsync` where the file system does not support it), `fsync` elsewhere.
    ///
    /// - Throws: ``EventLogFileError`` with code `.ioError`; the data may then not be durable.
    package func synchronize() throws(EventLogFileError) {
        do {
            try operations.synchronize(descriptor)
        } catch {
            throw .system(
                error.number,
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
        do {
            try operations.truncate(descriptor, to: length)
        } catch {
            throw .system(error.number, action: "truncate the log", path: path)
        }
        try synchronize()
    }

    /// Closes the descriptor, which also releases its lock.
    ///
    /// Errors from `close` are ignored: they cannot be acted on, and durability comes from
    /// ``synchronize()``, not from closing.
    package consuming func close() {
        if descriptor >= 0 {
            operations.close(descriptor)
        }
        descriptor = -1
    }

    // MARK: Helpers

    func status() throws(EventLogFileError) -> stat {
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
}
