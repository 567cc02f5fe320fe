import Commands
import Store
import EventLogFile
import Foundation

// Writing a log's checkpoints as `replay-tool checkpoint LOG` does
// (`CheckpointedFold.writeCheckpoints`), timed in a child process of its own (it folds the
// whole log: the benchmark's own process stays lean), with the folder's size afterwards.

/// What writing the checkpoints of one log cost and left.
struct CheckpointWriteResult: Equatable {
    /// Wall time of `CheckpointedFold.writeCheckpoints` on a log without checkpoints: one
    /// fold from the first line, the states before recent nights, the state of every line.
    var duration: Duration
    /// The checkpoints written, and the files and bytes in the folder afterwards (after
    /// `CheckpointRetention` pruned it).
    var writtenCount: Int
    var fileCount: Int
    var byteCount: Int64
    /// The newest checkpoint's file size (its header and the encoded state of every line).
    var newestByteCount: Int64
    /// `VmHWM` of the writing child in KiB, or -1 without /proc.
    var highWaterMarkKiB: Int
}

enum CheckpointWriteBenchmark {
    /// Writes the checkpoints of the log at `path` into the folder at `folder` (which must
    /// hold none yet), in this process.
    static func write(logAt path: String, into folder: String) throws -> CheckpointWriteResult {
        Progress.say("  writing the checkpoints of \(URL(fileURLWithPath: path).lastPathComponent) into \(folder)…")
        let clock = ContinuousClock()
        let started = clock.now
        let written = try CheckpointedFold.writeCheckpoints(.file(path: path), into: CheckpointFolder(path: folder))
        let duration = clock.now - started
        guard case .written(let entries) = written.outcome else {
            throw BenchError.failed("writing the checkpoints of \(path) wrote none (\(written.outcome))")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        var bytes: Int64 = 0
        for file in files {
            bytes += fileSize(folder + "/" + file)
        }
        let newest = written.kept.max { $0.header.byteOffset < $1.header.byteOffset }
        return CheckpointWriteResult(
            duration: duration, writtenCount: entries.count, fileCount: files.count, byteCount: bytes,
            newestByteCount: newest.map { fileSize($0.path) } ?? 0, highWaterMarkKiB: ResourceUsage.highWaterMarkKiB() ?? -1)
    }

    private static func fileSize(_ path: String) -> Int64 {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Writes them in a child process (`--write-checkpoints-only FILE DIR`); in this process
    /// where children cannot run.
    static func writeInChild(logAt path: String, into folder: String) throws -> CheckpointWriteResult {
        guard ChildProcess.isSupported else { return try write(logAt: path, into: folder) }
        let output = try ChildProcess.run(["--write-checkpoints-only", path, folder], what: "the checkpoint-writing child process")
        guard let result = parseResultLine(output) else {
            throw BenchError.failed("the checkpoint-writing child process printed no CHECKPOINTS line")
        }
        return result
    }

    /// The one line the writing child prints on stdout.
    static func resultLine(_ result: CheckpointWriteResult) -> String {
        "CHECKPOINTS ns=\(result.duration.nanoseconds) written=\(result.writtenCount) files=\(result.fileCount) bytes=\(result.byteCount) "
            + "newest_bytes=\(result.newestByteCount) vmhwm_kib=\(result.highWaterMarkKiB)"
    }

    static func parseResultLine(_ output: String) -> CheckpointWriteResult? {
        guard let fields = PassRunner.resultFields(in: output, tag: "CHECKPOINTS"),
              let nanoseconds = fields["ns"].flatMap({ Int64($0) }),
              let written = fields["written"].flatMap({ Int($0) }),
              let files = fields["files"].flatMap({ Int($0) }),
              let bytes = fields["bytes"].flatMap({ Int64($0) }),
              let newest = fields["newest_bytes"].flatMap({ Int64($0) }),
              let highWaterMark = fields["vmhwm_kib"].flatMap({ Int($0) })
        else { return nil }
        return CheckpointWriteResult(
            duration: .nanoseconds(nanoseconds), writtenCount: written, fileCount: files, byteCount: bytes,
            newestByteCount: newest, highWaterMarkKiB: highWaterMark)
    }
}
