import TestSupport
import Store
import Commands
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

/// The store over a disk that fails: a command whose append fails changes neither the file
/// nor the state, and the same command works once the disk is healthy again.
@Suite("The store on a failing disk")
struct StoreOnAFailingDiskTests {
    @Test("a send whose write or fsync fails folds nothing and leaves the file as it was", arguments: [EIO, ENOSPC, EDQUOT, EFBIG] as [Int32])
    func failedSendChangesNothing(_ number: Int32) async throws {
        let folder = try TemporaryFolder()
        let operations = FaultInjectingFileOperations()
        let file = try FileEventLog(path: folder.path + "/log.jsonl", operations: operations)
        let counter = IdentifierCounter()
        let environment = StoreEnvironment(
            now: { WorkloadEvents.start }, timeZone: { WorkloadEvents.zone }, makeIdentifier: { "id-\(counter.next())" }, source: .phone)
        let store = try MoreSleepStore(log: file, environment: environment, checkpoints: .off)
        try await store.send(AssignAppTier(app: "Reddit", tier: .block30Min))
        let bytes = folder.bytes("log.jsonl")
        let state = await store.state
        for call in [FaultInjectingFileOperations.Call.write, .synchronize] {
            operations.inject(.init(call, error: number))
            await #expect(throws: StoreError.self) { try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst)) }
            #expect(folder.bytes("log.jsonl") == bytes)
            #expect(await store.state == state)
        }
        operations.heal()
        try await store.send(AssignAppTier(app: "Mail", tier: .blockFirst))
        #expect(await store.state.appTiers.tier(of: "Mail") == .blockFirst)
        #expect(try FileEventLog.verify(path: file.path).eventCount == 2)
    }
}

/// Ids for the store: id-1, id-2, …
private final class IdentifierCounter: @unchecked Sendable {
    // @unchecked: `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
