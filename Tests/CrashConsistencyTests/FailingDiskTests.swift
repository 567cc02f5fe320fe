import TestSupport
import CrashConsistency
import EventLogFile
import Events
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A write or a sync that fails (PostgreSQL's "fsyncgate", 2018): after a failed `fsync` the
/// system may have dropped the pages unwritten, and a later `fsync` that succeeds does not
/// bring them back. So an append whose write or sync failed is never acknowledged, and
/// nothing is ever appended after its bytes: they are cut off first.
@Suite("Failing disks: an append that fails leaves the log as it was")
struct FailingDiskTests {
    static let errors: [(name: String, number: Int32)] = [("EIO", EIO), ("ENOSPC", ENOSPC), ("EDQUOT", EDQUOT), ("EFBIG", EFBIG)]
    static let steps: [FaultInjectingFileOperations.Call] = [.write, .synchronize]

    struct Case: CustomTestStringConvertible, Sendable {
        var error: String
        var number: Int32
        var step: FaultInjectingFileOperations.Call
        var testDescription: String { "\(error) on \(step.rawValue)" }
    }

    static let cases: [Case] = errors.flatMap { error in steps.map { Case(error: error.name, number: error.number, step: $0) } }

    @Test("a failed write or sync is not acknowledged, is cut off, and the next append works", arguments: cases)
    func failedAppendIsCutOff(_ fault: Case) throws {
        let folder = try TemporaryFolder()
        let operations = FaultInjectingFileOperations()
        let log = try FileEventLog(path: folder.path + "/log.jsonl", operations: operations)
        _ = try log.append(WorkloadEvents.events(1...3))
        let before = folder.bytes("log.jsonl")

        operations.inject(.init(fault.step, error: fault.number))
        let error = try #require(throws: EventLogFileError.self) { try log.append(WorkloadEvents.events(4...6)) }
        #expect(error.systemErrorNumber == fault.number)
        #expect(error.message.contains("nothing was written"))
        #expect(operations.injected[fault.step] == 1)
        // Cut back to the bytes before the append, byte for byte: no partial batch, no hole.
        #expect(folder.bytes("log.jsonl") == before)
        #expect(try FileEventLog.verify(path: log.path).isSound)

        // The disk is healthy again: the same events land right after the acknowledged ones.
        let outcomes = try log.append(WorkloadEvents.events(4...6))
        #expect(outcomes.map(\.seq) == [4, 5, 6])
        let report = try FileEventLog.verify(path: log.path)
        #expect(report.isSound && report.eventCount == 6)
        #expect(Array(folder.bytes("log.jsonl").prefix(before.count)) == before)
    }

    @Test("a disk that fills mid-write: the written part is cut off", arguments: errors.map(\.number))
    func partialWriteIsCutOff(_ number: Int32) throws {
        let folder = try TemporaryFolder()
        let operations = FaultInjectingFileOperations()
        let log = try FileEventLog(path: folder.path + "/log.jsonl", operations: operations)
        _ = try log.append([WorkloadEvents.event(1)])
        let before = folder.bytes("log.jsonl")
        operations.inject(.init(.write, error: number, partialBytes: 100))
        #expect(throws: EventLogFileError.self) { try log.append(WorkloadEvents.events(2...4)) }
        #expect(folder.bytes("log.jsonl") == before)
        #expect(try log.append(WorkloadEvents.events(2...4)).map(\.seq) == [2, 3, 4])
        #expect(try FileEventLog.verify(path: log.path).isSound)
    }

    @Test("when the failed append cannot be cut off, nothing is appended after it until it is")
    func uncutAppendBlocksLaterAppends() throws {
        let folder = try TemporaryFolder()
        let operations = FaultInjectingFileOperations()
        let log = try FileEventLog(path: folder.path + "/log.jsonl", operations: operations)
        _ = try log.append([WorkloadEvents.event(1)])
        let before = folder.bytes("log.jsonl")
        // The sync fails, and so does the cut after it (and the next one).
        operations.inject(.init(.synchronize, error: EIO))
        operations.inject(.init(.truncate, error: EIO, repeats: 1))
        let first = try #require(throws: EventLogFileError.self) { try log.append(WorkloadEvents.events(2...3)) }
        #expect(first.message.contains("could not be removed"))
        // The file still holds the failed batch's bytes (the system took them): another
        // append must not build on them.
        #expect(folder.bytes("log.jsonl").count > before.count)
        let second = try #require(throws: EventLogFileError.self) { try log.append([WorkloadEvents.event(9)]) }
        #expect(second.message.contains("an earlier append to this log failed"))
        #expect(second.message.contains("nothing was written"))
        #expect(folder.bytes("log.jsonl").count > before.count)
        // Once the cut works, the failed bytes go first, and the append lands after the
        // acknowledged event.
        #expect(try log.append([WorkloadEvents.event(9)]).map(\.seq) == [2])
        let bytes = folder.bytes("log.jsonl")
        #expect(Array(bytes.prefix(before.count)) == before)
        let report = try FileEventLog.verify(path: log.path)
        #expect(report.isSound && report.eventCount == 2)
    }

    @Test("a sync of a stream whose write or fsync fails leaves the replica as it was", arguments: cases)
    func failedReceiveIsCutOff(_ fault: Case) throws {
        let folder = try TemporaryFolder()
        let watch = try #require(StreamName("watch"))
        let phone = try #require(StreamName("phone"))
        try FileManager.default.createDirectory(atPath: folder.path + "/watch", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/phone", withIntermediateDirectories: true)
        let watchSet = LogSetDirectory(path: folder.path + "/watch")
        let phoneSet = LogSetDirectory(path: folder.path + "/phone")
        let source = try FileEventLog(path: watchSet.path(of: watch))
        _ = try source.append(WorkloadEvents.events(1...2, tag: "watch"))
        _ = try StreamSync.receive(try StreamSync.lines(of: watch, in: watchSet).lines, into: phoneSet, ownStream: phone)
        let before = folder.bytes("phone/watch.jsonl")
        _ = try source.append(WorkloadEvents.events(3...5, tag: "watch"))
        _ = try source.append([WorkloadEvents.event(6, tag: "watch")])

        let operations = FaultInjectingFileOperations()
        operations.inject(.init(fault.step, error: fault.number))
        let lines = try StreamSync.lines(of: watch, in: watchSet, after: 2).lines
        let error = try #require(throws: EventLogFileError.self) {
            try StreamSync.receive(lines, into: phoneSet, ownStream: phone, operations: operations)
        }
        #expect(error.systemErrorNumber == fault.number)
        #expect(folder.bytes("phone/watch.jsonl") == before)
        // Healthy again: the sync brings every line.
        _ = try StreamSync.receive(lines, into: phoneSet, ownStream: phone, operations: operations)
        #expect(folder.bytes("phone/watch.jsonl") == folder.bytes("watch/watch.jsonl"))
    }

    @Test("a checkpoint whose write or sync fails is not left behind, and the older one stays", arguments: cases)
    func failedCheckpointWriteLeavesNothing(_ fault: Case) throws {
        let folder = try TemporaryFolder()
        let log = try FileEventLog(path: folder.path + "/log.jsonl")
        _ = try log.append(WorkloadEvents.events(1...4))
        let checkpoints = folder.path + "/log.jsonl.checkpoints"
        let operations = FaultInjectingFileOperations()
        let written = try CheckpointFolder(path: checkpoints, operations: operations).write(
            header: try #require(try FaultMatrix.placeholderHeader(forLogAt: log.path, lastSeq: 4)), payload: [1, 2, 3])
        _ = try log.append(WorkloadEvents.events(5...6))
        let header = try #require(try FaultMatrix.placeholderHeader(forLogAt: log.path, lastSeq: 6))
        operations.inject(.init(fault.step, error: fault.number))
        #expect(throws: EventLogFileError.self) {
            try CheckpointFolder(path: checkpoints, operations: operations).write(header: header, payload: [4, 5, 6])
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: checkpoints)
        #expect(names == [written.fileName])
    }
}
