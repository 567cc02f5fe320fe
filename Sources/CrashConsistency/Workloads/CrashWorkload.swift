import Commands
import Store
import EventLogFile
import Events
import Foundation

/// A sequence of file operations whose crash states are explored: what it writes before it
/// starts (durable), what it does through a recorder, and what it checks.
package struct CrashWorkload: Sendable {
    /// Its name, as `log-crash-harness explore` prints it.
    package var name: String

    /// A workload: `prepare` writes what is there before it starts (durable), `run` works
    /// through the recorder and marks what it acknowledges, `logs` names the logs to check
    /// and the logs folded with checkpoints (each with its folder).
    package init(
        name: String,
        prepare: @escaping @Sendable (_ root: String) throws -> Void,
        run: @escaping @Sendable (_ root: String, _ recorder: RecordingFileOperations) throws -> Void,
        logs: @escaping @Sendable (_ root: String) -> (logs: [String], checkpointed: [(log: String, folder: String)])
    ) {
        self.name = name
        self.prepare = prepare
        self.run = run
        self.logs = logs
    }
    /// Writes the files present before it starts, under `root`.
    var prepare: @Sendable (_ root: String) throws -> Void
    /// Does the recorded work under `root`, marking what it acknowledges on `recorder`.
    var run: @Sendable (_ root: String, _ recorder: RecordingFileOperations) throws -> Void
    /// The logs to verify and repair, and the logs folded with checkpoints (log, folder), under `root`.
    var logs: @Sendable (_ root: String) -> (logs: [String], checkpointed: [(log: String, folder: String)])

    /// Every workload: the first append to a new log, single appends, batches, a repair,
    /// writing checkpoints, and a sync of a stream.
    package static let all: [CrashWorkload] = [firstAppend, singleAppends, batches, repair, checkpoints, streamSync]

    static func logPath(_ root: String) -> String { root + "/log.jsonl" }

    /// Appends `events` as one batch (or one event) and marks it acknowledged.
    static func append(_ events: [Event], to log: FileEventLog, recorder: RecordingFileOperations, label: String) throws {
        _ = try log.append(events)
        recorder.acknowledge(path: log.path, label: label)
    }

    /// Writes `events` to a new log at `path` without recording (a durable starting point).
    static func seed(_ path: String, _ batches: [[Event]]) throws {
        let log = try FileEventLog(path: path)
        for batch in batches { _ = try log.append(batch) }
    }

    static let firstAppend = CrashWorkload(
        name: "first append to a new log",
        prepare: { _ in },
        run: { root, recorder in
            let log = try FileEventLog(path: logPath(root), operations: recorder)
            try append([WorkloadEvents.event(1)], to: log, recorder: recorder, label: "event 1")
        },
        logs: { root in ([logPath(root)], []) })

    static let singleAppends = CrashWorkload(
        name: "single appends",
        prepare: { root in try seed(logPath(root), [[WorkloadEvents.event(1)], [WorkloadEvents.event(2)]]) },
        run: { root, recorder in
            let log = try FileEventLog(path: logPath(root), operations: recorder)
            for number in 3...5 {
                try append([WorkloadEvents.event(number)], to: log, recorder: recorder, label: "event \(number)")
            }
        },
        logs: { root in ([logPath(root)], []) })

    static let batches = CrashWorkload(
        name: "batches",
        prepare: { root in try seed(logPath(root), [[WorkloadEvents.event(1)]]) },
        run: { root, recorder in
            let log = try FileEventLog(path: logPath(root), operations: recorder)
            try append(WorkloadEvents.events(2...5), to: log, recorder: recorder, label: "batch 2–5")
            try append(WorkloadEvents.events(6...8), to: log, recorder: recorder, label: "batch 6–8")
            // A night's HealthKit delivery: 12 lines, several sectors.
            try append(WorkloadEvents.events(9...20), to: log, recorder: recorder, label: "batch 9–20")
        },
        logs: { root in ([logPath(root)], []) })

    static let repair = CrashWorkload(
        name: "repair of a torn tail",
        prepare: { root in
            try seed(logPath(root), [WorkloadEvents.events(1...3)])
            // A batch cut short by a crash: its first line whole, its second half written.
            let sound = FileManager.default.contents(atPath: logPath(root)) ?? Data()
            let scratch = root + "/scratch.jsonl"
            try seed(scratch, [WorkloadEvents.events(1...3), WorkloadEvents.events(4...6)])
            let whole = FileManager.default.contents(atPath: scratch) ?? Data()
            try FileManager.default.removeItem(atPath: scratch)
            let torn = whole.prefix(sound.count + (whole.count - sound.count) / 2)
            guard FileManager.default.createFile(atPath: logPath(root), contents: torn, attributes: [.posixPermissions: 0o600]) else {
                throw CrashExplorerError("could not write the torn log")
            }
        },
        run: { root, recorder in
            _ = try FileEventLog.repair(path: logPath(root), operations: recorder)
            recorder.acknowledge(path: logPath(root), label: "repaired")
            let log = try FileEventLog(path: logPath(root), operations: recorder)
            try append(WorkloadEvents.events(4...5), to: log, recorder: recorder, label: "batch 4–5 after repair")
        },
        logs: { root in ([logPath(root)], []) })

    static let checkpoints = CrashWorkload(
        name: "writing checkpoints",
        prepare: { root in try seed(logPath(root), [WorkloadEvents.events(1...4), [WorkloadEvents.event(5)], WorkloadEvents.events(6...9)]) },
        run: { root, recorder in
            let folder = CheckpointFolder(path: CheckpointFolder.defaultPath(forLogAt: logPath(root)), operations: recorder)
            _ = try CheckpointedFold.writeCheckpoints(.file(path: logPath(root)), into: folder)
            let log = try FileEventLog(path: logPath(root), operations: recorder)
            try append(WorkloadEvents.events(10...12), to: log, recorder: recorder, label: "batch 10–12")
            _ = try CheckpointedFold.writeCheckpoints(.file(path: logPath(root)), into: folder)
        },
        logs: { root in ([logPath(root)], [(logPath(root), CheckpointFolder.defaultPath(forLogAt: logPath(root)))]) })

    static let streamSync = CrashWorkload(
        name: "sync of a stream",
        prepare: { root in
            try FileManager.default.createDirectory(atPath: root + "/phone", withIntermediateDirectories: true)
            try seed(root + "/phone/phone.jsonl", [WorkloadEvents.events(1...2, tag: "phone")])
        },
        run: { root, recorder in
            // The watch's own set lives outside the crash (another device).
            let watchRoot = root + ".watch"
            try? FileManager.default.removeItem(atPath: watchRoot)
            try FileManager.default.createDirectory(atPath: watchRoot, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: watchRoot) }
            guard let watch = StreamName("watch"), let phone = StreamName("phone") else { throw CrashExplorerError("stream names") }
            let watchSet = LogSetDirectory(path: watchRoot)
            let phoneSet = LogSetDirectory(path: root + "/phone")
            try seed(watchSet.path(of: watch), [WorkloadEvents.events(1...3, tag: "watch"), [WorkloadEvents.event(4, tag: "watch")]])
            let first = try StreamSync.lines(of: watch, in: watchSet, after: 0).lines
            _ = try StreamSync.receive(first, into: phoneSet, ownStream: phone, operations: recorder)
            recorder.acknowledge(path: phoneSet.path(of: watch), label: "watch 1–4 received")
            _ = try FileEventLog(path: watchSet.path(of: watch)).append(WorkloadEvents.events(5...7, tag: "watch"))
            let second = try StreamSync.lines(of: watch, in: watchSet, after: first.lines.count).lines
            _ = try StreamSync.receive(second, into: phoneSet, ownStream: phone, operations: recorder)
            recorder.acknowledge(path: phoneSet.path(of: watch), label: "watch 5–7 received")
        },
        logs: { root in ([root + "/phone/phone.jsonl", root + "/phone/watch.jsonl"], []) })
}

/// A workload that could not run.
package struct CrashExplorerError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
