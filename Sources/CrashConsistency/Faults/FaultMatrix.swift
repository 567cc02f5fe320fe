import EventLogFile
import Events
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every failure a disk can give, on every step that writes: `EIO`, `ENOSPC`, `EDQUOT` and
/// `EFBIG` on `write` and on `fsync`, for an append, a sync of a stream and a checkpoint;
/// each must leave the file as it was before the step (nothing acknowledged, nothing left
/// to build on), and the step must work once the disk is healthy again.
/// `log-crash-harness explore` runs it and prints the faults injected per kind.
package enum FaultMatrix {
    /// The errors injected, by name.
    package static let errors: [(name: String, number: Int32)] = [("EIO", EIO), ("ENOSPC", ENOSPC), ("EDQUOT", EDQUOT), ("EFBIG", EFBIG)]
    /// The name of `errno` value `number` (`ENOSPC`), or `errno N`.
    package static func name(of number: Int32) -> String {
        errors.first { $0.number == number }?.name ?? "errno \(number)"
    }

    /// A header for a checkpoint of the whole log at `path` as of `lastSeq` (its payload is
    /// not a state: for tests of writing the file, not of using it).
    package static func placeholderHeader(forLogAt path: String, lastSeq: Int) throws -> CheckpointHeader? {
        let length = Int64(FileManager.default.contents(atPath: path)?.count ?? 0)
        guard let digest = try PrefixDigest.digests(ofFileAt: path, prefixLengths: [length])[length],
              let tail = try PrefixDigest.tail(ofFileAt: path, end: length) else { return nil }
        let end = LogResumePoint(byteOffset: length, lineNumber: lastSeq + 1, lastSeq: lastSeq)
        let position = CheckpointPosition(streams: [.init(name: nil, end: end, tailDigest: tail, prefixDigest: digest)], lastKey: nil)
        return CheckpointHeader(foldVersion: 1, isLogSet: false, position: position, eventCount: lastSeq, latestAt: 0)
    }

    /// The calls failed.
    package static let calls: [FaultInjectingFileOperations.Call] = [.write, .synchronize]
    /// The steps failed.
    package static let steps = ["append", "sync of a stream", "checkpoint"]

    /// What running the matrix found.
    package struct Outcome: Sendable {
        /// Faults injected, by "ERROR on CALL".
        package var injected: [String: Int] = [:]
        /// The cases that did not hold, each said in a sentence.
        package var failures: [String] = []
    }

    /// Runs every case in folders under `scratch`.
    package static func run(scratch: String) -> Outcome {
        var outcome = Outcome()
        for step in steps {
            for error in errors {
                for call in calls {
                    let folder = scratch + "/faults-\(outcome.injected.values.reduce(0, +))-\(UUID().uuidString.prefix(8))"
                    defer { try? FileManager.default.removeItem(atPath: folder) }
                    let operations = FaultInjectingFileOperations()
                    let label = "\(step): \(error.name) on \(call.rawValue)"
                    do {
                        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                        if let problem = try run(step, folder: folder, operations: operations, fault: .init(call, error: error.number)) {
                            outcome.failures.append("\(label): \(problem)")
                        }
                    } catch {
                        outcome.failures.append("\(label): \(error)")
                    }
                    for (kind, count) in operations.injected {
                        outcome.injected["\(error.name) on \(kind.rawValue)", default: 0] += count
                    }
                }
            }
        }
        return outcome
    }

    /// One case: the problem found, or `nil` when it held.
    private static func run(_ step: String, folder: String, operations: FaultInjectingFileOperations, fault: FaultInjectingFileOperations.Fault) throws -> String? {
        func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [] }
        switch step {
        case "append":
            let log = try FileEventLog(path: folder + "/log.jsonl", operations: operations)
            _ = try log.append(WorkloadEvents.events(1...3))
            let before = bytes(log.path)
            operations.inject(fault)
            if (try? log.append(WorkloadEvents.events(4...6))) != nil { return "the append was acknowledged" }
            guard bytes(log.path) == before else { return "the log is not as it was before the append" }
            operations.heal()
            guard try log.append(WorkloadEvents.events(4...6)).map(\.seq) == [4, 5, 6], try FileEventLog.verify(path: log.path).isSound else {
                return "the append after healing did not land soundly"
            }
        case "sync of a stream":
            guard let watch = StreamName("watch"), let phone = StreamName("phone") else { return "stream names" }
            try FileManager.default.createDirectory(atPath: folder + "/watch", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/phone", withIntermediateDirectories: true)
            let watchSet = LogSetDirectory(path: folder + "/watch"), phoneSet = LogSetDirectory(path: folder + "/phone")
            let source = try FileEventLog(path: watchSet.path(of: watch))
            _ = try source.append(WorkloadEvents.events(1...2, tag: "watch"))
            _ = try StreamSync.receive(try StreamSync.lines(of: watch, in: watchSet).lines, into: phoneSet, ownStream: phone, operations: operations)
            let before = bytes(phoneSet.path(of: watch))
            _ = try source.append(WorkloadEvents.events(3...5, tag: "watch"))
            let lines = try StreamSync.lines(of: watch, in: watchSet, after: 2).lines
            operations.inject(fault)
            if (try? StreamSync.receive(lines, into: phoneSet, ownStream: phone, operations: operations)) != nil { return "the sync was acknowledged" }
            guard bytes(phoneSet.path(of: watch)) == before else { return "the replica is not as it was before the sync" }
            operations.heal()
            _ = try StreamSync.receive(lines, into: phoneSet, ownStream: phone, operations: operations)
            guard bytes(phoneSet.path(of: watch)) == bytes(watchSet.path(of: watch)) else { return "the sync after healing did not bring every line" }
        default:
            let log = try FileEventLog(path: folder + "/log.jsonl")
            _ = try log.append(WorkloadEvents.events(1...4))
            let checkpoints = CheckpointFolder(path: folder + "/log.jsonl.checkpoints", operations: operations)
            guard let header = try placeholderHeader(forLogAt: log.path, lastSeq: 4) else { return "no digest" }
            operations.inject(fault)
            if (try? checkpoints.write(header: header, payload: [1, 2, 3])) != nil { return "the checkpoint was acknowledged" }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: checkpoints.path)) ?? []
            guard left.isEmpty else { return "the failed checkpoint left \(left.joined(separator: ", "))" }
            operations.heal()
            _ = try checkpoints.write(header: header, payload: [1, 2, 3])
        }
        return nil
    }
}
