import CrashConsistency
import EventLogFile
import Events
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `log-crash-harness fill LOG [--ballast BYTES]`: appends the harness's stream to a new log
/// until the disk is really full (`ENOSPC` on a small tmpfs) or the file-size limit is
/// reached (`EFBIG` under `ulimit -f`), then checks that every acknowledged event is there
/// byte for byte, that the log verifies, and, with `--ballast` (a file of that size written
/// first beside the log and removed at the end), that appends work again once space is
/// freed. Exit 0 when every check held, 1 otherwise.
enum Fill {
    static func run(path: String, ballast: Int?) -> Int32 {
        // Past the limit of `ulimit -f`, the kernel sends SIGXFSZ, which kills by default: the
        // library's callers get EFBIG instead when it is ignored (as replay-tool does).
        signal(SIGXFSZ, SIG_IGN)
        if FileManager.default.fileExists(atPath: path) {
            print("fill: \(path) exists; it starts from a new log")
            return 1
        }
        let ballastPath = path + ".ballast"
        if let ballast {
            guard FileManager.default.createFile(atPath: ballastPath, contents: Data(count: ballast)) else {
                print("fill: could not write \(ballast) bytes of ballast at \(ballastPath)")
                return 1
            }
        }
        let seed: UInt64 = 20
        var expected = ExpectedLog(seed: seed)
        var acknowledged = 0
        var failures: [String: Int] = [:]
        do {
            let log = try FileEventLog(path: path)
            var delivery = 0
            var consecutiveFailures = 0
            while consecutiveFailures < 5 {
                let events = CrashStream.delivery(delivery, seed: seed)
                do {
                    _ = try log.append(events)
                    expected.ensureDeliveries(delivery + 1)
                    acknowledged += events.count
                    delivery += 1
                    consecutiveFailures = 0
                } catch {
                    consecutiveFailures += 1
                    let name = error.systemErrorNumber.map(FaultMatrix.name(of:)) ?? error.code.description
                    failures[name, default: 0] += 1
                    if consecutiveFailures == 1 { print("fill: after \(acknowledged) events (\(expected.bytes.count) bytes): \(error.message)") }
                }
            }
            var passed = check(path: path, expected: expected.bytes, events: acknowledged)
            print("fill: \(acknowledged) events acknowledged in \(delivery) appends, then refused \(failures.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", "))")
            if ballast != nil {
                try FileManager.default.removeItem(atPath: ballastPath)
                let events = CrashStream.delivery(delivery, seed: seed)
                do {
                    _ = try log.append(events)
                    expected.ensureDeliveries(delivery + 1)
                    acknowledged += events.count
                    print("fill: ballast removed: the next append (\(events.count) events) was acknowledged")
                    passed = check(path: path, expected: expected.bytes, events: acknowledged) && passed
                } catch {
                    print("FAILED fill: after freeing the ballast, the append still failed: \(error.message)")
                    passed = false
                }
            }
            return passed && !failures.isEmpty ? 0 : 1
        } catch {
            print("FAILED fill: \(error)")
            return 1
        }
    }

    /// Whether the log at `path` verifies, holds `events` events and is `expected`, byte for byte.
    private static func check(path: String, expected: [UInt8], events: Int) -> Bool {
        do {
            let report = try FileEventLog.verify(path: path)
            let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            guard report.isSound, report.eventCount == events, bytes == expected else {
                print("FAILED fill: the log holds \(report.eventCount) events (\(bytes.count) bytes), \(events) were acknowledged (\(expected.count) bytes); sound: \(report.isSound) \(report.issues.map(\.message))")
                return false
            }
            print("fill: the log verifies and holds every acknowledged event byte for byte (\(events) events, \(bytes.count) bytes)")
            return true
        } catch {
            print("FAILED fill: verify threw: \(error.message)")
            return false
        }
    }
}
