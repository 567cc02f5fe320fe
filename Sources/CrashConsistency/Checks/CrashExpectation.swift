/// What must hold in every state a crash leaves during one workload, at one crash point.
package struct CrashExpectation: Sendable {
    /// The log files to check (single logs and streams of a log set), by path.
    package var logPaths: [String]
    /// Logs folded with checkpoints: each log's path and its checkpoint folder's path.
    package var checkpointedLogs: [(log: String, folder: String)]
    /// What was acknowledged before the crash: each file's path and the bytes it must start with.
    package var acknowledged: [String: [UInt8]]
    /// The bytes of every checkpoint file whose write completed before it was renamed into
    /// place: a checkpoint a fold starts from must be one of them.
    package var completeCheckpoints: Set<[UInt8]>
}
