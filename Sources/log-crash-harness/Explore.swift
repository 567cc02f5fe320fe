import CrashConsistency
import Foundation

/// `log-crash-harness explore [--limit N] [--workload NAME]`: every state a crash could
/// leave during each workload, under each persistence model, checked; a table of states
/// explored and failures, then the failures. Exit 0 when none failed, 1 otherwise.
enum Explore {
    static func run(limit: Int, only: String?) -> Int32 {
        let scratch = NSTemporaryDirectory() + "log-crash-explore-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let workloads = CrashWorkload.all.filter { only == nil || $0.name.contains(only!) }
        guard !workloads.isEmpty else {
            FileHandle.standardError.write(Data("log-crash-harness: no workload is named like \(only ?? "")\n".utf8))
            return 64
        }
        print("log-crash-harness explore: the states a crash could leave at every point of each workload (ALICE's method)")
        print("  prefix:  each file as of its last fsync, plus any prefix of the later writes, cut at any byte")
        print("  sectors: each 512-byte sector written after the last fsync dropped, zeroed or kept (every combination up to \(limit), else a sample)")
        print("  both:    a created or renamed name exists only once its folder was synced")
        print("")
        print(pad("workload", 28) + pad("model", 9) + pad("crash points", 14) + pad("states", 9) + "failures")
        var total = 0
        var failed = 0
        var failures: [String] = []
        let clock = ContinuousClock()
        let started = clock.now
        for workload in workloads {
            do {
                for outcome in try CrashExplorer.explore(workload, limit: limit, scratch: scratch) {
                    print(pad(outcome.workload, 28) + pad(outcome.model.rawValue, 9) + pad("\(outcome.crashPoints)", 14) + pad("\(outcome.statesExplored)", 9) + "\(outcome.failureCount)")
                    total += outcome.statesExplored
                    failed += outcome.failureCount
                    failures += outcome.failures.map { "\(outcome.workload), \(outcome.model.rawValue): \($0)" }
                }
            } catch {
                print(pad(workload.name, 28) + "could not run: \(error)")
                failed += 1
            }
        }
        let seconds = (clock.now - started).components.seconds
        print("")
        print("\(total) states explored in \(seconds) s, \(failed) failed")
        let faults = FaultMatrix.run(scratch: scratch)
        print("")
        print("failing disk: \(FaultMatrix.errors.map(\.name).joined(separator: ", ")) on \(FaultMatrix.calls.map(\.rawValue).joined(separator: " and ")), for each of: \(FaultMatrix.steps.joined(separator: ", "))")
        print("  faults injected: " + faults.injected.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print("  cases that left the file other than it was, or did not work again once healed: \(faults.failures.count)")
        failed += faults.failures.count
        failures += faults.failures
        for failure in failures { print("FAILED \(failure)") }
        return failed == 0 ? 0 : 1
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
