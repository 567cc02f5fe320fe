@testable import CrashConsistency
import Store
import TestSupport
import Commands
import EventLogFile
import Events
import Foundation
import Testing

/// The crash-state explorer (ALICE's method): every workload survives every state a crash
/// could leave under both persistence models, and the explorer does catch a protocol that
/// acknowledges what a crash can lose.
@Suite("Crash states: every state a crash could leave is checked")
struct CrashExplorerTests {
    @Test("no crash state of any workload fails a check, under either model", arguments: CrashWorkload.all.map(\.name))
    func everyWorkloadSurvivesEveryCrashState(_ name: String) throws {
        let folder = try TemporaryFolder()
        let workload = try #require(CrashWorkload.all.first { $0.name == name })
        let outcomes = try CrashExplorer.explore(workload, scratch: folder.path)
        #expect(outcomes.map(\.model) == [.prefix, .sectors])
        for outcome in outcomes {
            #expect(outcome.failureCount == 0, "\(outcome.model): \(outcome.failures.joined(separator: "\n"))")
            // Every byte cut of every unsynced write is a state of its own.
            if outcome.model == .prefix { #expect(outcome.statesExplored > outcome.crashPoints) }
        }
    }

    @Test("an append acknowledged before its fsync is caught: the explorer finds the bytes lost")
    func explorerCatchesAnAcknowledgementBeforeTheSync() throws {
        let folder = try TemporaryFolder()
        let careless = CrashWorkload(
            name: "careless", prepare: { _ in },
            run: { root, recorder in
                let log = try FileEventLog(path: root + "/log.jsonl", operations: recorder)
                _ = try log.append([WorkloadEvents.event(1)])
                // The second append goes through operations that never sync the file.
                let unsynced = try FileEventLog(path: root + "/log.jsonl", operations: SkippingFileSyncs(recorder))
                _ = try unsynced.append(WorkloadEvents.events(2...4))
                recorder.acknowledge(path: root + "/log.jsonl", label: "batch 2–4, never synced")
                // Another append after it, so that the explorer has a crash point after the mark.
                _ = try unsynced.append([WorkloadEvents.event(5)])
            },
            logs: { root in ([root + "/log.jsonl"], []) })
        let outcomes = try CrashExplorer.explore(careless, scratch: folder.path)
        for outcome in outcomes {
            #expect(outcome.failureCount > 0)
            #expect(outcome.failures.contains { $0.contains("lost acknowledged bytes") })
        }
    }

    @Test("a checkpoint renamed into place without its fsync is never used in any crash state")
    func aTornCheckpointIsNeverUsed() throws {
        let folder = try TemporaryFolder()
        let workload = CrashWorkload(
            name: "checkpoint without fsync",
            prepare: { root in
                let log = try FileEventLog(path: root + "/log.jsonl")
                _ = try log.append(WorkloadEvents.events(1...6))
            },
            run: { root, recorder in
                let checkpoints = CheckpointFolder(path: root + "/log.jsonl.checkpoints", operations: SkippingFileSyncs(recorder))
                _ = try CheckpointedFold.writeCheckpoints(.file(path: root + "/log.jsonl"), into: checkpoints)
            },
            logs: { root in ([root + "/log.jsonl"], [(root + "/log.jsonl", root + "/log.jsonl.checkpoints")]) })
        let outcomes = try CrashExplorer.explore(workload, scratch: folder.path)
        for outcome in outcomes {
            #expect(outcome.failureCount == 0, "\(outcome.failures.joined(separator: "\n"))")
        }
    }

    @Test("a created name exists only once its folder is synced; unsynced bytes are cut at every byte")
    func simulatedFileSystemFollowsTheModel() {
        var system = SimulatedFileSystem(files: [:], folders: [])
        system.apply(.createFile(path: "/r/log"))
        system.apply(.write(path: "/r/log", offset: 0, bytes: Array("abc".utf8)))
        system.apply(.synchronizeFile(path: "/r/log"))
        // Synced contents, but the name is not durable yet.
        #expect(system.crashStates(.prefix, limit: 100).map(\.files) == [[:]])
        system.apply(.synchronizeFolder(path: "/r"))
        #expect(system.crashStates(.prefix, limit: 100).map(\.files) == [["/r/log": Array("abc".utf8)]])
        system.apply(.write(path: "/r/log", offset: 3, bytes: Array("defg".utf8)))
        let cuts = system.crashStates(.prefix, limit: 100).compactMap { $0.files["/r/log"].map { String(decoding: $0, as: UTF8.self) } }
        #expect(cuts == ["abc", "abcd", "abcde", "abcdef", "abcdefg"])
    }

    @Test("sectors written after the last sync are dropped, zeroed or kept in every combination")
    func sectorModelCombinations() {
        var system = SimulatedFileSystem(files: ["/r/log": Array(repeating: UInt8(ascii: "a"), count: 100)], folders: [])
        // 100 durable bytes, then 1,000 written: sectors 0 (from byte 100), 1 (512–1023) and 2 (1024–1099).
        system.apply(.write(path: "/r/log", offset: 100, bytes: Array(repeating: UInt8(ascii: "b"), count: 1_000)))
        let states = system.crashStates(.sectors, limit: 729)
        let contents = Set(states.compactMap { $0.files["/r/log"] })
        #expect(states.count == contents.count)
        // 27 combinations, 15 distinct files: a sector dropped before a kept or zeroed one
        // reads as zeros (a hole), as a zeroed one does; only trailing dropped sectors make
        // the file shorter. So: the last sector zeroed or kept (2) with the two before each
        // zeros or kept (4): 8; the last dropped and the middle zeroed or kept (2 × 2): 4;
        // only the first zeroed or kept: 2; all dropped: 1.
        #expect(contents.count == 15)
        #expect(contents.allSatisfy { Array($0.prefix(100)) == Array(repeating: UInt8(ascii: "a"), count: 100) })
        #expect(contents.contains(Array(repeating: UInt8(ascii: "a"), count: 100)))
        var zeroedMiddle = Array(repeating: UInt8(ascii: "a"), count: 100) + Array(repeating: UInt8(ascii: "b"), count: 412)
        zeroedMiddle += Array(repeating: 0, count: 512) + Array(repeating: UInt8(ascii: "b"), count: 76)
        #expect(contents.contains(zeroedMiddle))
    }
}

/// Operations that forward everything to a recorder except syncing files (folders still
/// sync): a writer that acknowledges what a crash can lose.
private struct SkippingFileSyncs: FileOperations {
    let recorder: RecordingFileOperations
    init(_ recorder: RecordingFileOperations) { self.recorder = recorder }

    func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemCallError) -> Int32 {
        let descriptor = try recorder.open(path, flags: flags, mode: mode)
        if flags & O_DIRECTORY != 0 { folders.insert(descriptor) }
        return descriptor
    }
    func close(_ descriptor: Int32) { recorder.close(descriptor) }
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int { try recorder.write(descriptor, bytes) }
    func synchronize(_ descriptor: Int32) throws(SystemCallError) {
        if folders.contains(descriptor) { try recorder.synchronize(descriptor) }
    }
    func truncate(_ descriptor: Int32, to length: Int64) throws(SystemCallError) { try recorder.truncate(descriptor, to: length) }
    func changeMode(_ descriptor: Int32, to mode: UInt32) throws(SystemCallError) { try recorder.changeMode(descriptor, to: mode) }
    func makeFolder(_ path: String, mode: UInt32) throws(SystemCallError) { try recorder.makeFolder(path, mode: mode) }
    func changeMode(ofPath path: String, to mode: UInt32) throws(SystemCallError) { try recorder.changeMode(ofPath: path, to: mode) }
    func rename(_ source: String, over destination: String) throws(SystemCallError) { try recorder.rename(source, over: destination) }
    func remove(_ path: String) throws(SystemCallError) { try recorder.remove(path) }

    private let folders = DescriptorSet()
}

/// The descriptors of folders, shared by copies of `SkippingFileSyncs`.
private final class DescriptorSet: @unchecked Sendable {
    // @unchecked: `values` is read and written only under `lock`.
    private let lock = NSLock()
    private var values: Set<Int32> = []
    func insert(_ value: Int32) { lock.withLock { _ = values.insert(value) } }
    func contains(_ value: Int32) -> Bool { lock.withLock { values.contains(value) } }
}
