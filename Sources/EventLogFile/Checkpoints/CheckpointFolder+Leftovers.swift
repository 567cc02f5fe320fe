#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

// The temporary files interrupted writes leave in a checkpoint folder.
extension CheckpointFolder {
    /// How old a temporary file must be before ``removeLeftovers(now:)`` takes it for one an
    /// interrupted write left: far longer than any write of a checkpoint takes, so
    /// that a file another process is writing right now is never removed.
    package static let leftoverAge: Int64 = 3_600

    /// Removes the temporary files that interrupted writes left in the folder
    /// (`.seq-….checkpoint.RANDOM.tmp`, up to megabytes each) once their last change is ``leftoverAge`` seconds
    /// before `now` (seconds since 1970; the system's clock when `nil`). Nothing else is
    /// touched; a failure is ignored (it is tried again at the next pruning).
    package func removeLeftovers(now: Int64? = nil) {
        guard let names = try? CheckpointFileSystem.names(in: path) else { return }
        let moment = now ?? Int64(time(nil))
        for name in names where Self.isTemporary(name) {
            let file = path(of: name)
            var information = stat()
            guard lstat(file, &information) == 0, UInt32(information.st_mode) & 0o170000 == 0o100000,
                  moment - Self.lastChange(information) >= Self.leftoverAge
            else { continue }
            try? CheckpointFileSystem.remove(file, operations: operations)
        }
    }

    /// Whether `name` is a temporary file of this folder's writes.
    static func isTemporary(_ name: String) -> Bool {
        name.hasSuffix(".tmp") && name.hasPrefix(".seq-")
    }

    /// The last status change `lstat` gave, in seconds since 1970.
    private static func lastChange(_ information: stat) -> Int64 {
        #if canImport(Darwin)
        Int64(information.st_ctimespec.tv_sec)
        #else
        Int64(information.st_ctim.tv_sec)
        #endif
    }
}
