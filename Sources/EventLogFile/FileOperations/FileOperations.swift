/// The system calls that change files: every write, sync, cut, creation, rename and removal
/// the log, its repair, its checkpoints and a stream's sync make goes through one value of
/// this type.
///
/// Production uses ``SystemFileOperations`` (the calls themselves). The seam exists so that
/// tests and `log-crash-harness explore` can record every operation a workload makes (to
/// build each state a crash could leave) and inject failures (`EIO`, `ENOSPC`, `EDQUOT`,
/// `EFBIG`) at any step; see docs/crash-consistency.md.
///
/// Reading (`pread`, `fstat`) and locking (`flock`) do not go through it: they change
/// nothing a crash could leave.
///
/// Each method makes one call (retrying `EINTR`) and throws the call's `errno`;
/// ``write(_:_:)`` may write fewer bytes than asked, as `write(2)` may.
package protocol FileOperations: Sendable {
    /// `open(2)`: a new descriptor of `path`.
    func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32
    /// `close(2)`; its error is ignored (durability comes from syncing).
    func close(_ descriptor: Int32)
    /// `write(2)` of `bytes` (not empty) at the descriptor's position (its end with
    /// `O_APPEND`): the number of bytes written, at least 1.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
    /// `fsync(2)`, or `F_FULLFSYNC` on Apple platforms (falling back to `fsync` where the
    /// file system does not support it): of a file, or of a folder opened with `O_DIRECTORY`.
    func synchronize(_ descriptor: Int32) throws(SystemCallError)
    /// `ftruncate(2)`.
    func truncate(_ descriptor: Int32, to length: Int64) throws(SystemCallError)
    /// `fchmod(2)`.
    func changeMode(_ descriptor: Int32, to mode: UInt32) throws(SystemCallError)
    /// `mkdir(2)`.
    func makeFolder(_ path: String, mode: UInt32) throws(SystemCallError)
    /// `chmod(2)`.
    func changeMode(ofPath path: String, to mode: UInt32) throws(SystemCallError)
    /// `rename(2)`: `source` replaces `destination` atomically.
    func rename(_ source: String, over destination: String) throws(SystemCallError)
    /// `unlink(2)`.
    func remove(_ path: String) throws(SystemCallError)
}

/// A failed system call's `errno`.
package struct SystemCallError: Error, Sendable, Hashable {
    /// The `errno` value.
    package var number: Int32

    /// The error of `errno` value `number`.
    package init(_ number: Int32) {
        self.number = number
    }
}
