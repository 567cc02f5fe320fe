@testable import EventLogFile
import Foundation
import Testing

/// What an append says when writing its batch failed: only what is true. When the file
/// was cut back to its length before the batch, nothing was written and the message says
/// only that; only when cutting it back failed too may the log end with a partial line to
/// repair.
struct AppendFailureMessageTests {
    static let path = "/logs/person.jsonl"

    /// What `LogFileDescriptor.appendAll` raises on a full disk after part of the batch.
    static let partialWrite = EventLogFileError.system(
        ENOSPC, action: "append to the log",
        consequence: "only 100 of 300 bytes were written, so the log may end with a partial line that must be repaired before appending again",
        path: path
    )

    @Test func aFullDiskWhoseBatchWasRemovedSaysNothingWasWrittenAndNothingElse() {
        let error = FileEventLog.failedAppend(Self.partialWrite, step: .write, removalFailure: nil, path: Self.path)
        #expect(error.code == .ioError)
        #expect(error.systemErrorNumber == ENOSPC)
        #expect(error.message == "could not append to the log: \(EventLogFileError.systemExplanation(ENOSPC)); the partial batch was removed, so nothing was written")
        #expect(!error.message.contains("repair"))
        #expect(!error.message.contains("partial line"))
    }

    @Test func aFailedSyncWhoseBatchWasRemovedSaysNothingWasWritten() {
        let failure = EventLogFileError.system(EIO, action: "sync the log to disk", consequence: "what was written may not survive a crash", path: Self.path)
        let error = FileEventLog.failedAppend(failure, step: .sync, removalFailure: nil, path: Self.path)
        #expect(error.message == "could not sync the log to disk: \(EventLogFileError.systemExplanation(EIO)); the batch was removed, so nothing was written")
    }

    @Test func aBatchThatCouldNotBeRemovedSaysTheLogMayEndWithAPartialLineToRepair() {
        let removal = EventLogFileError.system(EIO, action: "truncate the log", path: Self.path)
        let error = FileEventLog.failedAppend(Self.partialWrite, step: .write, removalFailure: removal, path: Self.path)
        #expect(error.code == .ioError)
        #expect(error.message.hasPrefix("could not append to the log: \(EventLogFileError.systemExplanation(ENOSPC)), and the partial batch could not be removed (could not truncate the log: "))
        #expect(error.message.hasSuffix("the log may end with a partial line that must be repaired — run 'replay-tool repair \(Self.path)', then append again"))
        #expect(!error.message.contains("nothing was written"))
    }
}
