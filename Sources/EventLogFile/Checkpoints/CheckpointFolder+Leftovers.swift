#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension CheckpointFolder {
    /// Seconds before a temporary file counts as an interrupted write's: far longer than a write
    /// takes, so that another process's write in progress is never removed.
    package static let leftoverAge: Int64 = 3_600

    /// Removes the temporary files (`.seq-….checkpoint.RANDOM.tmp`) last changed ``leftoverAge``
    /// or more before `now` (seconds since 1970; the clock's when `nil`). Failures are ignored.
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

    static func isTemporary(_ name: String) -> Bool {
        name.hasSuffix(".tmp") && name.hasPrefix(".seq-")
    }

    private static func lastChange(_ information: stat) -> Int64 {
        #if canImport(Darwin)
        Int64(information.st_ctimespec.tv_sec)
        #else
        Int64(information.st_ctim.tv_sec)
        #endif
    }
}
