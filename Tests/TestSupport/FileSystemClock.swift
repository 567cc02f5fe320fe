import EventLogFile
import Foundation

/// The file system's clock, as the timestamps of files show it.
package enum FileSystemClock {
    /// Waits until a file created beside the file at `path` gets a status change time after
    /// that file's last change, so that a checkpoint folder may stamp a pass over it
    /// (`PrefixDigestStamp.mayRecord`: a change in the same tick of the clock as the
    /// pass is never stamped). Not a measurement: it only orders two events. Answers whether
    /// the clock passed (within 2 s).
    @discardableResult
    package static func letPass(_ path: String) -> Bool {
        let probe = path + ".clock-probe"
        for _ in 0..<2_000 {
            _ = FileManager.default.createFile(atPath: probe, contents: nil)
            let probeChanged = try? LogFileDescriptor.openForReading(path: probe).identity().changed
            try? FileManager.default.removeItem(atPath: probe)
            if let probeChanged, let logChanged = try? LogFileDescriptor.openForReading(path: path).identity().changed, logChanged < probeChanged {
                return true
            }
            usleep(1_000)
        }
        return false
    }
}
