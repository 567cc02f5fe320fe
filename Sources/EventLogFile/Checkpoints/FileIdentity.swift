#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// What the file system tells of a file that changes whenever its bytes may have changed:
/// the file itself (device and inode), its size, and its last modification and status
/// change times (`fstat`).
///
/// Every `write`, `truncate` or `rename` onto the file's name gives a new status change time
/// (`st_ctime`), which no call can set back; a file put in its place has another inode. So
/// two equal identities taken at two moments mean the bytes did not change in between,
/// provided no change fell in the same tick of the file system's clock as the first
/// observation (``PrefixDigestStamp/mayRecord(before:after:markedAt:)`` rules that out) and
/// no writer bypassed the times (`O_NOCMTIME`, or writes through a shared mapping of an
/// already dirty page, which a log's writers never do). See docs/checkpoints.md.
package struct FileIdentity: Hashable, Sendable {
    /// A moment of the file system's clock.
    package struct Timestamp: Hashable, Comparable, Sendable {
        package var seconds: Int64
        package var nanoseconds: Int64

        package init(seconds: Int64, nanoseconds: Int64) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        package static func < (left: Timestamp, right: Timestamp) -> Bool {
            (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
        }
    }

    /// The device that holds the file (`st_dev`).
    package var device: UInt64
    /// The file's inode (`st_ino`).
    package var inode: UInt64
    /// Its size in bytes.
    package var size: Int64
    /// Its last data modification (`st_mtime`).
    package var modified: Timestamp
    /// Its last status change (`st_ctime`): any write, truncation, rename or change of times.
    package var changed: Timestamp

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Timestamp, changed: Timestamp) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The identity `fstat` or `stat` gave.
    init(_ information: stat) {
        #if canImport(Darwin)
        let modified = information.st_mtimespec, changed = information.st_ctimespec
        #else
        let modified = information.st_mtim, changed = information.st_ctim
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: information.st_dev), inode: UInt64(truncatingIfNeeded: information.st_ino),
            size: Int64(information.st_size),
            modified: Timestamp(seconds: Int64(modified.tv_sec), nanoseconds: Int64(modified.tv_nsec)),
            changed: Timestamp(seconds: Int64(changed.tv_sec), nanoseconds: Int64(changed.tv_nsec))
        )
    }

    /// The identity of the file open as `descriptor` (`fstat`), or `nil` when it cannot be had.
    static func of(descriptor: Int32) -> FileIdentity? {
        var information = stat()
        guard fstat(descriptor, &information) == 0 else { return nil }
        return FileIdentity(information)
    }
}

extension LogFileDescriptor {
    /// The open file's identity now (`fstat`).
    ///
    /// - Throws: ``EventLogFileError`` with code `.ioError`.
    package func identity() throws(EventLogFileError) -> FileIdentity {
        FileIdentity(try status())
    }
}
